"""The capture hook: one trail line per hooked event (SPEC 3.1), chapters (3.3), folding (3.2).

`handle(ctx)` is what `mage-hook` calls for SessionStart, UserPromptSubmit,
PostToolUse, PostToolUseFailure, PreCompact, PostCompact, Stop, SubagentStop
and SessionEnd. It returns None: capture never injects context. On Stop and
PreCompact it first folds the transcript's closed turns into the trail.
Everything is scrubbed before it touches disk. Kept lean: no yaml, no
tantivy, and the transcript parser is imported only when a fold runs.
"""

from mage_engine.capture.boundary import assign_chapter, is_sub
from mage_engine.hosts.claude_code.event_fields import event_fields
from mage_engine.trail.session_state import SessionLock, load_state, save_state
from mage_engine.trail.session_files import append_record, session_stem, utc_stamp

FOLD_EVENTS = ("Stop", "PreCompact")


def handle(ctx) -> None:
    """Dispatcher entry point: capture ctx.event's payload into ctx.kb's trail."""
    capture_event(ctx.kb, ctx.event, ctx.payload, config=lambda: ctx.config)


def capture_event(kb, event: str, payload: dict, config=None) -> dict | None:
    """Append the event's trail line (folding the transcript first on Stop/PreCompact).

    `config` is a callable returning the Config, called only when needed
    (default: the KB's config through its JSON cache). Returns the record
    written, or None when the payload names no session.
    """
    config = config or (lambda: _cached_config(kb))
    session = payload.get("session_id")
    if not isinstance(session, str) or not session.strip():
        _log(kb, event, "capture: payload has no session_id; event not captured")
        return None
    stem = session_stem(session)
    sub = is_sub(event, payload)
    record = {"ts": "", "session": session[:200], "event": event, "chapter": 0, "sub": sub}
    record.update(event_fields(event, payload, kb.top))
    summaries = []
    with SessionLock(kb, stem) as lock:
        state = load_state(kb, stem)
        before = dict(state)
        folded = False
        if event in FOLD_EVENTS and payload.get("transcript_path") and lock.held:
            folded, summaries = _fold_quietly(kb, event, stem, session, payload, state, config)
        record["ts"], record["chapter"] = utc_stamp(), assign_chapter(state, event, payload, sub)
        append_record(kb, stem, record, rotate=lock.held)  # ts set late: file order is time order
        if folded:  # only a finished fold moves the mark: what a failed or killed one left lies past it
            state["mark"] = trail_mark(kb, stem)
        if state != before:
            save_state(kb, stem, state)
    if not lock.held:
        _log(kb, event, f"capture: session lock busy for {stem}; line written without it")
    if event == "SessionStart":
        _prune_quietly(kb, event, config)
    elif event == "UserPromptSubmit" and not sub:
        _stage_request_quietly(kb, event, record)
    elif record.get("summary") and event in ("PostCompact", "SubagentStop"):
        summaries.append((f"{record['session']}:{max(1, record['chapter'] - 1)}", record["summary"]))
    if summaries:
        _stage_summaries_quietly(kb, event, summaries)
    return record


def _fold_quietly(kb, event, stem, session, payload, state, config) -> tuple:
    """Fold the transcript (only with the session lock held: it guards the offset); a failure
    is logged and never stops the event's own line. Returns (finished, the host summaries read)."""
    summaries, finished, before = [], False, dict(state)
    try:
        from mage_engine.capture.transcript_fold import fold_transcript

        min_chars = config().capture_min_chars
        notes, summaries = fold_transcript(kb, stem, session, payload["transcript_path"], state, min_chars)
        finished = True
    except Exception as error:
        state.clear()
        state.update(before)  # as if it never ran: the next fold reads the same lines, its records dedupe
        notes = [f"transcript fold failed: {type(error).__name__}: {error}"]
    for note in notes:
        _log(kb, event, f"capture: {note}")
    return finished, summaries


def trail_mark(kb, stem: str):
    from mage_engine.capture.fold_once import trail_mark as mark

    return mark(kb, stem)


def _stage_summaries_quietly(kb, event, summaries: list) -> None:
    """The host's compaction summary items worth a draft are staged (autostage.py), outside the lock."""
    try:
        from mage_engine.grooming.autostage import stage_summary

        for chapter_id, items in summaries:
            stage_summary(kb, items, chapter_id)
    except Exception as error:
        _log(kb, event, f"capture: staging the host's summary failed: {type(error).__name__}: {error}")


def _stage_request_quietly(kb, event, record: dict) -> None:
    """A prompt that asks to keep something is staged as a draft at once (autostage.py)."""
    from mage_engine.capture.requests import KEYWORDS

    prompt = record.get("prompt") or ""
    lowered = prompt[:1500].lower()
    if not any(keyword in lowered for keyword in KEYWORDS):
        return  # nearly every prompt: nothing more is imported
    try:
        from mage_engine.grooming.autostage import stage_request

        stage_request(kb, prompt, f"{record['session']}:{record['chapter']}")
    except Exception as error:
        _log(kb, event, f"capture: staging the requested lesson failed: {type(error).__name__}: {error}")


def _prune_quietly(kb, event, config) -> None:
    try:
        from mage_engine.trail.retention import maybe_prune

        maybe_prune(kb, config())
    except Exception as error:
        _log(kb, event, f"capture: pruning failed: {type(error).__name__}: {error}")


def _cached_config(kb):
    from mage_engine.kb.config import load_config_cached

    return load_config_cached(kb)


def _log(kb, event: str, message: str) -> None:
    from mage_engine.events.dispatch import log_error

    log_error(kb, event, message)
