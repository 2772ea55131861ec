"""`mage recall`: search the notes, record what was recalled (docs/recall.md#mage-recall, docs/recall.md#usage-metrics).

The best hit counts as *recalled* (usage metrics, graduation evidence), and so
does every other hit whose score clears `hint.min_score` (the bar a hint must
clear), so the tail of weak matches a search lists does not look used. When the agent runs the command
inside a Claude Code session (`CLAUDE_CODE_SESSION_ID` is set), the session
and its current chapter are recorded with it.
"""

import os

from mage_engine.recall.search.bm25 import search  # noqa: F401  (what this module searched with before kbs/)


def recall(kb, query: str, limit: int = 10, record: bool = True, warnings: list | None = None) -> list[dict]:
    """The best `limit` notes and skills for `query` as dicts (score, id, title, summary,
    path, kind, source, bm25, kb), best first, from this KB and those read beside it (kbs/);
    an other KB left out is said in `warnings`. Rebuilds an unreadable index first."""
    from mage_engine.kb.config import load_config_cached
    from mage_engine.recall.search.across_recall import recall_hits

    config = load_config_cached(kb)
    hits = recall_hits(kb, config, query, limit, warnings)  # the project's, and the personal and `kbs:` KBs' (kbs/)
    own = [h for h in hits if not h.elsewhere]
    if record and own and own[0].score > 0:
        _record(kb, [own[0].id] + [h.id for h in own[1:] if h.score >= config.hint_min_score])
    return [h.to_dict() | {"kb": h.kb} for h in hits]


def _record(kb, note_ids: list) -> None:
    from mage_engine.trail.session_state import session_chapter
    from mage_engine.usage.events import record_usage

    session = os.environ.get("CLAUDE_CODE_SESSION_ID") or None
    record_usage(kb, "recalled", note_ids, session, session_chapter(kb, session))
