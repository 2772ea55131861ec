"""An autonomy above the default takes effect for the agent only once a person confirmed it on this machine.

`autonomy:` lives in mage/config.yaml, which is committed: a cloned repository
could say `autonomy: overseer` and let the agent accept its own drafts into
notes before the person knew the dial existed. So a level above `operator` is
in force only when `.mage/state/autonomy-confirmed` (never committed) names
it, together with this project folder's device and inode, which a file
committed elsewhere cannot know. `mage dial autonomy LEVEL` (a person only)
writes that confirmation; until then the configuration reads as `operator`,
with a warning that `mage status`, `mage doctor` and `mage dial` print.
"""

import os

from mage_engine.kb.layout import AUTONOMY_CONFIRMED_FILE

DEFAULT = "operator"


def folder_key(kb) -> str:
    """This project folder's identity on this machine: `device:inode`."""
    stat = os.stat(kb.root)
    return f"{stat.st_dev}:{stat.st_ino}"


def is_confirmed(kb, level: str) -> bool:
    """Whether `level` is in force: the default always is, a higher one once confirmed here."""
    if level == DEFAULT:
        return True
    from mage_engine.kb import guard

    try:
        text = guard.read_bytes(kb.at(AUTONOMY_CONFIRMED_FILE), 256).decode("utf-8", "replace").split()
        return text == [level, folder_key(kb)]
    except OSError:
        return False


def confirm(kb, level: str) -> None:
    """Record that a person set autonomy `level` on this machine (the default needs no record)."""
    from mage_engine.kb.atomic import remove, write_text_atomic

    path = kb.at(AUTONOMY_CONFIRMED_FILE)
    if level == DEFAULT:
        remove(path)
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_text_atomic(path, f"{level} {folder_key(kb)}\n")


def in_force(kb, config):
    """`config` with an unconfirmed autonomy read as the default, and a warning saying how to confirm it."""
    level = config.autonomy
    if level != DEFAULT and not is_confirmed(kb, level):
        config.autonomy = DEFAULT
        config.warnings.append(
            f"autonomy '{level}' in mage/config.yaml is not confirmed on this machine, so the agent acts at "
            f"'{DEFAULT}'; a person confirms it with `mage dial autonomy {level}` (docs/trust.md)")
    return config
