"""A chapter's steps as the failure → fix and retry families name them (families.py).

What counts as the same command, the program and subcommand that failed (the
failing segment of a compound command), a fix step as a signature part (a
config file's name, or the command with positional arguments as `<arg>`),
whether a fix teaches something (not an edit of an ordinary source file),
whether a step could destroy something, and which tool call a sighting is of.
"""

import os
import re

from mage_engine.recurrence import command_kinds
from mage_engine.recurrence.command_kinds import key_shape
from mage_engine.recurrence.signatures import is_placeholder_only
from mage_engine.recurrence.steps import EDIT_TOOLS, SHELL_TOOLS, raw_label

CONFIG_FILE = re.compile(
    r"^(?:pyproject\.toml|setup\.(?:py|cfg)|requirements[\w.-]*\.txt|package\.json|tsconfig[\w.-]*\.json|"
    r"Cargo\.toml|go\.mod|Gemfile|Makefile|Dockerfile|docker-compose[\w.-]*\.ya?ml|\.env[\w.-]*|"
    r"conftest\.py|pytest\.ini|tox\.ini|\.gitignore|\.npmrc|\.nvmrc|\.python-version|\.tool-versions|"
    r"[\w.-]+\.(?:toml|ini|cfg|ya?ml|lock|conf))$")


def action_shape(step: dict) -> str:
    """The normalised form of a fix step: `pip install -e .`, `edit pyproject.toml`."""
    if step["tool"] in SHELL_TOOLS and step.get("cmd"):
        return key_shape(step["cmd"])[:120]
    if step["tool"] in EDIT_TOOLS:
        return f"edit {_file_label((step.get('paths') or ['?'])[0])}"
    from mage_engine.recurrence.signatures import normalise_text

    return f"{step['tool']} {normalise_text(step.get('cmd', ''))}".strip()[:120]


def _file_label(path: str) -> str:
    name = os.path.basename(path.rstrip("/"))
    if CONFIG_FILE.match(name):
        return name
    extension = os.path.splitext(name)[1]
    return f"<file>{extension}"


def teaches_something(shape: str) -> bool:
    """A fix a note can teach: not an edit of an ordinary source file, not all placeholders."""
    return not shape.startswith("edit <file>") and not is_placeholder_only(shape)


def identity(step: dict) -> str:
    """Which later step counts as "the same command"."""
    return f"{step['tool']}|{' '.join(step.get('cmd', '').split())}|{','.join(step.get('paths') or [])}"


def failing_head(step: dict) -> str:
    """The program and subcommand that failed (`git add`, `docker exec`), or the tool's name."""
    if step.get("cmd") and step["tool"] in SHELL_TOOLS:
        return command_kinds.head(step["cmd"], step.get("err", "")) or step["tool"]
    return step["tool"]


def failing_part(step: dict) -> str:
    """The segment of a compound command that failed, as a command line (`git add x` of `git add x && git status`)."""
    from mage_engine.recurrence.command_kinds import failing_segment, segment_text

    command = step.get("cmd", "")
    if not any(op in command for op in ("&&", "||", ";", "|")):
        return command
    return segment_text(failing_segment(command, step.get("err", ""))) or command


def destructive(steps: list) -> str:
    """Why one of the steps could lose something ('' if none could)."""
    from mage_engine.recurrence.command_kinds import destructive_reason

    for step in steps:
        if step["tool"] in SHELL_TOOLS and step.get("cmd"):
            reason = destructive_reason(step["cmd"])
            if reason:
                return f"`{raw_label(step)[:80]}` {reason}"
    return ""


def event_key(step: dict) -> str:
    """The one tool call a sighting is of: its tool_use id, else its time and command."""
    return step.get("id") or f"{step.get('ts', '')}|{step.get('cmd') or ','.join(step.get('paths') or [])}"
