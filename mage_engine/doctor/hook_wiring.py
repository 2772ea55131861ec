"""Doctor: mage's hooks are wired into Claude Code, in which file, and not drifted;
a committed settings.json names no path that exists only on this machine."""

from mage_engine.base.clip import clip
from mage_engine.doctor.check import Check, fail, ok, warn
from mage_engine.hosts.claude_code.inspect import wiring_report
from mage_engine.kb.layout import KB

NAME = "hooks-wired"
SHARED = "shared-settings"
CONNECT = "run `mage connect claude-code` (or `mage doctor --fix`)"


def wiring(kb: KB, fix: bool) -> Check:
    """Where the hooks are wired; drift against this install is repaired by --fix."""
    report = wiring_report(kb)
    if report["malformed"]:
        name, problem = next(iter(report["malformed"].items()))
        return fail(NAME, f"{name} is not usable: {problem}", f"fix the JSON in {name}, then `mage connect claude-code`")
    if report["impostors"]:  # never repaired: a group under mage's id may be the person's own
        name, event, command = report["impostors"][0]
        more = f" (and {len(report['impostors']) - 1} more)" if len(report["impostors"]) > 1 else ""
        return fail(NAME, f"{name}: a group with mage's id for {event} runs {clip(command, 120)!r}, not mage's hook"
                          f"{more}: Claude Code runs it too",
                    "if it is yours, give it an id of its own; else remove it, then `mage connect claude-code`",
                    impostors=[list(entry) for entry in report["impostors"]])
    files = report["files"]
    if not files:
        if report["plugin"]:
            return ok(NAME, "hooks come from the mage plugin (enabled in Claude Code's settings)", plugin=True)
        if _trail_is_recent(kb):
            return warn(NAME, "no hooks in this project's settings, yet the trail receives events: "
                              "they likely come from the mage plugin loaded with --plugin-dir",
                        "nothing, if that is how you run Claude Code; else `mage connect claude-code`")
        return fail(NAME, "mage's hooks are not wired into Claude Code for this project",
                    "run `mage connect claude-code` (or install the mage plugin)")
    name, info = next(iter(files.items()))
    check = _judge(name, info, files, report)
    if fix and check.status != "ok" and not report["plugin"]:
        check = _repair(kb, info, check)
    return check


def shared_settings(kb: KB, fix: bool) -> Check:
    """The committed .claude/settings.json holds no path of this machine (teammates would not have it)."""
    from mage_engine.hosts.claude_code.settings import settings_path

    name = kb.relative(settings_path(kb, True))
    if not settings_path(kb, True).exists():
        return ok(SHARED, f"no {name}: nothing of this machine is committed")
    report = wiring_report(kb)
    paths = report["machine_paths"]
    if not paths:
        return ok(SHARED, f"{name} names no path of this machine")
    fix_line = ("run `mage connect claude-code --shared` (the hooks then run .claude/hooks/mage-hook, "
                "found on every machine) and keep paths in .claude/settings.local.json")
    check = warn(SHARED, f"{name} is committed but names paths of this machine: {', '.join(paths)}; "
                         "on a teammate's machine they do not exist", fix_line, paths=paths)
    if fix and name in report["files"]:
        from mage_engine.hosts.claude_code.connect import connect

        change = connect(kb, shared=True)
        repaired = shared_settings(kb, False)
        repaired.fixed = "; ".join(change.actions)
        return repaired
    return check


def _trail_is_recent(kb: KB) -> bool:
    import time

    from mage_engine.doctor.activity import RECENT_DAYS

    files = list(kb.learnings_dir.glob("*.jsonl")) if kb.learnings_dir.is_dir() else []
    return any(time.time() - path.stat().st_mtime < RECENT_DAYS * 86400 for path in files)


def _judge(name: str, info: dict, files: dict, report: dict) -> Check:
    data = {"file": name, "files": list(files), "events": info["events"], "executables": info["executables"]}
    where = f"{len(info['events'])}/{report['expected']} events wired in {name}, running {', '.join(info['executables'])}"
    if len(files) > 1:
        return warn(NAME, f"mage's hooks are wired in both {' and '.join(files)}: each runs twice", CONNECT, **data)
    if report["plugin"]:
        return warn(NAME, f"{where}, and the mage plugin is enabled too: each hook runs twice",
                    "keep one route: `mage connect claude-code --no-hooks`, or disable the plugin", **data)
    broken = [line for line in info["drift"] if "does not exist" in line or "not wired" in line]
    if broken:  # the rest of the drift too: --fix resets it all at once
        rest = [line for line in info["drift"] if line not in broken][:3]
        return fail(NAME, f"{where}; {'; '.join(broken)}" + (f"; drifted: {'; '.join(rest)}" if rest else ""),
                    CONNECT, drift=info["drift"], **data)
    if info["drift"]:
        return warn(NAME, f"{where}; drifted: {'; '.join(info['drift'][:3])}", CONNECT, drift=info["drift"], **data)
    return ok(NAME, where, **data)


def _repair(kb: KB, info: dict, check: Check) -> Check:
    from mage_engine.hosts.claude_code.connect import connect

    change = connect(kb, shared=info["shared"])
    report = wiring_report(kb)
    name, fresh = next(iter(report["files"].items()))
    repaired = _judge(name, fresh, report["files"], report)
    repaired.fixed = "; ".join(change.actions) or "re-wired"
    return repaired
