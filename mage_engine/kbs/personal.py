"""The personal KB: a person's own lessons, read beside every project's.

It lives in the XDG data home (`$XDG_DATA_HOME/mage`, `~/.local/share/mage`
when that is unset), or wherever MAGE_PERSONAL_KB says. It is an ordinary KB
folder (mage/ committed, .mage/ scratch): make it a git repository and push it
to a remote of your own, and it follows you across machines.

On the hook path: str paths and base/fs only (no os), and one stat to learn that there is
no personal KB (the common case costs nothing more).
"""

from mage_engine.base import fs
from mage_engine.kb.layout import CONFIG_FILE

LABEL = "personal"
ENV = "MAGE_PERSONAL_KB"


def personal_top(environ=None) -> str:
    """Where the personal KB is (or would be), as an absolute str path."""
    environ = fs.environ() if environ is None else environ
    named = environ.get(ENV)
    if named:
        return fs.abspath(fs.expanduser(named))
    data_home = environ.get("XDG_DATA_HOME") or fs.join(fs.expanduser("~"), ".local", "share")
    return fs.join(fs.abspath(fs.expanduser(data_home)), "mage")


def personal_kb(environ=None):
    """The personal KB when one was made (`mage init --personal`), else None: one stat."""
    top = personal_top(environ)
    if not fs.isfile(fs.join(top, CONFIG_FILE)):
        return None
    from mage_engine.kb.layout import KB

    return KB(fs.realpath(top))


def require_personal_kb():
    """The personal KB, or a one-line error saying how to make one."""
    from mage_engine.base.errors import KBNotFound

    kb = personal_kb()
    if kb is None:
        raise KBNotFound(f"no personal knowledge base at {personal_top()}",
                         "run `mage init --personal` (or point MAGE_PERSONAL_KB at one)")
    return kb


def init_personal():
    """Create the personal KB (idempotent): the InitResult of kb/init.py."""
    from pathlib import Path

    from mage_engine.kb.init import init_kb

    return init_kb(Path(personal_top()))
