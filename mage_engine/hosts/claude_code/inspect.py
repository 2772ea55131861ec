"""Where mage's hooks are wired for Claude Code, and how they drifted from this install.

Read-only (no backups, no writes): `mage status` and `mage doctor` call it on
every run. Drift is anything `mage connect claude-code` would change now: an
event missing, a command whose executable is gone or belongs to another
install, a timeout or matcher edited by hand.
"""

import os
import shlex
from pathlib import Path

from mage_engine.errors import MageError
from mage_engine.hosts.claude_code.settings import load_settings, settings_path
from mage_engine.hosts.claude_code.wiring import EVENTS, hook_executable, wired_groups
from mage_engine.kb.layout import KB


def wiring_report(kb: KB) -> dict:
    """{"expected", "files": {name: {"shared", "events", "executables", "drift"}}, "malformed", "plugin"}."""
    report = {"expected": len(EVENTS), "files": {}, "malformed": {}, "plugin": plugin_enabled(kb)}
    for shared in (False, True):
        path = settings_path(kb, shared)
        data, problem = load_settings(path)
        if problem:
            report["malformed"][kb.relative(path)] = problem
            continue
        groups = wired_groups(data.get("hooks", {}))
        if groups:
            report["files"][kb.relative(path)] = {
                "shared": shared, "events": [e for e in EVENTS if e in groups],
                "executables": sorted({str(_executable(g)) for g in groups.values()}), "drift": drift(groups)}
    return report


def drift(groups: dict) -> list[str]:
    """One line per difference between the wired groups and what connect writes now."""
    try:
        expected = hook_executable()
    except MageError:
        expected = None
    problems = []
    missing = [event for event in EVENTS if event not in groups]
    if missing:
        problems.append(f"events not wired: {', '.join(missing)}")
    for executable in sorted({_executable(g) for g in groups.values()}, key=str):
        if executable is None or not (executable.is_file() and os.access(executable, os.X_OK)):
            problems.append(f"the hook command {executable} does not exist or cannot run")
        elif expected and executable != expected:
            problems.append(f"the hooks run {executable}, not this install's {expected}")
    for event, group in groups.items():
        if event in EVENTS:
            problems += _setting_drift(event, group)
    return problems


def _setting_drift(event: str, group: dict) -> list[str]:
    _, timeout, matcher = EVENTS[event]
    handler = (group.get("hooks") or [{}])[0]
    found = []
    if handler.get("timeout") != timeout:
        found.append(f"{event}: timeout {handler.get('timeout')} (mage writes {timeout})")
    if matcher and group.get("matcher") != matcher:
        found.append(f"{event}: matcher {group.get('matcher')!r} (mage writes {matcher!r})")
    return found


def _executable(group: dict) -> Path | None:
    try:
        words = shlex.split((group.get("hooks") or [{}])[0].get("command", ""))
    except ValueError:
        return None
    return Path(words[0]) if words else None


def plugin_enabled(kb: KB) -> bool:
    """True when a `mage@…` plugin is enabled in the user's or this project's settings."""
    for path in (Path.home() / ".claude" / "settings.json", settings_path(kb, True), settings_path(kb, False)):
        data, _ = load_settings(path)
        enabled = data.get("enabledPlugins")
        if isinstance(enabled, dict) and any(str(k).startswith("mage@") and v for k, v in enabled.items()):
            return True
    return False
