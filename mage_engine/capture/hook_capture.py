"""The capture hook: one trail line per hooked event (SPEC 3.1), chapters (3.3), folding (3.2).

`handle(ctx)` is what `mage-hook` calls for SessionStart, UserPromptSubmit,
PostToolUse, PostToolUseFailure, PreCompact, PostCompact, Stop, SubagentStop
and SessionEnd. It returns None: capture never injects context. On Stop and
PreCompact it first folds the transcript's closed turns into the trail.
Everything is scrubbed before it touches disk. Kept lean: no yaml, no
tantivy, and the transcript parser is imported only when a fold runs.
"""

from mage_engine.capture import summarize as sm
from mage_engine.capture.boundary import assign_chapter, is_sub
from mage_engine.capture.state import SessionLock, load_state, save_state
from mage_engine.capture.trail import append_record, session_stem, utc_stamp

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
    with SessionLock(kb, stem) as lock:
        state = load_state(kb, stem)
        before = dict(state)
        if event in FOLD_EVENTS and payload.get("transcript_path"):
            _fold_quietly(kb, event, stem, session, payload, state, config, lock.held)
        record["ts"], record["chapter"] = utc_stamp(), assign_chapter(state, event, payload, sub)
        append_record(kb, stem, record, rotate=lock.held)  # ts set late: file order is time order
        if state != before:
            save_state(kb, stem, state)
    if not lock.held:
        _log(kb, event, f"capture: session lock busy for {stem}; line written without it")
    if event == "SessionStart":
        _prune_quietly(kb, event, config)
    return record


def event_fields(event: str, payload: dict, root: str) -> dict:
    """The per-event part of a trail line (SPEC 3.1)."""
    fields = {}
    cwd = payload.get("cwd")
    if isinstance(cwd, str) and cwd and cwd.rstrip("/") != root.rstrip("/"):
        fields["cwd"] = sm.one_line(cwd, 300)
    if payload.get("agent_type"):
        fields["agent_type"] = sm.one_line(payload["agent_type"], 100)
    maker = _FIELDS.get(event)
    if maker:
        fields.update(maker(payload, root))
    return fields


def _session_start(payload, root):
    return {"source": sm.one_line(payload.get("source") or "", 40)}


def _prompt(payload, root):
    return {"prompt": sm.clean_text(payload.get("prompt"), sm.PROMPT_MAX)}


def _tool(payload, root, failed=False):
    fields = sm.tool_fields(payload.get("tool_name"), payload.get("tool_input"), root)
    response = payload.get("tool_response")
    fields["ok"] = not (failed or sm.response_failed(response))
    if failed:
        fields.update(sm.error_fields(payload.get("error")))
        if payload.get("is_interrupt"):
            fields["interrupted"] = True
    elif not fields["ok"] and isinstance(response, dict):
        fields.update(sm.error_fields(response.get("error") or response.get("stderr")))
    return fields


def _compaction(payload, root):
    fields = {"trigger": sm.one_line(payload.get("trigger") or "", 40)}
    if payload.get("custom_instructions"):
        fields["instructions"] = sm.one_line(payload["custom_instructions"], 200)
    return fields


def _stop(payload, root):
    message = payload.get("last_assistant_message")
    return {"message": sm.clean_text(message, sm.MESSAGE_MAX)} if message else {}


def _session_end(payload, root):
    return {"reason": sm.one_line(payload.get("reason") or "", 80)}


_FIELDS = {
    "SessionStart": _session_start,
    "UserPromptSubmit": _prompt,
    "PostToolUse": _tool,
    "PostToolUseFailure": lambda payload, root: _tool(payload, root, failed=True),
    "PreCompact": _compaction,
    "PostCompact": _compaction,
    "Stop": _stop,
    "SessionEnd": _session_end,
}


def _fold_quietly(kb, event, stem, session, payload, state, config, locked: bool) -> None:
    """Fold the transcript; a failure is logged and never stops the event's own line."""
    if not locked:
        return  # another hook of this session holds the offset: fold next time
    try:
        from mage_engine.capture.fold import fold_transcript

        min_chars = config().capture_min_chars
        notes = fold_transcript(kb, stem, session, payload["transcript_path"], state, min_chars)
    except Exception as error:
        notes = [f"transcript fold failed: {type(error).__name__}: {error}"]
    for note in notes:
        _log(kb, event, f"capture: {note}")


def _prune_quietly(kb, event, config) -> None:
    try:
        from mage_engine.capture.retention import maybe_prune

        maybe_prune(kb, config())
    except Exception as error:
        _log(kb, event, f"capture: pruning failed: {type(error).__name__}: {error}")


def _cached_config(kb):
    from mage_engine.kb.config import load_config_cached

    return load_config_cached(kb)


def _log(kb, event: str, message: str) -> None:
    from mage_engine.hooks import log_error

    log_error(kb, event, message)
