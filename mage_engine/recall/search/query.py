"""`mage recall`: search the notes, record what was recalled (docs/recall.md#mage-recall, docs/recall.md#usage-metrics).

The best hit counts as *recalled* (usage metrics, graduation evidence), and so
does every other hit whose score clears `hint.min_score` (the bar a hint must
clear), so the tail of weak matches a search lists does not look used. When the agent runs the command
inside a Claude Code session (`CLAUDE_CODE_SESSION_ID` is set), the session
and its current chapter are recorded with it.
"""

import os

from mage_engine.recall.search.bm25 import search


def recall(kb, query: str, limit: int = 10, record: bool = True) -> list[dict]:
    """The best `limit` notes and skills for `query` as dicts (score, id, title, summary,
    path, kind, source, bm25), best first. Rebuilds an unreadable index first."""
    from mage_engine.kb.config import load_config_cached

    hits = search(kb, query, limit=limit, repair=True)
    if record and hits and hits[0].score > 0:
        floor = load_config_cached(kb).hint_min_score
        _record(kb, [hits[0].id] + [h.id for h in hits[1:] if h.score >= floor])
    return [h.to_dict() for h in hits]


def _record(kb, note_ids: list) -> None:
    from mage_engine.trail.session_state import session_chapter
    from mage_engine.usage.events import record_usage

    session = os.environ.get("CLAUDE_CODE_SESSION_ID") or None
    record_usage(kb, "recalled", note_ids, session, session_chapter(kb, session))
