"""Doctor: the host agent's own tools (the groom and onboard skills, the keeper subagent) are visible.

With the hooks in a settings file, connect installed them under .claude/; on the
plugin route the plugin ships its own (mage:groom, mage:onboard, mage:keeper);
with `mage connect generic`, AGENTS.md points at the skills under .agents/skills/.
A file of the person's in one's place hides mage's: reported, never replaced.
"""

from mage_engine.doctor.check import Check, ok, warn
from mage_engine.hosts import agent_install
from mage_engine.hosts.agent_files import ALL, files_for
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.layout import host_record_file, KB

NAME = "agent-tools"
CONNECT = "run `mage connect claude-code` (or `mage doctor --fix`)"


def agent_tools(kb: KB, fix: bool) -> Check:
    """mage-groom, mage-onboard and mage-keeper are where the host looks for them."""
    from mage_engine.hosts.claude_code.inspect import wiring_report
    from mage_engine.hosts.claude_code.record import load_state

    report, state = wiring_report(kb), load_state(kb)
    generic = _generic_problems(kb)
    if not report["files"]:
        listed = ", ".join(tool.listed_as("plugin") for tool in ALL)
        if report["plugin"] or (state and not state.get("hooks_file")):
            return _with(generic, ok(NAME, f"the mage plugin ships them: {listed}"))
        from mage_engine.doctor.hook_wiring import _trail_is_recent

        if _trail_is_recent(kb):
            return _with(generic, warn(NAME, f"none under .claude/, yet the trail receives events: the mage plugin "
                                             f"loaded with --plugin-dir ships them ({listed})",
                                       "nothing, if that is how you run Claude Code; else `mage connect claude-code`"))
        return _with(generic, warn(NAME, "not installed for Claude Code: mage-groom, mage-onboard, mage-keeper",
                                   "run `mage connect claude-code` (the mage plugin ships its own)"))
    check = _judge(kb, state)
    if fix and check.status != "ok" and check.data.get("fixable"):
        from mage_engine.hosts.claude_code.connect import connect

        change = connect(kb, shared=next(iter(report["files"].values()))["shared"])
        check = _judge(kb, load_state(kb))
        check.fixed = "; ".join(change.actions)
    return _with(generic, check)


def _judge(kb: KB, state: dict) -> Check:
    seen = agent_install.status(kb, files_for("project"), state.get("agent_files", {}))
    foreign = sorted(rel for rel, found in seen.items() if found == "foreign")
    absent = sorted(rel for rel, found in seen.items() if found in ("missing", "stale"))
    if foreign:
        return warn(NAME, f"a file of yours holds the place of mage's: {', '.join(foreign)}",
                    "rename yours, then `mage connect claude-code` installs mage's", files=seen)
    if absent:
        return warn(NAME, f"Claude Code cannot load {len(absent)} of mage's tools as this mage wrote them: "
                          f"{', '.join(absent)}", CONNECT, files=seen, fixable=True)
    return ok(NAME, "Claude Code lists the skills mage-groom and mage-onboard and the subagent mage-keeper "
                    "(from .claude/; a session started before connect loads them at its next start)", files=seen)


def _generic_problems(kb: KB) -> list[str]:
    """What AGENTS.md points at that is not there (only when `mage connect generic` ran)."""
    state = read_object(kb.at(host_record_file("generic")))
    if not state:
        return []
    seen = agent_install.status(kb, files_for("generic"), state.get("agent_files", {}))
    return [rel for rel, found in sorted(seen.items()) if found != "current"]


def _with(generic: list, check: Check) -> Check:
    if not generic:
        return check
    detail = f"{check.detail}; AGENTS.md points at instructions that are missing or not mage's: {', '.join(generic)}"
    fix = check.fix or "run `mage connect generic`"
    return Check(NAME, "warn", detail, fix, check.fixed, check.data)
