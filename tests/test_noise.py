"""Refusals, interruptions, permission prompts, tool-usage slips and warnings are never errors.

The phrases are the hosts' own wording (Claude Code 1.0.x to 2.1.x tool results);
each noise class is checked on it, then end to end: no nudge lists one as a
failure, no signature is keyed on one, and a refusal is never a retry attempt.
"""

import pytest

from mage_engine.recurrence.digest import digest_chapter
from mage_engine.trail.chapters import list_chapters
from mage_engine.capture.event_line import capture_event
from mage_engine.hosts.claude_code.noise import is_warning_line, noise_class
from mage_engine.hosts.claude_code.tool_fields import error_fields
from mage_engine.recurrence.pipeline import distill

HOST_NOISE = [
    ("refusal", "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file "
                "edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to "
                "tell you how to proceed."),
    ("refusal", "The user doesn't want to take this action right now. STOP what you are doing and wait for the user "
                "to tell you how to proceed."),
    ("refusal", "User rejected tool use"),
    ("interruption", "[Request interrupted by user for tool use]"),
    ("interruption", "Interrupted by user"),
    ("permission", "This command requires approval"),
    ("permission", "Claude requested permissions to write to /home/dev/acme/src/app.py, but you haven't granted it yet."),
    ("permission", "Permission to use Bash has been auto-denied in dontAsk mode."),
    ("permission", "This Bash command contains multiple operations. The following part requires approval: make deploy"),
    ("tool-usage", "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"),
    ("tool-usage", "<tool_use_error>Sibling tool call errored</tool_use_error>"),
    ("tool-usage", "<tool_use_error>String to replace not found in file.\nString: def main():</tool_use_error>"),
    ("tool-usage", "<tool_use_error>No changes to make: old_string and new_string are exactly the same.</tool_use_error>"),
    ("tool-usage", "<tool_use_error>Found 3 matches of the string to replace, but replace_all is false.</tool_use_error>"),
    ("tool-usage", "File has been modified since read, either by the user or by a linter. Read it again."),
    ("tool-usage", "File content (31000 tokens) exceeds maximum allowed tokens (25000). Please use offset and limit."),
    ("tool-usage", "<tool_use_error>File does not exist.</tool_use_error>"),
    ("tool-usage", "EISDIR: illegal operation on a directory, read"),
    ("tool-usage", "Agent type 'Director' not found. Available agents: general-purpose, statusline-setup"),
    ("tool-usage", "<tool_use_error>InputValidationError: BashOutput failed due to the following issue:</tool_use_error>"),
    ("harness", "Command failed: cygpath -u 'C:\\Users\\dev\\AppData\\Local\\Temp'"),
]
REAL_ERRORS = ["ModuleNotFoundError: No module named 'acme'", "npm ERR! missing script: build",
               "fatal: not a git repository (or any of the parent directories): .git", "make: *** No rule to make target 'x'.",
               "E: Unable to locate package live-boot", "the input device is not a TTY"]


@pytest.mark.parametrize("kind,text", HOST_NOISE)
def test_each_noise_class_is_recognised_in_the_hosts_own_words(kind, text):
    assert noise_class(text) == kind


@pytest.mark.parametrize("text", REAL_ERRORS)
def test_real_errors_are_not_noise(text):
    assert noise_class(text) == ""


@pytest.mark.parametrize("line", ["W: GPG error: http://deb.example.org trixie InRelease: NO_PUBKEY 0E98404D386FA1D9",
                                  "Warn: Can't find .pfb for face 'Times'", "WARNING: Running pip as the 'root' user",
                                  "src/app.c:20:9: warning: \"_GNU_SOURCE\" redefined", "npm warn deprecated glob@7.2.3",
                                  "\x1b[1;33m[WARN]\x1b[0m bootstrap failed, retrying (1/3)...",
                                  "═══════ Agent System v3.0 - Startup ═══════"])
def test_warning_and_banner_lines_are_never_the_error(line):
    assert is_warning_line(line)
    fields = error_fields(f"Exit code 100\n{line}\nE: Unable to locate package live-boot")
    assert fields == {"exit": 100, "error": "E: Unable to locate package live-boot"}


def test_output_that_only_warns_keeps_just_the_exit_code():
    assert error_fields("Exit code 1\nW: GPG error: http://deb.example.org InRelease: NO_PUBKEY 1234\n") == \
        {"exit": 1, "error": "exit code 1"}


def _tool(kb, session, command, error=None, tool="Bash", tool_id=None):
    payload = {"session_id": session, "cwd": str(kb.root), "tool_name": tool, "tool_input": {"command": command}}
    if tool_id:
        payload["tool_use_id"] = tool_id
    if error is None:
        capture_event(kb, "PostToolUse", {**payload, "tool_response": {"stdout": "ok"}})
    else:
        capture_event(kb, "PostToolUseFailure", {**payload, "error": error})


def _refused_chapter(kb, session):
    capture_event(kb, "UserPromptSubmit", {"session_id": session, "prompt": "restart the web container"})
    for index in range(3):
        _tool(kb, session, "docker restart web")
    _tool(kb, session, "docker restart web", HOST_NOISE[0][1])  # the last attempt: the person said no
    _tool(kb, session, "cat app.py", HOST_NOISE[9][1], tool="Write")
    _tool(kb, session, "apt-get update", "Exit code 100\nW: GPG error: http://deb.example.org InRelease: NO_PUBKEY 12")
    capture_event(kb, "SessionEnd", {"session_id": session, "reason": "other"})


def test_the_nudge_lists_no_refusal_usage_slip_or_warning_as_a_failure(kb):
    _refused_chapter(kb, "s-noise")
    digest = digest_chapter(list_chapters(kb, session="s-noise")[0])
    assert [item["what"] for item in digest.failures] == ["Bash `apt-get update`: exit code 100 (exit 100)"]
    text = "\n".join(digest.lines())
    for phrase in ("doesn't want", "has not been read", "GPG", "still failing: Bash `docker restart"):
        assert phrase not in text


def test_no_signature_is_keyed_on_noise_in_any_chapter(kb):
    for session in ("s1", "s2", "s3"):
        capture_event(kb, "UserPromptSubmit", {"session_id": session, "prompt": "edit the config"})
        _tool(kb, session, "vim app.cfg", HOST_NOISE[9][1], tool="Write")
        _tool(kb, session, "cat app.cfg")
        _tool(kb, session, "vim app.cfg", tool="Write")
        _tool(kb, session, "git push", HOST_NOISE[0][1])
        _tool(kb, session, "git push --force-with-lease")
        capture_event(kb, "SessionEnd", {"session_id": session, "reason": "other"})
    assert distill(kb).tallies == []
