"""mage/dismissed.jsonl: maintenance proposals a person said no to, so they never come back.

Kept like rejections (grooming/rejected.py): committed, one JSON object per
line, rewritten whole inside a transaction, so a teammate's `mage maintain`
stays quiet about what was already decided.
"""

import json

from mage_engine.kb.jsonfiles import MAX_LINES_BYTES, read_objects
from mage_engine.kb import guard

DISMISSED_FILE = "mage/dismissed.jsonl"


def dismissed_keys(kb) -> dict:
    return {e["key"]: e for e in read_objects(kb.root / DISMISSED_FILE) if isinstance(e.get("key"), str)}


def dismiss(kb, keys: list[str], reason: str = "", actor: str | None = None) -> dict:
    """Remember `keys` as dismissed (one transaction); {"dismissed": [...], "written": [...]}."""
    from mage_engine.grooming import autonomy
    from mage_engine.grooming.git_hint import git_command
    from mage_engine.kb.clock import utc_now
    from mage_engine.kb.lock import kb_lock
    from mage_engine.kb.transaction import Transaction
    from mage_engine.scrub import scrub

    from mage_engine.kb.config import load_config

    with kb_lock(kb):
        autonomy.require("dismiss", load_config(kb).autonomy, actor)
        known = dismissed_keys(kb)
        new = [k for k in dict.fromkeys(keys) if k not in known]
        entries = [{"key": k, "reason": scrub(reason or ""), "at": utc_now(), "by": actor or autonomy.current_actor()}
                   for k in new]
        if entries:
            tx = Transaction(kb)
            tx.write(kb.root / DISMISSED_FILE, _text(kb) + "".join(
                json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in entries))
            tx.commit()
    return {"dismissed": new, "already": [k for k in keys if k in known], "written": [DISMISSED_FILE] if new else [],
            "git_command": git_command([DISMISSED_FILE], "mage: dismiss maintenance proposals") if new else None}


def _text(kb) -> str:
    try:
        existing = guard.read_text(kb.root / DISMISSED_FILE, MAX_LINES_BYTES)
    except FileNotFoundError:
        return ""
    return existing if not existing or existing.endswith("\n") else existing + "\n"
