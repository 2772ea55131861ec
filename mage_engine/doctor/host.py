"""Doctor: what Claude Code loads from mage: the MEMORY.md twin, its budget, the skills."""

import os

from mage_engine.doctor.check import Check, fail, ok, warn
from mage_engine.hosts.claude_code import skills as host_skills
from mage_engine.hosts.claude_code import twin as host_twin
from mage_engine.hosts.claude_code.settings import load_settings, settings_path
from mage_engine.kb.layout import KB


def twin(kb: KB, fix: bool) -> Check:
    """Claude Code's autoMemoryDirectory points at mage/, so it loads mage/MEMORY.md."""
    wanted = host_twin.memory_dir(kb)
    for shared in (False, True):
        data, _ = load_settings(settings_path(kb, shared))
        value = data.get(host_twin.KEY)
        if value is None:
            continue
        where = kb.relative(settings_path(kb, shared))
        if value == wanted:
            return ok("memory-twin", f"Claude Code loads mage/MEMORY.md at launch ({host_twin.KEY} in {where})")
        problem = "is relative, which Claude Code ignores" if not os.path.isabs(str(value)) else f"points at {value}"
        return _twin_fix(kb, fix, warn("memory-twin", f"{host_twin.KEY} in {where} {problem}",
                                       "run `mage connect claude-code` (your value is kept for disconnect)"))
    return _twin_fix(kb, fix, warn("memory-twin", "Claude Code loads its own MEMORY.md, not mage/MEMORY.md",
                                   "run `mage connect claude-code` (or `--no-hooks` with the plugin)"))


def _twin_fix(kb: KB, fix: bool, check: Check) -> Check:
    if not fix:
        return check
    from mage_engine.hosts.claude_code.connect import connect
    from mage_engine.hosts.claude_code.inspect import wiring_report

    files = wiring_report(kb)["files"]
    shared = next(iter(files.values()))["shared"] if files else False
    change = connect(kb, shared=shared, hooks=bool(files))
    repaired = twin(kb, False)
    repaired.fixed = "; ".join(change.actions)
    return repaired


def memory_budget(kb: KB, fix: bool) -> Check:
    """mage/MEMORY.md against what the host loads: warn at 70%, fail at 90% of 200 lines / 25 KB."""
    cost = host_twin.memory_budget(kb)
    if not cost["exists"]:
        return warn("memory-budget", "there is no mage/MEMORY.md yet", "run `mage index` (it writes MEMORY.md)")
    share = cost["share"]
    detail = (f"mage/MEMORY.md is {cost['lines']} lines, {cost['bytes'] / 1000:.1f} KB: {share:.0%} of what "
              f"Claude Code loads at launch ({host_twin.HOST_LINES} lines or {host_twin.HOST_BYTES // 1000} KB)")
    shrink = "lower memory.budget_lines in mage/config.yaml, then run `mage index`"
    if share >= host_twin.FAIL_SHARE:
        return fail("memory-budget", detail, shrink, **cost)
    if share >= host_twin.WARN_SHARE:
        return warn("memory-budget", detail, shrink, **cost)
    return ok("memory-budget", detail, **cost)


def skills(kb: KB, fix: bool) -> Check:
    """Every skill in mage/skills/ is visible to Claude Code under .claude/skills/."""
    seen = host_skills.visibility(kb)
    if not seen:
        return ok("skills", "no skills in mage/skills/ yet")
    missing = sorted(n for n, s in seen.items() if s == "missing")
    shadowed = sorted(n for n, s in seen.items() if s == "shadowed")
    fixed = ""
    if fix and missing:
        fixed = f"linked {', '.join(host_skills.mirror_skills(kb))}"
        missing = []
    if shadowed:
        check = warn("skills", f"a skill of the same name in .claude/skills/ hides mage's: {', '.join(shadowed)}",
                     "rename or remove the project's copy in .claude/skills/")
    elif missing:
        check = warn("skills", f"Claude Code cannot see {len(missing)} of {len(seen)} skills: {', '.join(missing)}",
                     "run `mage connect claude-code` (or `mage doctor --fix`)")
    else:
        check = ok("skills", f"Claude Code sees all {len(seen)} skills (linked under .claude/skills/)")
    check.fixed = fixed
    return check
