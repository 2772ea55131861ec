"""mage/rejected.jsonl: fingerprints (and signatures) that never come back.

One JSON object per line, in the order rejected. Rewritten whole (atomically,
inside the reject transaction) rather than appended, so a crash can never
leave half a line in a committed file.
"""

import json

from mage_engine.kb.jsonfiles import MAX_LINES_BYTES, read_objects
from mage_engine.kb import guard
from mage_engine.kb.layout import KB


def read_rejections(kb: KB) -> list[dict]:
    """Every rejection on record; unreadable lines are skipped."""
    return read_objects(kb.rejected_path)


def rejected_fingerprints(kb: KB) -> dict:
    """fingerprint -> the rejection entry."""
    return {e["fingerprint"]: e for e in read_rejections(kb) if e.get("fingerprint")}


def rejected_signatures(kb: KB) -> dict:
    """recurrence signature -> the rejection entry."""
    return {e["signature"]: e for e in read_rejections(kb) if e.get("signature")}


def rejections_text(kb: KB, new_entries: list[dict]) -> str:
    """The file's new text: the existing lines plus `new_entries`, one per line."""
    try:
        existing = guard.read_text(kb.rejected_path, MAX_LINES_BYTES)
    except FileNotFoundError:
        existing = ""
    except UnicodeDecodeError:
        existing = guard.read_bytes(kb.rejected_path, MAX_LINES_BYTES).decode("utf-8", "replace")
    if existing and not existing.endswith("\n"):
        existing += "\n"
    added = "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in new_entries)
    return existing + added
