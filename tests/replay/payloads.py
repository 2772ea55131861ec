"""Hook payloads shaped like Claude Code 2.1.328's (tests/fixtures/claude-code/…/hook_stdin_payloads.jsonl).

A `Session` collects (event, payload) pairs in order; `builder.replay` feeds
them to `mage-hook`. Keys, their order and value shapes follow the captured
payloads: a failed Bash call is a PostToolUseFailure whose `error` starts
with "Exit code N", a subagent's tool use carries `agent_id`/`agent_type`.
"""

import itertools
import uuid

_ids = itertools.count(1)


class Session:
    """One host session's hook events, built step by step."""

    def __init__(self, root, name: str):
        self.root = str(root)
        self.id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"mage-replay/{name}"))
        self.transcript = f"{self.root}/.replay/{self.id}.jsonl"
        self.events = []
        self.prompt_id = None
        self.start("startup")

    def _base(self, event: str, **fields) -> dict:
        payload = {"session_id": self.id, "transcript_path": self.transcript, "cwd": self.root}
        if self.prompt_id and event not in ("SessionStart", "PreCompact", "PostCompact"):
            payload["prompt_id"] = self.prompt_id
        if event in ("UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop"):
            payload["permission_mode"] = "default"
        payload["hook_event_name"] = event
        payload.update(fields)
        self.events.append((event, payload))
        return payload

    def start(self, source: str):
        return self._base("SessionStart", source=source)

    def prompt(self, text: str):
        self.prompt_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{self.id}/{len(self.events)}"))
        return self._base("UserPromptSubmit", prompt=text)

    def bash(self, command: str, stdout: str = "", description: str = "Run a command", **extra):
        return self._tool("Bash", {"command": command, "description": description},
                          {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False,
                           "noOutputExpected": False}, **extra)

    def bash_fails(self, command: str, output: str, code: int = 1, description: str = "Run a command", **extra):
        return self._base("PostToolUseFailure", tool_name="Bash",
                          tool_input={"command": command, "description": description},
                          tool_use_id=_tool_id(), error=f"Exit code {code}\n{output}", is_interrupt=False,
                          duration_ms=812, **extra)

    def read(self, path: str):
        full = f"{self.root}/{path}"
        return self._tool("Read", {"file_path": full}, {"type": "text", "file": {
            "filePath": full, "content": "…", "numLines": 40, "startLine": 1, "totalLines": 40}})

    def edit(self, path: str, old: str = "a", new: str = "b"):
        full = f"{self.root}/{path}"
        return self._tool("Edit", {"file_path": full, "old_string": old, "new_string": new},
                          {"filePath": full, "oldString": old, "newString": new, "structuredPatch": []})

    def skill(self, name: str):
        return self._tool("Skill", {"skill": name}, {"success": True, "commandName": name})

    def _tool(self, tool: str, tool_input: dict, response: dict, **extra):
        return self._base("PostToolUse", tool_name=tool, tool_input=tool_input, tool_response=response,
                          tool_use_id=_tool_id(), duration_ms=45, **extra)

    def stop(self, message: str = "Done."):
        return self._base("Stop", stop_hook_active=False, last_assistant_message=message, background_tasks=[],
                          session_crons=[])

    def compact(self, trigger: str = "auto"):
        """A context compaction as the host reports it: PreCompact, SessionStart(compact), PostCompact."""
        self._base("PreCompact", trigger=trigger, custom_instructions="")
        self._base("SessionStart", source="compact", model="claude-sonnet-4-5")
        self._base("PostCompact", trigger=trigger, compact_summary="Summary of the work so far.")

    def end(self, reason: str = "other"):
        return self._base("SessionEnd", reason=reason)


# Fields that mark a payload as a subagent's: recorded, never counted as the user's work.
SUBAGENT = {"agent_id": "a1f0c2d9e8b7a6c5", "agent_type": "general-purpose"}


def _tool_id() -> str:
    return f"toolu_replay{next(_ids):012d}"
