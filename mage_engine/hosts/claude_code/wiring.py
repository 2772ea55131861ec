"""The hook groups mage writes into Claude Code's settings, and how it finds them again.

One matcher group per event, each running the installed `mage-hook EVENT` by
its absolute path (so the hooks work whatever the host's PATH is) with an
explicit timeout. Claude Code's schema has no id on a group; mage adds an
`"id": "mage:<role>:<event>"` key, which the host ignores (checked on the
real host, see tests/test_realhost_hooks.py). A group also counts as mage's
when its only command is a `mage-hook` call, so a settings file rewritten by
another tool without the id is still recognised.
"""

import os
import shlex
import shutil
import sys
from pathlib import Path

from mage_engine.errors import MageError

ID_PREFIX = "mage:"
GATE0_MATCHER = "Write|Edit|MultiEdit"

# event -> (role, timeout in seconds, matcher). UserPromptSubmit sits on the
# critical path of every prompt; SessionEnd hooks share a 1.5 s budget.
EVENTS = {
    "SessionStart": ("context", 10, None),
    "UserPromptSubmit": ("hint", 10, None),
    "PreToolUse": ("gate0", 10, GATE0_MATCHER),
    "PostToolUse": ("capture", 10, None),
    "PostToolUseFailure": ("capture", 10, None),
    "PreCompact": ("capture", 30, None),
    "PostCompact": ("capture", 10, None),
    "Stop": ("capture", 30, None),
    "SubagentStop": ("capture", 10, None),
    "SessionEnd": ("capture", 1, None),
}


def group_id(event: str) -> str:
    """The id mage gives its group for `event`: `mage:<role>:<event>`."""
    return f"{ID_PREFIX}{EVENTS[event][0]}:{event}"


def hook_executable() -> Path:
    """The installed `mage-hook` console script: beside this Python, else on PATH."""
    beside = Path(sys.executable).parent / "mage-hook"
    if beside.is_file() and os.access(beside, os.X_OK):
        return beside
    found = shutil.which("mage-hook")
    if found:
        return Path(found).absolute()
    raise MageError("cannot find the `mage-hook` entry point next to this Python or on PATH",
                    "reinstall mage (pip install mage, or pipx install mage)")


def hook_command(executable: Path, event: str) -> str:
    """The shell command the host runs: quoted absolute path, then the event name."""
    return f"{shlex.quote(str(executable))} {event}"


def mage_group(event: str, executable: Path) -> dict:
    """The matcher group mage writes for `event`, keys in a fixed order."""
    role, timeout, matcher = EVENTS[event]
    group = {"id": group_id(event)}
    if matcher:
        group["matcher"] = matcher
    group["hooks"] = [{"type": "command", "command": hook_command(executable, event), "timeout": timeout}]
    return group


def is_mage_group(group) -> bool:
    """True for a group mage wrote: by its id, or by a lone `mage-hook EVENT` command."""
    if not isinstance(group, dict):
        return False
    if str(group.get("id", "")).startswith(ID_PREFIX):
        return True
    handlers = group.get("hooks")
    return isinstance(handlers, list) and len(handlers) == 1 and is_mage_command(handlers[0])


def is_mage_command(handler) -> bool:
    """True for a command handler that runs a `mage-hook` executable with an event."""
    if not isinstance(handler, dict) or not isinstance(handler.get("command"), str):
        return False
    try:
        words = shlex.split(handler["command"])
    except ValueError:
        return False
    return len(words) == 2 and Path(words[0]).name == "mage-hook" and words[1] in EVENTS


def wire(hooks: dict, executable: Path) -> dict:
    """`hooks` with mage's group for every event: replaced in place, else appended."""
    result = {event: list(groups) for event, groups in hooks.items()}
    for event in EVENTS:
        fresh = mage_group(event, executable)
        groups = result.setdefault(event, [])
        positions = [i for i, group in enumerate(groups) if is_mage_group(group)]
        if positions:
            groups[positions[0]] = fresh
            for extra in reversed(positions[1:]):
                del groups[extra]
        else:
            groups.append(fresh)
    return result


def unwire(hooks: dict) -> tuple[dict, int]:
    """`hooks` without mage's groups (events left empty by that are dropped), and how many went."""
    result, removed = {}, 0
    for event, groups in hooks.items():
        kept = [group for group in groups if not is_mage_group(group)]
        removed += len(groups) - len(kept)
        if kept or len(kept) == len(groups):
            result[event] = kept
    return result, removed


def wired_groups(hooks: dict) -> dict:
    """event -> mage's group for it, as found in a settings `hooks` object."""
    found = {}
    for event, groups in (hooks or {}).items():
        for group in groups if isinstance(groups, list) else []:
            if is_mage_group(group):
                found.setdefault(event, group)
    return found


def plugin_hooks() -> dict:
    """The content of hooks/hooks.json: the same groups, run through the plugin's script."""
    hooks = {}
    for event in EVENTS:
        group = mage_group(event, Path("PLUGIN"))
        group["hooks"][0]["command"] = f'"${{CLAUDE_PLUGIN_ROOT}}/hooks/mage-hook" {event}'
        hooks[event] = [group]
    return {"description": "mage: capture each session, recall notes as hints, guard the memory folder "
                           "(same hooks as `mage connect claude-code`)", "hooks": hooks}
