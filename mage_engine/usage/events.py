"""Appending usage events (the write half of metrics.py): light enough for the hint hook.

`record_usage` appends one line to `.mage/metrics.events.jsonl`; readers fold
them (metrics.load_metrics). Kept apart from the folding so a hook that records
a hint imports this file and nothing of the readers.
"""

from mage_engine.base import fastjson
from mage_engine.kb.layout import SCRATCH_DIR, STATE_DIR

KINDS = ("hinted", "recalled", "opened", "accepted")
EVENTS_FILE = "metrics.events.jsonl"  # in .mage/


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
        append_line(kb.at(SCRATCH_DIR, EVENTS_FILE), line)
    except OSError:
        pass


def session_chapter(kb, session_id: str | None):
    """The session's current chapter ordinal, from the capture state file, or None."""
    if not session_id:
        return None
    try:
        from mage_engine.trail.session_files import session_stem

        from mage_engine.kb.jsonfiles import read_object  # through the guard: no link, no FIFO

        return int(read_object(kb.at(STATE_DIR, "sessions", f"{session_stem(session_id)}.json")).get("chapter"))
    except Exception:
        return None
