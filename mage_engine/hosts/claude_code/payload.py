"""Claude Code's hook payload: the fields mage reads, under the names Claude Code gives them.

Everything that reads a hook payload asks here (or event_fields.py, which maps each
event's fields onto its trail line), so Claude Code's field names live in this
folder only (HOST-CLAUDE-CODE.md, docs/hosts.md). A field of the wrong type reads
as missing: the payload is whatever the host, or someone imitating it, sent.
No imports: every hook run loads this module.
"""


def session_id(payload: dict) -> str | None:
    """The host's session id, or None when the payload names none. A whole number is read as its
    digits, as the ledger always did: the trail and the ledger must name the same session, or
    `mage hints --session 123` lists hints whose prompts the trail never kept."""
    value = payload.get("session_id")
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value if isinstance(value, str) and value.strip() else None


def session_name(payload: dict) -> str:
    """The session as the ledger and the usage events name it: the session id ("unknown": none, or
    not an id: a list or an object is no session's name)."""
    return session_id(payload) or "unknown"


def cwd(payload: dict):
    """The folder the host's agent works in, as sent: None when missing, and maybe not a str."""
    return payload.get("cwd")


def transcript_path(payload: dict):
    """The session's transcript (JSON Lines) on disk, as sent: None when missing, and maybe not a str."""
    return payload.get("transcript_path")


def prompt(payload: dict) -> str:
    """UserPromptSubmit: what the person typed ('' when missing)."""
    value = payload.get("prompt")
    return value if isinstance(value, str) else ""


# What the host wraps in tags and hands on as a user turn (HOST-CLAUDE-CODE.md §2.4): a slash
# command and its output, `!` bash mode, a background shell or task that finished, a hook's own
# text. Not typed by anyone: never hinted, never a turn of the transcript (transcript.py).
NOTICE_TAGS = ("<command-name>", "<command-message>", "<command-args>", "<local-command-", "<bash-input>",
               "<bash-stdout>", "<bash-stderr>", "<bash-notification>", "<task-notification>",
               "<user-prompt-submit-hook>", "<system-reminder>")


def is_notice(prompt: str) -> bool:
    """Whether a UserPromptSubmit prompt is one of the host's tagged notices, not a person's words."""
    return prompt.lstrip().startswith(NOTICE_TAGS)


def start_source(payload: dict) -> str:
    """SessionStart: why the session started (startup, resume, clear, compact)."""
    value = payload.get("source")
    return value if isinstance(value, str) else ""


def tool_call(payload: dict) -> tuple:
    """PreToolUse and PostToolUse: (tool name, tool input); the input is a dict or None."""
    tool_input = payload.get("tool_input")
    return payload.get("tool_name"), tool_input if isinstance(tool_input, dict) else None


def is_subagent(event: str, payload: dict) -> bool:
    """A subagent's or compaction fork's event: never the user's own work."""
    if payload.get("agent_id"):
        return True
    return event == "SubagentStop" and not payload.get("agent_type")
