"""The per-event part of a trail line (docs/capture.md#what-each-line-records): what each hooked event's payload says, scrubbed and cut.

SessionStart its source, UserPromptSubmit the prompt, a tool use its tool,
id, paths, command and outcome, a compaction its trigger (and the host's own
summary of the closed chapter, where the payload carries it: PostCompact, and
the compaction fork's SubagentStop), Stop the last message, SessionEnd the
reason. Kept lean: only the summary parser loads `re`, when a summary comes.
"""

from mage_engine.hosts.claude_code import tool_fields as sm


def event_fields(event: str, payload: dict, root: str) -> dict:
    """The per-event part of a trail line (docs/capture.md#what-each-line-records)."""
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


def tool_use_id(value: str) -> str:
    """The host's id of a tool call, kept as it is when it has the host's shape (`toolu_` or `srvtoolu_`,
    then letters and digits: Claude Code's own, never a secret), so the scrub's vendor table is not built for it on
    every tool call; anything else is scrubbed like any text."""
    prefix = next((p for p in TOOL_USE_PREFIXES if value.startswith(p)), None)
    body = value[len(prefix):] if prefix else ""
    if 0 < len(body) <= 64 and body.isascii() and body.isalnum():
        return value
    return sm.one_line(value, 100)


TOOL_USE_PREFIXES = ("toolu_", "srvtoolu_")  # a client tool's call, a server tool's (web search)


def _session_start(payload, root):
    return {"source": sm.one_line(payload.get("source") or "", 40)}


def _prompt(payload, root):
    return {"prompt": sm.clean_text(payload.get("prompt"), sm.PROMPT_MAX)}


def _tool(payload, root, failed=False):
    fields = sm.tool_fields(payload.get("tool_name"), payload.get("tool_input"), root)
    if isinstance(payload.get("tool_use_id"), str) and payload["tool_use_id"]:
        fields["id"] = tool_use_id(payload["tool_use_id"])  # one tool call, however often it is copied
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
    if payload.get("compact_summary"):  # PostCompact: the host's own summary of the closed chapter
        fields.update(_summary_field(payload["compact_summary"]))
    return fields


def _stop(payload, root):
    message = payload.get("last_assistant_message")
    return {"message": sm.clean_text(message, sm.MESSAGE_MAX)} if message else {}


def _subagent_stop(payload, root):
    """A compaction fork's SubagentStop (no agent_type) carries the host's summary, before the nudge runs."""
    fields = _stop(payload, root)
    if not payload.get("agent_type") and payload.get("last_assistant_message"):
        fields.update(_summary_field(payload["last_assistant_message"]))
    return fields


def _summary_field(text) -> dict:
    from mage_engine.hosts.claude_code.compact_summary import summary_items

    items = summary_items(text)
    return {"summary": summary_fields(items)} if items else {}


def summary_fields(items: list) -> list:
    """The host's summary items as trail fields: each text scrubbed and on one line."""
    return [{key: (sm.one_line(value, 300) if isinstance(value, str) else value) for key, value in item.items()}
            for item in items]


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
    "SubagentStop": _subagent_stop,
    "SessionEnd": _session_end,
}
