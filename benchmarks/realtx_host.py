"""A stand-in for Claude Code, for calibration: real session transcripts played back as hook events.

Each session's transcript is written out line by line, as the host writes it,
and the hooks the host would fire are sent to mage at the moments it would
fire them: SessionStart (startup, or resume when the file opens with lines
copied from an earlier session), UserPromptSubmit for each human prompt,
PostToolUse / PostToolUseFailure for each tool result, PreCompact and
SessionStart(compact) around each compaction (a `compact_boundary`, or an
old-style `isCompactSummary` line with no boundary), Stop at the end of each
turn (the transcript grown to that point) and SessionEnd. With `resumed`, every
prompt after the first runs in a new process as `claude -p --resume` does:
SessionEnd, then SessionStart(resume) with the same session id.

Lines copied from an earlier session (another sessionId, or a uuid or tool id
already seen in an earlier file) are in the transcript, as the host copies
them, but fire no hook: nobody did that work now.
"""

import json
import os

HARNESS = ("<", "[Request interrupted", "Caveat:", "This session is being continued")


class Session:
    """One transcript file: its raw lines, their parsed entries, and which are copies."""

    def __init__(self, path, archive: str):
        self.path, self.archive = path, archive
        self.stem = os.path.basename(path)[: -len(".jsonl")]
        self.raw = open(path, "rb").read().splitlines(keepends=True)
        self.entries = [_parse(line) for line in self.raw]
        own = [e.get("timestamp") for e in self.entries if e and e.get("sessionId") == self.stem and e.get("timestamp")]
        self.started = min(own) if own else "9999"
        self.copied = [False] * len(self.raw)


def _parse(line: bytes):
    try:
        entry = json.loads(line)
    except ValueError:
        return None
    return entry if isinstance(entry, dict) else None


def load_sessions(root) -> list:
    """Every session under `root` (archive/project/<id>.jsonl), oldest first, copies marked."""
    sessions = []
    for archive in sorted(os.listdir(root)):
        for project in sorted(os.listdir(os.path.join(root, archive))):
            folder = os.path.join(root, archive, project)
            for name in sorted(os.listdir(folder)):
                if name.endswith(".jsonl"):
                    sessions.append(Session(os.path.join(folder, name), archive))
    sessions.sort(key=lambda s: (s.started, s.stem))
    _mark_copies(sessions)
    return sessions


def _mark_copies(sessions: list) -> None:
    uuids, tools = set(), set()
    for session in sessions:
        mine_uuids, mine_tools = set(), set()
        for index, entry in enumerate(session.entries):
            if entry is None:
                continue
            ids = tool_ids(entry)
            if entry.get("sessionId") not in (None, session.stem) or entry.get("uuid") in uuids or ids & tools:
                session.copied[index] = True
            if entry.get("uuid"):
                mine_uuids.add(entry["uuid"])
            mine_tools |= ids
        uuids |= mine_uuids
        tools |= mine_tools


def tool_ids(entry: dict) -> set:
    """tool_use ids named on a line (its tool_use blocks and tool_result blocks)."""
    found = set()
    for block in blocks(entry):
        if block.get("type") == "tool_use" and block.get("id"):
            found.add(block["id"])
        elif block.get("type") == "tool_result" and block.get("tool_use_id"):
            found.add(block["tool_use_id"])
    return found


def blocks(entry: dict) -> list:
    message = entry.get("message") if isinstance(entry.get("message"), dict) else {}
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def prompt_text(entry: dict) -> str:
    """The human prompt on a user line, or ''."""
    if entry.get("type") != "user" or entry.get("isMeta") or entry.get("isCompactSummary") or entry.get("isSidechain"):
        return ""
    parts = blocks(entry)
    if any(b.get("type") == "tool_result" for b in parts):
        return ""
    text = "\n".join(b.get("text", "") for b in parts if b.get("type") == "text").strip()
    return "" if not text or text.startswith(HARNESS) else text


def result_text(block: dict) -> str:
    content = block.get("content")
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))
    return str(content or "")


def is_compaction(session: Session, index: int) -> bool:
    """A compaction of this session: a boundary, or an old-style summary line with no boundary before it."""
    entry = session.entries[index]
    if entry is None or session.copied[index]:
        return False
    if entry.get("type") == "system" and entry.get("subtype") == "compact_boundary":
        return True
    if entry.get("isCompactSummary"):
        before = session.entries[index - 1] if index else None
        return not (before and before.get("subtype") == "compact_boundary")
    return False


def events(session: Session, transcript: str, cwd: str, resumed: bool = False):
    """Yield ("write", line index) and (event, payload) in the order the host produces them."""
    base = {"session_id": session.stem, "transcript_path": transcript, "cwd": cwd}
    pending, open_turn, last_text, prompts = {}, False, "", 0
    first_new = next((i for i, copied in enumerate(session.copied) if not copied), len(session.raw))
    for index in range(first_new):
        yield "write", index
    yield "SessionStart", {**base, "source": "resume" if first_new else "startup"}
    for index in range(first_new, len(session.raw)):
        entry = session.entries[index]
        if entry is not None and not session.copied[index] and not entry.get("isSidechain"):
            text = prompt_text(entry)
            if text and open_turn:
                yield "Stop", {**base, "stop_hook_active": False, "last_assistant_message": last_text}
                open_turn = False
            if text and resumed and prompts:
                yield "SessionEnd", {**base, "reason": "other"}
                yield "SessionStart", {**base, "source": "resume"}
            if is_compaction(session, index):
                if open_turn:
                    yield "Stop", {**base, "stop_hook_active": False, "last_assistant_message": last_text}
                    open_turn = False
                trigger = (entry.get("compactMetadata") or {}).get("trigger") or "auto"
                yield "PreCompact", {**base, "trigger": trigger, "custom_instructions": None}
        yield "write", index
        if entry is None or session.copied[index] or entry.get("isSidechain"):
            continue
        if entry.get("isCompactSummary") and not session.copied[index]:
            yield "SessionStart", {**base, "source": "compact"}
            open_turn = True  # the agent carries on after the compaction, and its turn ends in a Stop
            continue
        text = prompt_text(entry)
        if text:
            prompts += 1
            open_turn = True
            yield "UserPromptSubmit", {**base, "prompt": text, "_line": index}  # _line: for the eval's labels
            continue
        for block in blocks(entry):
            if entry.get("type") == "assistant" and block.get("type") == "tool_use":
                pending[block.get("id")] = block
            elif entry.get("type") == "assistant" and block.get("type") == "text":
                last_text = block.get("text") or last_text
            elif block.get("type") == "tool_result" and block.get("tool_use_id") in pending:
                yield _tool_event(base, pending.pop(block["tool_use_id"]), block, entry)
    if open_turn:
        yield "Stop", {**base, "stop_hook_active": False, "last_assistant_message": last_text}
    yield "SessionEnd", {**base, "reason": "other"}


def _tool_event(base: dict, use: dict, result: dict, entry: dict):
    payload = {**base, "tool_name": use.get("name"), "tool_input": use.get("input") or {}, "tool_use_id": use.get("id")}
    if result.get("is_error"):
        text = result_text(result)
        return "PostToolUseFailure", {**payload, "error": text, "is_interrupt": text.startswith("[Request interrupted")}
    response = entry.get("toolUseResult")
    return "PostToolUse", {**payload, "tool_response": response if isinstance(response, dict) else
                           {"stdout": result_text(result)}}
