"""`mage status`: what this KB holds and how it is wired, in one look.

A part that fails (an unreadable trail, a broken settings file) is reported as
unknown rather than failing the whole status.
"""

from mage_engine.grooming import backlog
from mage_engine.kb.config import load_config
from mage_engine.kb.layout import KB
from mage_engine.kb.skills import count_skills, skill_problems


def kb_status(kb: KB) -> dict:
    """Counts, dials and wiring of `kb` as a JSON-ready dict."""
    from mage_engine.grooming import catalog

    config = load_config(kb)
    return {
        "kb": str(kb.root),
        "notes": len(catalog.light_notes(kb)),  # readable notes: the count `mage doctor` gives too
        "unreadable_notes": len(catalog.note_problems(kb)),
        "drafts": backlog.count_drafts(kb),
        "skills": count_skills(kb),  # readable skills, as `mage doctor` counts them
        "chapters": _optional(_chapter_count, kb),
        "candidates": backlog.count_candidates(kb),
        "dials": {"sensitivity": config.sensitivity, "autonomy": config.autonomy, "K": config.k, "M": config.m},
        "last_capture": _optional(_last_capture, kb),
        "hooks": _optional(_hooks_wired, kb),
        "injections": _optional(_ledger, kb),
        "memory_md": _memory_cost(kb),
        "warnings": config.warnings + skill_problems(kb),  # a linked skill is refused, and said so
    }


def _optional(reader, kb):
    try:
        return reader(kb)
    except Exception as error:
        return {"error": str(error)}


def _chapter_count(kb: KB):
    from mage_engine.trail.chapters import list_chapters

    return len(list_chapters(kb))


def _last_capture(kb: KB):
    files = [p for p in kb.learnings_dir.glob("*.jsonl")]
    if not files:
        return None
    newest = max(files, key=lambda p: p.stat().st_mtime)
    import datetime as dt

    stamp = dt.datetime.fromtimestamp(newest.stat().st_mtime, dt.timezone.utc)
    return stamp.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _hooks_wired(kb: KB):
    from mage_engine.hosts.claude_code.inspect import wiring_summary

    return wiring_summary(kb)


def _memory_cost(kb: KB) -> dict | None:
    """What mage/MEMORY.md costs at launch against Claude Code's 200-line / 25 KB load."""
    try:
        from mage_engine.kb import guard

        data = guard.read_bytes(kb.memory_md, 64 * 1024 * 1024)
    except OSError:
        return None
    return {"lines": data.count(b"\n"), "bytes": len(data), "host_lines": 200, "host_bytes": 25_000}


def _ledger(kb: KB):
    from mage_engine.usage.ledger import summarise_ledger

    return summarise_ledger(kb)
