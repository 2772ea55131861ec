"""One trail line per hooked event (trail lines: docs/capture.md), chapters, folding.

`capture_event(kb, event, payload)` is what the capture handler (events/handlers.py)
calls for SessionStart, UserPromptSubmit, PostToolUse, PostToolUseFailure,
PreCompact, PostCompact, Stop, SubagentStop and SessionEnd. On Stop and
PreCompact it first folds the transcript's closed turns into the trail.
Everything is scrubbed before it touches disk. It returns what it captured,
with what asks to be staged (a prompt that asks to keep something, the host's
compaction summary): staging is grooming's (grooming/autostage.py), one layer
up. Kept lean: no yaml, no tantivy, and the transcript parser is imported only
when a fold runs.
"""

from mage_engine.base.plainrecord import PlainRecord
from mage_engine.capture.boundary import assign_chapter
from mage_engine.hosts.claude_code import payload as host
from mage_engine.hosts.claude_code.event_fields import event_fields
from mage_engine.trail.session_state import SessionLock, load_state, save_state
from mage_engine.trail.session_files import append_record, session_stem, utc_stamp

FOLD_EVENTS = ("Stop", "PreCompact")


class Captured(PlainRecord):
    """What one event added to the trail, and what of it asks to be staged as a draft."""

    FIELDS = ("record", "request", "summaries")

    def __init__(self, record: dict, request: tuple | None = None, summaries: list | None = None):
        self.record = record
        self.request = request  # (the prompt, its chapter id): it asks, in so many words, to keep something
        self.summaries = [] if summaries is None else summaries  # [(chapter id, the host summary's items)]

    @property
    def to_stage(self) -> bool:
        return bool(self.request or self.summaries)


def capture_event(kb, event: str, payload: dict, config=None, log=None) -> Captured | None:
    """Append the event's trail line (folding the transcript first on Stop/PreCompact).

    `config` is a callable returning the Config, called only when needed
    (default: the KB's config through its JSON cache); `log(message)` takes what
    went wrong (default: .mage/errors.log). Returns what was captured, or None
    when the payload names no session.
    """
    config = config or (lambda: _cached_config(kb))
    log = log or (lambda message: _log(kb, event, message))
    session = host.session_id(payload)
    if session is None:
        log("capture: payload has no session_id; event not captured")
        return None
    stem = session_stem(session)
    sub = host.is_subagent(event, payload)
    record = {"ts": "", "session": session[:200], "event": event, "chapter": 0, "sub": sub}
    record.update(event_fields(event, payload, kb.top))
    summaries = []
    with SessionLock(kb, stem) as lock:
        state = load_state(kb, stem)
        before = dict(state)
        folded = False
        if event in FOLD_EVENTS and host.transcript_path(payload) and lock.held:
            folded, summaries = _fold_quietly(kb, stem, session, host.transcript_path(payload), state, config, log)
        record["ts"], record["chapter"] = utc_stamp(), assign_chapter(state, event, payload, sub)
        append_record(kb, stem, record, rotate=lock.held)  # ts set late: file order is time order
        if folded:  # only a finished fold moves the mark: what a failed or killed one left lies past it
            state["mark"] = trail_mark(kb, stem)
        if state != before:
            save_state(kb, stem, state)
    if not lock.held:
        log(f"capture: session lock busy for {stem}; line written without it")
    request = None
    if event == "SessionStart":
        _prune_quietly(kb, config, log)
    elif event == "UserPromptSubmit" and not sub:
        request = _request(record)
    elif record.get("summary") and event in ("PostCompact", "SubagentStop"):
        summaries.append((f"{record['session']}:{max(1, record['chapter'] - 1)}", record["summary"]))
    return Captured(record, request, summaries)


def _fold_quietly(kb, stem, session, transcript, state, config, log) -> tuple:
    """Fold the transcript (only with the session lock held: it guards the offset); a failure
    is logged and never stops the event's own line. Returns (finished, the host summaries read)."""
    summaries, finished, before = [], False, dict(state)
    try:
        from mage_engine.capture.transcript_fold import fold_transcript

        min_chars = config().capture_min_chars
        notes, summaries = fold_transcript(kb, stem, session, transcript, state, min_chars)
        finished = True
    except Exception as error:
        state.clear()
        state.update(before)  # as if it never ran: the next fold reads the same lines, its records dedupe
        notes = [f"transcript fold failed: {type(error).__name__}: {error}"]
    for note in notes:
        log(f"capture: {note}")
    return finished, summaries


def trail_mark(kb, stem: str):
    from mage_engine.capture.fold_once import trail_mark as mark

    return mark(kb, stem)


def _request(record: dict) -> tuple | None:
    """(prompt, chapter id) when the prompt may ask to keep something; grooming/autostage.py decides."""
    from mage_engine.capture.requests import KEYWORDS

    prompt = record.get("prompt") or ""
    lowered = prompt[:1500].lower()
    if not any(keyword in lowered for keyword in KEYWORDS):
        return None  # nearly every prompt: nothing more is imported
    return prompt, f"{record['session']}:{record['chapter']}"


def _prune_quietly(kb, config, log) -> None:
    try:
        from mage_engine.trail.retention import maybe_prune

        maybe_prune(kb, config())
    except Exception as error:
        log(f"capture: pruning failed: {type(error).__name__}: {error}")


def _cached_config(kb):
    from mage_engine.kb.config import load_config_cached

    return load_config_cached(kb)


def _log(kb, event: str, message: str) -> None:
    from mage_engine.kb.errors_log import log_error

    log_error(kb, event, message)
