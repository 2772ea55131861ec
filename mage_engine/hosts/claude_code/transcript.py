"""Claude Code transcripts (JSONL) read incrementally into turns and compaction boundaries.

Tolerant by design (HOST-CLAUDE-CODE.md §2): unknown line types and keys are
skipped, `content` may be a string or a list of blocks, one assistant response
spans several lines sharing `message.id`, replayed lines are deduped by
`uuid`. Lines that are not a person typing never open a turn: `isMeta`,
`isCompactSummary`, `isVisibleInTranscriptOnly`, sidechain lines, slash-command
echoes, task notifications, bash-mode echoes, interruption notices, and any
`<system-reminder>` text (mage's own injected context included). Attachments
(`hook_additional_context` and the rest) are never read.

On resume Claude Code copies the parent session's lines into the new file
(2.1.x keeps their sessionId): given `session`, lines of another session are
history, never work. A compaction is a `compact_boundary` line, or, from hosts
that wrote none (1.0.x), the summary line itself (`isCompactSummary`, or a
continuation text a resumed file opens with) once the transcript held work; a
summary at the very start of a file is the inherited context, not a boundary.
"""

from mage_engine.hosts.claude_code.payload import NOTICE_TAGS
from mage_engine.hosts.claude_code.transcript_items import Boundary, ToolUse, Transcript, Turn
from mage_engine.hosts.claude_code.transcript_lines import (MAX_READ_BYTES, block_text, message_of, opens_with, read_entries,
                                                  without_reminders)

HARNESS_PREFIXES = (*NOTICE_TAGS, "Caveat: The messages below were generated")
INTERRUPTED = "[Request interrupted by user"
CONTINUATION = "This session is being continued from a previous conversation"


def parse_transcript(path, offset: int = 0, seen=(), max_bytes: int = MAX_READ_BYTES,
                     sidechain: bool = False, session: str | None = None, worked: bool = False,
                     after_boundary: bool = False) -> Transcript:
    """Read whole lines of `path` from byte `offset` and parse them into turns and boundaries.

    `seen` holds uuids already read in an earlier pass; they are skipped.
    Sidechain lines (a subagent's own transcript) are read only with `sidechain`.
    `session`: lines of any other session are history. `worked` and `after_boundary`
    carry over what an earlier read ended with (see Transcript).
    """
    entries, transcript = read_entries(path, offset, max_bytes)
    transcript.worked, transcript.after_boundary = worked, after_boundary
    _Parser(transcript, set(seen), sidechain, session).feed(entries)
    return transcript


class _Parser:
    """Folds transcript entries into Turn and Boundary items, in order."""

    def __init__(self, transcript: Transcript, seen: set, sidechain: bool = False, session: str | None = None):
        self.out = transcript
        self.seen = seen
        self.sidechain = sidechain
        self.session = session
        self.turn = None
        self.tools = {}  # tool_use id -> ToolUse, for matching results
        self.blocks = set()  # (message id, block key) already taken

    def feed(self, entries) -> None:
        for entry in entries:
            owner = entry.get("sessionId")
            if self.session and isinstance(owner, str) and owner and owner != self.session:
                self.out.history += 1  # a copy of the parent session's line: its work was counted there
                continue
            uuid = entry.get("uuid")
            if isinstance(uuid, str):
                if uuid in self.seen:
                    continue
                self.seen.add(uuid)
                self.out.uuids.append(uuid)
            if entry.get("isSidechain") is True and not self.sidechain:
                continue
            kind = entry.get("type")
            if kind == "system" and entry.get("subtype") == "compact_boundary":
                self._boundary(entry)
            elif kind == "user":
                self._user(entry)
            elif kind == "assistant":
                self.out.after_boundary = False
                self._assistant(entry)

    def _boundary(self, entry: dict) -> None:
        meta = entry.get("compactMetadata") if isinstance(entry.get("compactMetadata"), dict) else {}
        self.turn = None
        self.out.items.append(Boundary(uuid=str(entry.get("uuid") or ""), at=str(entry.get("timestamp") or ""),
                                       trigger=str(meta.get("trigger") or ""), pre_tokens=meta.get("preTokens")))
        self.out.after_boundary = True

    def _summary(self, entry: dict, text: str) -> None:
        """The host's compaction summary: on its boundary, else (1.0.x) a boundary of its own."""
        from mage_engine.hosts.claude_code.compact_summary import summary_items

        items = summary_items(text)
        last = self.out.items[-1] if self.out.items else None
        if self.out.after_boundary and isinstance(last, Boundary):
            last.summary = items
        elif self.out.worked and not self.out.after_boundary:
            self.turn = None
            self.out.items.append(Boundary(uuid=str(entry.get("uuid") or ""), at=str(entry.get("timestamp") or ""),
                                           summary=items, style="summary"))
        self.out.after_boundary = False

    def _user(self, entry: dict) -> None:
        content = message_of(entry).get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if not isinstance(blocks, list):
            return
        if entry.get("isCompactSummary") or opens_with(blocks, CONTINUATION):
            self._summary(entry, block_text(blocks))
            return
        if entry.get("isMeta") or entry.get("isVisibleInTranscriptOnly"):
            return
        self.out.after_boundary = False
        texts = []
        for block in blocks:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_result":
                self._result(block)
            elif block.get("type") == "text" and isinstance(block.get("text"), str):
                texts.append(block["text"])
        self._prompt(entry, "\n".join(texts))

    def _prompt(self, entry: dict, text: str) -> None:
        text = without_reminders(text).strip()
        if not text:
            return
        if text.startswith(INTERRUPTED):
            if self.turn is not None:
                self.turn.interrupted = True
            return
        if text.startswith(HARNESS_PREFIXES):
            return
        self.turn = Turn(uuid=str(entry.get("uuid") or ""), at=str(entry.get("timestamp") or ""), prompt=text)
        self.out.items.append(self.turn)
        self.out.worked = True

    def _result(self, block: dict) -> None:
        tool = self.tools.get(block.get("tool_use_id"))
        if tool is None:
            return  # its tool_use was read in an earlier pass or is missing
        tool.ok = not block.get("is_error")
        if not tool.ok:
            tool.error = block_text(block.get("content"))

    def _assistant(self, entry: dict) -> None:
        message = message_of(entry)
        content = message.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if not isinstance(blocks, list):
            return
        message_id = str(message.get("id") or entry.get("uuid") or "")
        for block in blocks:
            if isinstance(block, dict):
                self._assistant_block(entry, message_id, block)

    def _assistant_block(self, entry: dict, message_id: str, block: dict) -> None:
        kind = block.get("type")
        if kind == "text" and isinstance(block.get("text"), str) and block["text"].strip():
            key = (message_id, "text", block["text"])
        elif kind == "tool_use" and block.get("id"):
            key = (message_id, "tool_use", block["id"])
        else:
            return  # thinking, server tools and unknown blocks carry no turn content
        if key in self.blocks:
            return
        self.blocks.add(key)
        turn = self._current_turn(entry)
        self.out.worked = True
        if kind == "text":
            turn.texts.append(block["text"].strip())
        else:
            tool = ToolUse(id=str(block["id"]), name=str(block.get("name") or "?"), input=block.get("input"))
            self.tools[tool.id] = tool
            turn.tools.append(tool)

    def _current_turn(self, entry: dict) -> Turn:
        if self.turn is None:  # the response continues a turn read in an earlier pass
            self.turn = Turn(uuid=str(entry.get("uuid") or ""), at=str(entry.get("timestamp") or ""), prompt=None)
            self.out.items.append(self.turn)
        return self.turn
