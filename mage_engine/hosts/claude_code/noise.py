"""Tool results that say nothing about the work: refusals, interruptions, permission prompts,
tool-usage slips and harness glitches, and output lines that are warnings, not errors.

A refusal ("The user doesn't want to proceed with this tool use…") is the person
saying no, an interruption is the person stopping the agent, "File has not been
read yet" is the agent misusing its own tool: none is an error a note could
teach, so none is ever a failure in the nudge, an error class in a signature,
or a retry attempt. Warning lines (apt's `W: GPG error`, `Warn:`, gcc's
`file.c:20:9: warning:`) are never taken for the line that says what failed.

The phrases are the hosts' own wording, matched on lower-cased text; the table is
tested on real phrasing (tests/test_noise.py). Plain substring checks: this runs
for every failed tool call on the hook path, where `re` is not loaded.
"""

NOISE_CLASSES = (
    ("refusal", ("the user doesn't want to proceed with this tool use", "the user doesn't want to take this action",
                 "user rejected tool use", "user rejected the tool", "the user declined", "tool use was rejected")),
    ("interruption", ("[request interrupted by user", "interrupted by user", "operation was aborted by the user")),
    ("permission", ("this command requires approval", "claude requested permissions to", "has been auto-denied",
                    "the following part requires approval", "was denied by the user",
                    "blocked by a hook", "operation blocked by hook")),
    ("tool-usage", ("file has not been read yet", "sibling tool call errored", "string to replace not found",
                    "no changes to make: old_string and new_string", "matches of the string to replace",
                    "file has been modified since read", "file has been unexpectedly modified",
                    "inputvalidationerror", "exceeds maximum allowed", "eisdir: illegal operation on a directory",
                    "not found. available agents", "cannot create new file - file already exists",
                    "glob patterns are not allowed", "no such tool available", "<tool_use_error>",
                    "invalid tool parameters")),
    ("harness", ("command failed: cygpath", "cygheap read copy failed", "shell cwd was reset to",
                 "claude code process exited", "error: no such file or directory, posix_spawn")),
)
# The Read and Write tools' own words, only when they are the whole message's start.
USAGE_STARTS = ("file does not exist.", "path does not exist:", "execute skill:", "unknown skill:")
WARNING_STARTS = ("w:", "warn:", "warn ", "warning:", "warning ", "warnings:", "** warning", "[warn", "npm warn",
                  "deprecationwarning", "userwarning", "futurewarning", "hint:", "note:", "info:", "[info",
                  "notice:", "[notice", "debug:", "[debug")
STATUS_BULLETS = ("○", "●", "◉", "◦", "ℹ", "➜", "→")
BANNER_RULES = ("═══", "───", "━━━", "=====", "╔", "╚", "║")
WARNING_INSIDE = (": warning:", " warning: ", " wrn ", " - warning - ", " - info - ", " - debug - ", "[warn]",
                  "[info]", "level=warn", "level=info")


def noise_class(text) -> str:
    """The noise class of a tool's error text ('refusal', 'interruption', 'permission',
    'tool-usage', 'harness'), or '' when it reads like a real error."""
    if not isinstance(text, str) or not text:
        return ""
    lowered = text[:600].lower().replace("’", "'").strip()
    if lowered.startswith(USAGE_STARTS):
        return "tool-usage"
    for name, phrases in NOISE_CLASSES:
        if any(phrase in lowered for phrase in phrases):
            return name
    return ""


def is_noise(tool: dict) -> bool:
    """A failed tool use (trail line, Turn tool or step) that is noise, not a failure of the work."""
    if tool.get("interrupted"):
        return True
    return bool(noise_class(tool.get("error") if "error" in tool else tool.get("err")))


def is_warning_line(line: str) -> bool:
    """A line of output that warns or informs (never the line that says what failed)."""
    text = plain(line).lower()
    if not text:
        return True
    if text.startswith(WARNING_STARTS) or any(marker in f" {text}" for marker in WARNING_INSIDE):
        return True
    if any(rule in text for rule in BANNER_RULES):
        return True  # a banner (═══ Some System v3.0 ═══), not an error
    if text.startswith(STATUS_BULLETS):
        return True  # a status line a shell profile prints before every command (○ Orchestrator: Not found)
    return not any(char.isalpha() for char in text)  # a rule of ═══ or a progress bar


def plain(line: str) -> str:
    """`line` without ANSI colour codes, stripped."""
    if "\x1b[" not in line:
        return line.strip()
    out, index = [], 0
    while index < len(line):
        if line.startswith("\x1b[", index):
            index += 2
            while index < len(line) and not line[index].isalpha():
                index += 1
            index += 1
        else:
            out.append(line[index])
            index += 1
    return "".join(out).strip()
