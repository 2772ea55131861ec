"""Claude Code transcripts written line by line in the host's real shapes, for tests.

Every line carries the envelope the host writes (type, uuid, parentUuid,
sessionId, timestamp, version, cwd, isSidechain, userType); assistant lines
carry an Anthropic message with one content block each; tool results carry
`toolUseResult`. Shapes follow HOST-CLAUDE-CODE.md §2 and the fixtures in
tests/fixtures/claude-code/ (2.1.328 and 1.0.98). The text is ours.

    t = Transcript("s1", version="2.1.9")
    t.prompt("run the tests")
    t.bash("pytest -q", fails="Exit code 1\\nModuleNotFoundError: No module named 'acme'")
    t.compact()                      # a compact_boundary and its summary (2.x)
    t.compact(old_style=True)        # 1.0.x: the summary line alone
    child = t.resumed("s2")          # the child file: the parent's lines copied in
"""

import datetime as dt
import json
import uuid as uuidlib
from pathlib import Path

START = dt.datetime(2026, 11, 2, 9, 0, 0)
SUMMARY = ("This session is being continued from a previous conversation that ran out of context. "
           "The conversation is summarized below:\nAnalysis:\nThe user asked for tests.\n\nSummary:\n"
           "1. Primary Request and Intent:\n   - Make the test suite pass\n\n{errors}\n"
           "5. Pending Tasks:\n   - none\n")


class Transcript:
    """One session file being written: lines appended as the host appends them."""

    def __init__(self, session: str, version: str = "2.1.9", cwd: str = "/home/dev/acme", start: int = 0):
        self.session, self.version, self.cwd = session, version, cwd
        self.lines, self.parent, self.clock, self.tools = [], None, start, 0

    def _stamp(self) -> str:
        self.clock += 1
        moment = START + dt.timedelta(seconds=self.clock)
        return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")

    def _line(self, kind: str, **fields) -> dict:
        line = {"parentUuid": self.parent, "isSidechain": False, "userType": "external", "cwd": self.cwd,
                "sessionId": self.session, "version": self.version, "type": kind, "uuid": str(uuidlib.uuid4()),
                "timestamp": self._stamp(), **fields}
        self.parent = line["uuid"]
        self.lines.append(line)
        return line

    def prompt(self, text: str) -> dict:
        return self._line("user", message={"role": "user", "content": text})

    def say(self, text: str) -> dict:
        return self._line("assistant", message=self._message([{"type": "text", "text": text}]))

    def _message(self, content: list) -> dict:
        return {"id": f"msg_{uuidlib.uuid4().hex[:20]}", "type": "message", "role": "assistant",
                "model": "claude-sonnet-4", "content": content, "stop_reason": "tool_use",
                "usage": {"input_tokens": 10, "output_tokens": 5}}

    def tool(self, name: str, tool_input: dict, result: str = "", fails: str | None = None) -> str:
        """A tool call and its result (an error result when `fails` is given); returns the tool_use id."""
        self.tools += 1
        tool_id = f"toolu_01{uuidlib.uuid4().hex[:22]}"
        self._line("assistant", message=self._message([{"type": "tool_use", "id": tool_id, "name": name,
                                                         "input": tool_input}]))
        block = {"tool_use_id": tool_id, "type": "tool_result", "content": fails if fails is not None else result}
        if fails is not None:
            block["is_error"] = True
        self._line("user", message={"role": "user", "content": [block]},
                   toolUseResult=fails if fails is not None else {"stdout": result, "stderr": "", "interrupted": False})
        return tool_id

    def bash(self, command: str, output: str = "", fails: str | None = None) -> str:
        return self.tool("Bash", {"command": command, "description": "run"}, output, fails)

    def compact(self, old_style: bool = False, errors: str = "") -> None:
        """A compaction: 2.x writes a compact_boundary then the summary; 1.0.x the summary alone."""
        text = SUMMARY.format(errors=errors or "4. Errors and fixes:\n   - none\n")
        if not old_style:
            self._line("system", subtype="compact_boundary", content="Conversation compacted", level="info",
                       isMeta=False, logicalParentUuid=self.parent, compactMetadata={"trigger": "auto",
                                                                                      "preTokens": 150000})
            self.parent = self.lines[-1]["uuid"]
            self._line("user", isCompactSummary=True, isVisibleInTranscriptOnly=True,
                       message={"role": "user", "content": text})
        else:
            self._line("user", isCompactSummary=True, message={"role": "user", "content": [{"type": "text",
                                                                                            "text": text}]})

    def resumed(self, child: str, keep_ids: bool = True) -> "Transcript":
        """The child session's file as the host starts it: the parent's lines copied in.

        keep_ids (2.1.x): the copies keep their uuids and the parent's sessionId.
        Otherwise (1.0.x): new uuids and the child's sessionId, the same tool_use ids.
        """
        other = Transcript(child, self.version, self.cwd, start=self.clock + 60)
        for line in self.lines:
            copy = json.loads(json.dumps(line))
            if not keep_ids:
                copy.update(uuid=str(uuidlib.uuid4()), sessionId=child, timestamp=other._stamp())
            other.lines.append(copy)
            other.parent = copy["uuid"]
        return other

    def text(self, upto: int | None = None) -> str:
        return "".join(json.dumps(line) + "\n" for line in self.lines[:upto])

    def write(self, path: Path, upto: int | None = None) -> Path:
        Path(path).write_text(self.text(upto), encoding="utf-8")
        return Path(path)
