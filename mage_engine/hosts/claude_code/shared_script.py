"""`.claude/hooks/mage-hook`: the project script the shared settings run, on any teammate's machine.

Written (executable) before connect's journaled step, so the settings never
name a script that is not there; a crash before that step only leaves the
script behind, and disconnect removes it: mage knows its own script by its
first lines, never by its name alone (a project's own `.claude/hooks/mage-hook`
is left alone, and connect refuses to overwrite it).
"""

import os

from mage_engine.base.errors import MageError
from mage_engine.hosts.claude_code.launcher import SHARED_SCRIPT
from mage_engine.hosts.claude_code.launcher_script import SCRIPT, is_mage_script
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.layout import KB


def script_path(kb: KB):
    return kb.root / SHARED_SCRIPT


def write_script(kb: KB, change) -> set:
    """Write or refresh the script; returns the paths it created (for disconnect to remove)."""
    path, created = script_path(kb), set()
    current = _read(path)
    if current is not None and not is_mage_script(current):
        raise MageError(f"{SHARED_SCRIPT} exists and is not mage's launcher; mage left it untouched",
                        "rename it, then run `mage connect claude-code --shared` again")
    if not path.parent.is_dir():
        created.add(SHARED_SCRIPT.rsplit("/", 1)[0])
    if current != SCRIPT:
        write_text_atomic(path, SCRIPT)
        change.did(f"{'updated' if current else 'created'} {SHARED_SCRIPT} (commit it with .claude/settings.json)")
    if current is None:
        created.add(SHARED_SCRIPT)
    if os.stat(path).st_mode & 0o111 != 0o111:
        os.chmod(path, os.stat(path).st_mode | 0o755)
    return created


def is_current_script(kb: KB) -> bool:
    """Whether the shared script is a regular file holding exactly the script this mage writes: the
    only form of it `mage doctor` runs (a clone commits it, and a file that only starts as mage's may
    hold anything after)."""
    import stat

    path = script_path(kb)
    try:
        return stat.S_ISREG(os.lstat(path).st_mode) and path.read_bytes() == SCRIPT.encode("utf-8")
    except OSError:
        return False


def plan_script_removal(kb: KB, plan, change) -> None:
    """Remove the script when it is mage's (by its content)."""
    current = _read(script_path(kb))
    if current is not None and is_mage_script(current):
        plan.delete(script_path(kb))
        change.did(f"removed {SHARED_SCRIPT}")


def _read(path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except FileNotFoundError:
        return None
