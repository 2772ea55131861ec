"""A hook payload's compact, scrubbed summary: the per-event fields of a trail line.

Texts are scrubbed before they are cut, over a window a little longer than
the cut, so a secret that straddles the limit is still recognised whole.
Only a failed tool call needs a regular expression here, so `re` is imported
by `error_fields` (most hook runs never load it).
"""

from mage_engine.scrub import scrub

PROMPT_MAX = 2000
MESSAGE_MAX = 2000
COMMAND_MAX = 200
ERROR_MAX = 200
ERROR_WINDOW = 20000
SCRUB_MARGIN = 8192  # a private key block is a few KB: scrub it whole before cutting
PATH_KEYS = ("file_path", "notebook_path", "path", "filePath")
COMMAND_KEYS = ("command", "pattern", "url", "query")

# Patterns of error_fields, compiled (and cached by `re`) on the first failed tool call.
_EXIT = r"^Exit code (-?\d+)\s*$"
_EXCEPTION = r"^(?:E\s+)?[A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit)\b:?"
_ERRORISH = (r"(?i)error|fatal|fail|not found|no such file|denied|cannot|can't|unable|invalid"
             r"|refused|timed out|traceback|panic|abort")
_TAGS = r"</?tool_use_error>"


def clean_text(value, limit: int, fold_space: bool = False) -> str:
    """Scrubbed text cut to `limit` characters (a trailing … marks a cut).

    With `fold_space`, every run of whitespace becomes one space, after the
    scrub: a key block is recognised by its line breaks.
    """
    text = value if isinstance(value, str) else ("" if value is None else str(value))
    text = scrub(text[: limit + SCRUB_MARGIN])
    text = " ".join(text.split()) if fold_space else text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def one_line(value, limit: int) -> str:
    """Scrubbed text on one line, cut to `limit` characters."""
    return clean_text(value, limit, fold_space=True)


def tool_fields(tool: str, tool_input, root: str = "") -> dict:
    """tool, paths, command and skill from a tool call's structured input."""
    fields = {"tool": one_line(tool or "?", 100)}
    data = tool_input if isinstance(tool_input, dict) else {}
    paths = [relative_path(data[key], root) for key in PATH_KEYS if isinstance(data.get(key), str) and data[key]]
    if paths:
        fields["paths"] = [one_line(path, 300) for path in dict.fromkeys(paths)]
    command = command_of(tool, data)
    if command:
        fields["command"] = one_line(command, COMMAND_MAX)
    if tool == "Skill":
        name = data.get("skill") or data.get("command") or data.get("name")
        if isinstance(name, str) and name:
            fields["skill"] = one_line(name, 200)
    return fields


def command_of(tool: str, data: dict) -> str:
    """The raw command, pattern, URL or query of a tool call ('' if it has none)."""
    for key in COMMAND_KEYS:
        if isinstance(data.get(key), str) and data[key].strip():
            return data[key]
    if tool in ("Agent", "Task"):
        parts = [data.get("subagent_type"), data.get("description")]
        return ": ".join(part for part in parts if isinstance(part, str) and part)
    return ""


def relative_path(path: str, root: str) -> str:
    """A path inside the project as relative to it; any other path unchanged."""
    if root and path.startswith(root.rstrip("/") + "/"):
        return path[len(root.rstrip("/")) + 1:]
    return path


def error_fields(error) -> dict:
    """error (the meaningful line, ≤ 200) and exit (a Bash exit code) from a tool error."""
    import re

    text = error if isinstance(error, str) else ("" if error is None else str(error))
    if len(text) > 2 * ERROR_WINDOW:  # a traceback ends its output: keep the head and the tail
        text = text[:ERROR_WINDOW] + "\n" + text[-ERROR_WINDOW:]
    lines = [line.strip() for line in re.sub(_TAGS, "", text).splitlines() if line.strip()]
    fields = {}
    exit_code = re.match(_EXIT, lines[0]) if lines else None
    if exit_code:
        fields["exit"] = int(exit_code.group(1))
        lines = lines[1:]
    line = meaningful_line(lines)
    fields["error"] = one_line(line, ERROR_MAX) if line else (f"exit code {fields['exit']}" if "exit" in fields else "")
    return fields


def meaningful_line(lines: list) -> str:
    """The line that carries the error: the last exception line of a traceback,
    else the first line that reads like an error, else the first line. Warning,
    info and banner lines never carry it (noise.py): apt's `W: GPG error` is not
    why the command failed."""
    import re

    from mage_engine.hosts.claude_code.noise import is_warning_line, plain

    exception, errorish = re.compile(_EXCEPTION), re.compile(_ERRORISH)
    lines = [plain(line) for line in lines if not is_warning_line(line)]
    for line in reversed(lines):
        if exception.match(line):
            return line
    for line in lines:
        if errorish.search(line):
            return line
    return lines[0] if lines else ""


def response_failed(response) -> bool:
    """Whether a PostToolUse tool_response reports a failure (older hosts have no PostToolUseFailure)."""
    if not isinstance(response, dict):
        return False
    return bool(response.get("is_error") or response.get("interrupted") or response.get("error"))
