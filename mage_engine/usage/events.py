"""Appending usage events (the write half of metrics.py): light enough for the hint hook.

`record_usage` appends one line to `.mage/metrics.events.jsonl` (hints, recalls);
`record_opened` (`mage show`) and `record_accepted` (grooming) name their kind.
Readers fold the lines (metrics.load_metrics). Kept apart from the folding so a
hook that records a hint imports this file and nothing of the readers.
"""

from mage_engine.base import fastjson, fs
from mage_engine.kb.layout import METRICS_EVENTS_FILE
from mage_engine.trail.session_state import session_chapter

KINDS = ("hinted", "recalled", "opened", "accepted")


def record_usage(kb, event: str, note_ids, session: str | None = None, chapter=None) -> None:
    """Append one usage event; never raises (metrics must not cost the user anything)."""
    from mage_engine.kb.atomic import append_line
    from mage_engine.kb.probe import is_probe_session

    ids = [str(i) for i in note_ids]
    if event not in KINDS or not ids or is_probe_session(session):
        return
    from mage_engine.trail.session_files import utc_stamp

    line = fastjson.dumps({"ts": utc_stamp(), "event": event, "ids": ids,
                           "session": session, "chapter": chapter}, ensure_ascii=False, separators=(",", ":"))
    try:
        append_line(kb.at(METRICS_EVENTS_FILE), line)
    except OSError:
        pass


def events_path(kb):
    """Where hooks and commands append usage events."""
    return kb.path_of(METRICS_EVENTS_FILE)


def record_opened(kb, note_ids) -> None:
    """A person or the agent printed the notes (`mage show`): they count as opened."""
    session = _agent_session()
    record_usage(kb, "opened", note_ids, session, session_chapter(kb, session))


def record_accepted(kb, note_ids) -> None:
    """Grooming accepted or merged into these notes (their accepted-at time)."""
    record_usage(kb, "accepted", note_ids)


def _agent_session() -> str | None:
    """The Claude Code session a command runs in (its shell has CLAUDE_CODE_SESSION_ID), if any."""
    return fs.getenv("CLAUDE_CODE_SESSION_ID") or None
