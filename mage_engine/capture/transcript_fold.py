"""Folding: the transcript's new whole lines become `Turn` and `CompactBoundary` trail lines.

Runs on Stop and PreCompact, under the session lock, from the byte offset the
last fold saved. A line still being written stays for the next fold. A turn
shorter than `capture.min_chars` is skipped; a boundary never is. Lines of
another session (copied in when a session is resumed) are history, not work.

Exactly once (fold_once.py): a fold killed after appending some records, before
its state was saved, is read again by the next fold, whose records already in
the trail are not appended twice.
"""

from mage_engine.base import fs
from mage_engine.hosts.claude_code import tool_fields as sm
from mage_engine.capture.boundary import fold_ordinals
from mage_engine.hosts.claude_code.transcript import parse_transcript
from mage_engine.hosts.claude_code.transcript_items import Boundary
from mage_engine.hosts.claude_code.event_fields import summary_fields
from mage_engine.capture.fold_once import appended_since
from mage_engine.trail.session_files import append_record, utc_stamp

SEEN_KEPT = 256  # uuids remembered across folds, to drop replayed lines


def fold_transcript(kb, stem: str, session: str, path, state: dict, min_chars: int) -> tuple:
    """Append the turns and boundaries read since the saved offset; update `state`.

    Returns (notes worth logging, summaries): summaries are (closed chapter id, the
    host's summary items) for every compaction read, for the caller to stage.
    """
    if not isinstance(path, str) or not path:
        return ["transcript_path is not a path; nothing folded"], []
    if path != state["transcript"]:
        state.update(transcript=path, offset=0, seen=[], tx_work=False, tx_boundary=False)
    try:
        size = fs.stat(path).st_size
    except OSError as error:
        return [f"transcript not readable ({type(error).__name__}): {path}"], []
    notes = []
    if size < state["offset"]:
        notes.append(f"transcript shrank below the saved offset; reading it again from the start: {path}")
        state.update(offset=0, seen=[], tx_work=False, tx_boundary=False)
    transcript = parse_transcript(path, state["offset"], state["seen"], session=session,
                                  worked=state.get("tx_work", False), after_boundary=state.get("tx_boundary", False))
    written = appended_since(kb, stem, state.get("mark"))
    summaries = _append_items(kb, stem, session, transcript.items, state, min_chars, written)
    state.update(offset=transcript.offset, tx_work=transcript.worked, tx_boundary=transcript.after_boundary,
                 seen=(list(state["seen"]) + transcript.uuids)[-SEEN_KEPT:])
    if transcript.partial:
        notes.append(f"transcript ends mid-line at byte {transcript.offset}; that line is read next time: {path}")
    if transcript.skipped:
        notes.append(f"skipped {transcript.skipped} unreadable transcript line(s): {path}")
    return notes, summaries


def _append_items(kb, stem, session, items, state, min_chars, written: set) -> list:
    boundaries = sum(1 for item in items if isinstance(item, Boundary))
    ordinals = fold_ordinals(state, boundaries)
    segment, summaries = 0, []
    for item in items:
        if isinstance(item, Boundary):
            segment += 1
            record = boundary_record(item, session, ordinals[segment])
            if record.get("summary"):
                summaries.append((f"{session[:200]}:{ordinals[segment - 1]}", record["summary"]))
        elif turn_chars(item) >= min_chars:
            record = turn_record(item, session, ordinals[segment], kb)
        else:
            continue
        if not record.get("uuid") or record["uuid"] not in written:  # appended by a fold that was killed
            append_record(kb, stem, record, rotate=False)
    return summaries


def turn_chars(turn) -> int:
    """How much a turn says: prompt, assistant text, and each tool's command, paths and error."""
    size = len(turn.prompt or "") + len(turn.assistant_text)
    for tool in turn.tools:
        data = tool.input if isinstance(tool.input, dict) else {}
        paths = [data.get(key) for key in sm.PATH_KEYS if isinstance(data.get(key), str)]
        size += len(sm.command_of(tool.name, data)) + sum(map(len, paths)) + len(tool.error)
    return size


def turn_record(turn, session: str, chapter: int, kb) -> dict:
    """A `Turn` trail line: the prompt, the assistant's text, the tool uses and outcomes."""
    record = {"ts": utc_stamp(), "session": session[:200], "event": "Turn", "chapter": chapter, "sub": False,
              "at": turn.at, "uuid": turn.uuid}
    if turn.prompt:
        record["prompt"] = sm.clean_text(turn.prompt, sm.PROMPT_MAX)
    if turn.texts:
        record["assistant"] = sm.clean_text(turn.assistant_text, sm.MESSAGE_MAX)
    if turn.tools:
        record["tools"] = [_tool_summary(tool, kb.top) for tool in turn.tools[:50]]
    if turn.interrupted:
        record["interrupted"] = True
    return record


def _tool_summary(tool, root: str) -> dict:
    summary = sm.tool_fields(tool.name, tool.input, root)
    if tool.id:
        summary["id"] = sm.one_line(tool.id, 100)
    summary["ok"] = tool.ok
    if tool.ok is False:
        summary.update(sm.error_fields(tool.error))
    return summary


def boundary_record(boundary, session: str, chapter: int) -> dict:
    """A `CompactBoundary` trail line: the transcript says the context was compacted
    (with the host's summary items, scrubbed, when the summary line was read)."""
    record = {"ts": utc_stamp(), "session": session[:200], "event": "CompactBoundary", "chapter": chapter,
              "sub": False, "at": boundary.at, "trigger": boundary.trigger, "uuid": boundary.uuid}
    if isinstance(boundary.pre_tokens, int):
        record["pre_tokens"] = boundary.pre_tokens
    if boundary.style != "boundary":
        record["style"] = boundary.style
    if boundary.summary:
        record["summary"] = summary_fields(boundary.summary)
    return record
