"""The hook groups mage writes into Claude Code's settings, and how it finds them again.

One matcher group per event, each running mage's hook entry point (the
command is built in launcher.py) with an explicit timeout. Claude Code's
schema has no id on a group; mage adds an `"id": "mage:<role>:<event>"` key,
which the host ignores (checked on the real host, see
tests/test_realhost_hooks.py). A group is mage's only when it carries exactly
the id mage gives that event AND runs a command of a shape only mage writes:
a user's `"id": "mage:mine:Stop"`, or their own `/usr/local/bin/mage-hook
PreToolUse` group without mage's id, is theirs, and connect and disconnect
leave it alone.
"""

from mage_engine.hosts.claude_code.launcher import Launcher, is_mage_command

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


def mage_group(event: str, launcher: Launcher) -> dict:
    """The matcher group mage writes for `event`, keys in a fixed order."""
    role, timeout, matcher = EVENTS[event]
    group = {"id": group_id(event)}
    if matcher:
        group["matcher"] = matcher
    group["hooks"] = [{"type": "command", "command": launcher.command(event), "timeout": timeout}]
    return group


def is_mage_group(group, event: str) -> bool:
    """True for a group mage wrote for `event`: its exact id, and one command of mage's own shape."""
    if not isinstance(group, dict) or event not in EVENTS or group.get("id") != group_id(event):
        return False
    handlers = group.get("hooks")
    if not isinstance(handlers, list) or len(handlers) != 1 or not isinstance(handlers[0], dict):
        return False
    return handlers[0].get("type", "command") == "command" and is_mage_command(handlers[0].get("command"), event)


def wire(hooks: dict, launcher: Launcher) -> dict:
    """`hooks` with mage's group for every event: replaced in place, else appended."""
    result = {event: list(groups) for event, groups in hooks.items()}
    for event in EVENTS:
        fresh = mage_group(event, launcher)
        groups = result.setdefault(event, [])
        positions = [i for i, group in enumerate(groups) if is_mage_group(group, event)]
        if positions:
            groups[positions[0]] = fresh
            for extra in reversed(positions[1:]):
                del groups[extra]
        else:
            groups.append(fresh)
    return result


def unwire(hooks: dict, keep_events=()) -> tuple[dict, int]:
    """`hooks` without mage's groups, and how many went.

    An event list left empty is dropped, unless it is in `keep_events` (it was
    in the file before mage came: `"SessionEnd": []` stays as the user wrote it).
    """
    result, removed = {}, 0
    for event, groups in hooks.items():
        kept = [group for group in groups if not is_mage_group(group, event)]
        removed += len(groups) - len(kept)
        if kept or len(kept) == len(groups) or event in keep_events:
            result[event] = kept
    return result, removed


def wired_groups(hooks: dict) -> dict:
    """event -> mage's group for it, as found in a settings `hooks` object."""
    found = {}
    for event, groups in (hooks or {}).items():
        for group in groups if isinstance(groups, list) else []:
            if is_mage_group(group, event):
                found.setdefault(event, group)
    return found


def impostor_groups(hooks: dict) -> list:
    """(event, what it runs) for each group that carries mage's id for an event but is not the one
    mage reads as its own (another command, or a second group): Claude Code runs it too."""
    found, seen = [], set()
    for event, groups in (hooks or {}).items():
        for group in groups if isinstance(groups, list) else []:
            if not isinstance(group, dict) or event not in EVENTS or group.get("id") != group_id(event):
                continue
            if is_mage_group(group, event) and event not in seen:
                seen.add(event)
                continue
            handlers = group.get("hooks") if isinstance(group.get("hooks"), list) else []
            commands = [h.get("command") for h in handlers if isinstance(h, dict) and isinstance(h.get("command"), str)]
            found.append((event, "; ".join(commands) or "no command"))
    return found


def plugin_hooks() -> dict:
    """The content of hooks/hooks.json: the same groups, run through the plugin's script."""
    hooks = {}
    for event in EVENTS:
        group = mage_group(event, Launcher('"${CLAUDE_PLUGIN_ROOT}/hooks/mage-hook"', "plugin"))
        hooks[event] = [group]
    return {"description": "mage: capture each session, recall notes as hints, guard the memory folder "
                           "(same hooks as `mage connect claude-code`)", "hooks": hooks}
