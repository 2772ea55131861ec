"""Trail lines as steps: the person's prompts and the agent's tool uses, in order.

A step is a small dict kept in the distill state while its chapter is open:
`{"k": "p", "ts", "text", "h", "id"}` for a prompt (`h` marks harness notices
such as `<task-notification>`; `id` is the transcript line's uuid, for a folded
turn), `{"k": "t", "ts", "tool", "cmd", "paths", "ok", "err", "exit", "skill",
"id", "n"}` for a tool use (`id` is the host's tool_use id; `n` marks a refusal,
interruption or tool-usage slip: hosts/claude_code/noise.py). Hook lines (UserPromptSubmit,
PostToolUse, PostToolUseFailure) and folded transcript `Turn` lines describe
the same work twice; each chapter keeps both streams and distill reads the
one with more work in it, as `mage chapters` counts it.
"""

HOOK_PROMPT = "UserPromptSubmit"
HOOK_TOOLS = ("PostToolUse", "PostToolUseFailure")
HARNESS_PREFIXES = ("<", "[Request interrupted", "Caveat:")
SHELL_TOOLS = ("Bash", "PowerShell", "Shell")
EDIT_TOOLS = ("Edit", "MultiEdit", "Write", "NotebookEdit")
LOOKING_TOOLS = {"Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "TodoWrite", "TodoRead", "NotebookRead",
                 "BashOutput", "KillShell", "KillBash", "ExitPlanMode", "Skill", "Task", "Agent", "ToolSearch",
                 "ListMcpResourcesTool", "ReadMcpResourceTool", "AskUserQuestion", "TaskOutput"}
PROMPT_KEPT = 600


def prompt_step(ts: str, text, line_id=None) -> dict | None:
    """A prompt step, or None for an empty prompt."""
    if not isinstance(text, str) or not text.strip():
        return None
    text = text.strip()
    step = {"k": "p", "ts": ts, "text": text[:PROMPT_KEPT]}
    if text.startswith(HARNESS_PREFIXES):
        step["h"] = 1
    if isinstance(line_id, str) and line_id:
        step["id"] = line_id
    return step


def tool_step(ts: str, data: dict) -> dict:
    """A tool step from a hook line or a Turn's tool summary (hot path: one per tool use)."""
    step = {"k": "t", "ts": ts, "tool": str(data.get("tool") or "?"), "ok": data.get("ok")}
    command, error, skill, paths, code = (data.get("command"), data.get("error"), data.get("skill"),
                                          data.get("paths"), data.get("exit"))
    if command and isinstance(command, str):
        step["cmd"] = command
    if error and isinstance(error, str):
        step["err"] = error
    if skill and isinstance(skill, str):
        step["skill"] = skill
    if paths and isinstance(paths, list):
        step["paths"] = [str(path) for path in paths[:4]]
    if type(code) is int:
        step["exit"] = code
    if isinstance(data.get("id"), str) and data["id"]:
        step["id"] = data["id"]
    if step["ok"] is False and (data.get("interrupted") or _noise(error)):
        step["n"] = 1
    return step


def _noise(error) -> bool:
    from mage_engine.hosts.claude_code.noise import noise_class

    return bool(noise_class(error))


def hook_steps(record: dict) -> list:
    """Steps from one hook line (none for lines that are not work)."""
    event, ts = record.get("event"), str(record.get("ts", ""))
    if event == HOOK_PROMPT:
        step = prompt_step(ts, record.get("prompt"))
        return [step] if step else []
    if event in HOOK_TOOLS:
        return [tool_step(ts, record)]
    return []


def turn_steps(record: dict) -> list:
    """Steps from a folded transcript `Turn` line: its prompt, then its tool uses."""
    ts = str(record.get("at") or record.get("ts") or "")
    steps = []
    prompt = prompt_step(ts, record.get("prompt"), record.get("uuid"))
    if prompt:
        steps.append(prompt)
    for tool in record.get("tools") or []:
        if isinstance(tool, dict):
            steps.append(tool_step(ts, tool))
    return steps


def is_action(step: dict) -> bool:
    """A successful step that changed something: a candidate fix (never a mere look)."""
    from mage_engine.recurrence.command_kinds import is_read_only

    if step.get("k") != "t" or step.get("ok") is not True or step["tool"] in LOOKING_TOOLS:
        return False
    if step["tool"] in SHELL_TOOLS:
        return bool(step.get("cmd")) and not is_read_only(step["cmd"])
    return True


def raw_label(step: dict) -> str:
    """How a person would name the step: the command, or the tool and its file."""
    if step.get("cmd") and step["tool"] in SHELL_TOOLS:
        return step["cmd"]
    target = step.get("cmd") or ", ".join(step.get("paths") or [])
    return f"{step['tool']} {target}".strip()
