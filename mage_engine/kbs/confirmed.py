"""A `kbs:` folder outside the project is read only once a person confirmed it on this machine.

`kbs:` lives in mage/config.yaml, which is committed: a cloned repository could
list `../payroll-infra` or `~/src/other-client` and have every session of its own
project read that knowledge base's standing rules and hints (and its hooks write
that KB's index), before the person knew the key existed. So a listed KB outside
the project's folder is searched only when `.mage/state/kbs-confirmed` (never
committed) names its real path, beside this project folder's device and inode
(kb/autonomy_confirm.py: a file committed elsewhere cannot know them). `mage kbs
--confirm` (a person only) writes it; until then `mage status`, `mage kbs` and
`mage doctor` say which are waiting. A KB inside the project's own folder is the
repository's own files, and needs none.
"""

from mage_engine.base import fs
from mage_engine.kb.layout import KBS_CONFIRMED_FILE

MAX_BYTES = 64 * 1024
# What `mage status`, `mage kbs` and `mage doctor` say of a listed KB waiting for a person.
WAITING = ("kbs: {path} is outside this project, so it is not read until you confirm it on this machine: "
           "`mage kbs --confirm` (a cloned config can name any folder here)")


def needs_confirming(kb, top: str) -> bool:
    """Whether the KB at real path `top` lies outside the project's folder."""
    root = fs.realpath(kb.top)
    return top != root and not top.startswith(root.rstrip("/") + "/")


def confirmed_tops(kb) -> frozenset:
    """The real paths of the KBs a person confirmed for this project folder on this machine."""
    from mage_engine.kb import guard
    from mage_engine.kb.autonomy_confirm import folder_key

    try:
        lines = guard.read_bytes(kb.at(KBS_CONFIRMED_FILE), MAX_BYTES).decode("utf-8", "replace").splitlines()
        if not lines or lines[0] != folder_key(kb):
            return frozenset()
    except OSError:
        return frozenset()
    return frozenset(line for line in lines[1:] if line)


def confirm(kb, tops) -> None:
    """Record that a person confirmed the KBs at `tops` (real paths) for this project, on this machine."""
    import os

    from mage_engine.kb.atomic import write_text_atomic
    from mage_engine.kb.autonomy_confirm import folder_key

    path = kb.at(KBS_CONFIRMED_FILE)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    kept = sorted(set(confirmed_tops(kb)) | set(tops))
    write_text_atomic(path, "".join(f"{line}\n" for line in [folder_key(kb), *kept]))
