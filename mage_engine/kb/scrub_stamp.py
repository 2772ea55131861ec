"""Which scrub rules `.mage/` was last scrubbed under: `.mage/state/scrub-version`.

`mage init` stamps a new KB with today's rules, a re-scrub (grooming/rescrub.py)
with the rules it applied; every hook compares the stamp with the installed
rules (events/dispatch.py reads it inline: one small read) and, when they
differ, starts a background re-scrub (grooming/rescrub_due.py).
"""

from mage_engine.kb import guard
from mage_engine.kb.layout import SCRUB_VERSION_FILE


def stamped_version(kb) -> int | None:
    """The version in the stamp, or None when there is none (or it is unreadable)."""
    try:  # through the guard: a link or FIFO planted as the stamp is refused, never followed or waited on
        return int(guard.read_bytes(kb.at(SCRUB_VERSION_FILE), 64).strip() or b"0")
    except (OSError, ValueError):
        return None


def write_stamp(kb, version: int) -> None:
    """Record that `.mage/` now holds nothing scrubbed under rules older than `version`."""
    from mage_engine.kb.atomic import write_text_atomic  # the hook path stamps only when nothing was captured

    write_text_atomic(kb.at(SCRUB_VERSION_FILE), f"{version}\n")
