"""Where mage's hooks are wired for Claude Code, and how they drifted from this install.

Read-only (no backups, no writes, no process started): `mage status` and
`mage doctor` call it on every run. Drift is anything `mage connect
claude-code` would change now: an event missing, a command whose executable is
gone or belongs to another install, pip's slower launcher, a timeout or
matcher edited by hand. A committed settings.json that names a path on this
machine (a hook's interpreter, autoMemoryDirectory) is reported too: on a
teammate's machine that path does not exist.
"""

import os
from pathlib import Path

from mage_engine.hosts.claude_code.launcher import SHARED_PREFIX, SHARED_SCRIPT, interpreter_of, interpreter_path
from mage_engine.hosts.claude_code.settings import load_settings, settings_path
from mage_engine.hosts.claude_code.twin import KEY as MEMORY_KEY
from mage_engine.hosts.claude_code.wiring import EVENTS, impostor_groups, wired_groups
from mage_engine.kb.layout import KB


def wiring_report(kb: KB) -> dict:
    """{"expected", "files": {name: {"shared", "events", "executables", "drift"}}, "malformed", "plugin",
    "machine_paths"}: what each settings file wires, and what a committed one holds of this machine."""
    report = {"expected": len(EVENTS), "files": {}, "malformed": {}, "plugin": plugin_enabled(kb),
              "machine_paths": [], "impostors": []}
    for shared in (False, True):
        path = settings_path(kb, shared)
        data, problem = load_settings(path)
        if problem:
            report["malformed"][kb.relative(path)] = problem
            continue
        groups = wired_groups(data.get("hooks", {}))
        report["impostors"] += [(kb.relative(path), event, command)
                                for event, command in impostor_groups(data.get("hooks", {}))]
        if shared:
            report["machine_paths"] = machine_paths(data, groups)
        if groups:
            report["files"][kb.relative(path)] = {
                "shared": shared, "events": [e for e in EVENTS if e in groups],
                "executables": sorted({_executable(kb, g) for g in groups.values()}), "drift": drift(kb, groups)}
    return report


def wiring_summary(kb: KB) -> dict | None:
    """For `mage status`: None when mage's hooks are wired nowhere, else where and how many."""
    report = wiring_report(kb)
    if not report["files"] and not report["malformed"]:
        return None
    parts = [f"{len(info['events'])}/{report['expected']} events in {name}" for name, info in report["files"].items()]
    parts += [f"{name} malformed" for name in report["malformed"]]
    return {"summary": "; ".join(parts), **report}


def machine_paths(data: dict, groups: dict) -> list[str]:
    """Absolute paths of this machine in a committed settings file (mage's commands, the memory twin)."""
    found = sorted({interpreter_of(_command(g)) for g in groups.values()} - {None})
    if isinstance(data.get(MEMORY_KEY), str) and os.path.isabs(data[MEMORY_KEY]):
        found.append(data[MEMORY_KEY])
    return found


def drift(kb: KB, groups: dict) -> list[str]:
    """One line per difference between the wired groups and what connect writes now."""
    expected = interpreter_path()
    problems = []
    missing = [event for event in EVENTS if event not in groups]
    if missing:
        problems.append(f"events not wired: {', '.join(missing)}")
    for executable in sorted({_executable(kb, g) for g in groups.values()}):
        if not (os.path.isfile(executable) and os.access(executable, os.X_OK)):
            problems.append(f"the hook command {executable} does not exist or cannot run")
        elif executable == os.path.join(os.path.dirname(expected), "mage-hook"):
            problems.append(f"the hooks start through pip's launcher {executable}, which costs every hook "
                            "a few milliseconds: `mage connect claude-code` writes the direct command")
        elif not executable.endswith(SHARED_SCRIPT) and executable != expected:
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


def _command(group: dict) -> str:
    handler = (group.get("hooks") or [{}])[0]
    return handler.get("command", "") if isinstance(handler, dict) else ""


def _executable(kb: KB, group: dict) -> str:
    """The file a group's command starts: the interpreter, or the project's shared script."""
    command = _command(group)
    if command.startswith(SHARED_PREFIX):
        return str(kb.root / SHARED_SCRIPT)
    return interpreter_of(command) or command


def plugin_enabled(kb: KB) -> bool:
    """True when a `mage@…` plugin is enabled in the user's or this project's settings."""
    for path in (Path.home() / ".claude" / "settings.json", settings_path(kb, True), settings_path(kb, False)):
        data, _ = load_settings(path)
        enabled = data.get("enabledPlugins")
        if isinstance(enabled, dict) and any(str(k).startswith("mage@") and v for k, v in enabled.items()):
            return True
    return False
