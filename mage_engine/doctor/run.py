"""`mage doctor`: is each capability live on this machine? One line per check, with the fix.

Checks, in order: the KB is found and valid, config.yaml parses, the search
index is fresh, the hooks are wired (in which settings file) and match this
install, a committed settings.json names no path of this machine, each hook actually runs (fed a sample payload, timed against a
budget), the trail received events recently, Claude Code loads mage's
MEMORY.md and it fits the host's budget, skills are visible to the host, so
are mage's own tools for the agent (the groom and onboard skills, the keeper
subagent), and what the injection ledger says. `fix=True` repairs only what
is mage's own, local and reversible (re-wire drifted hook groups, rebuild the
index, link skills, reinstall mage's tools); every repair is named in the
check's `fixed`.
"""

from dataclasses import asdict, dataclass, field

from mage_engine.doctor import activity, agent_tools, hook_runs, hook_wiring, host, kb_checks
from mage_engine.doctor.check import STATUSES, Check, fail

@dataclass
class Report:
    """Every check run against one KB (or the failed search for one)."""

    kb: str | None
    checks: list = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(check.status == "fail" for check in self.checks)

    def counts(self) -> dict:
        return {status: sum(c.status == status for c in self.checks) for status in STATUSES}

    def to_json(self) -> dict:
        return {"kb": self.kb, "ok": not self.failed, "counts": self.counts(),
                "checks": [asdict(check) for check in self.checks]}


def run_doctor(kb_dir=None, fix: bool = False, start=None) -> Report:
    """Run every check against the KB named by `kb_dir` (or found from `start`)."""
    kb, found = kb_checks.find(kb_dir, start)
    report = Report(kb=str(kb.root) if kb else None, checks=[found])
    if kb is None:
        return report
    for check in (kb_checks.config, kb_checks.kbs, kb_checks.index, hook_wiring.wiring, hook_wiring.shared_settings):
        report.checks.append(_guarded(check, kb, fix))
    report.checks += hook_runs.run_all(kb)
    for check in (activity.trail, host.twin, host.memory_budget, host.skills, agent_tools.agent_tools,
                  activity.ledger):
        report.checks.append(_guarded(check, kb, fix))
    return report


def _guarded(check, kb, fix: bool) -> Check:
    """A check that crashes is itself a failure, never a traceback."""
    try:
        return check(kb, fix)
    except Exception as error:  # report it as a line; the other checks still run
        name = check.__name__.replace("_", "-")
        return fail(name, f"the check itself failed: {type(error).__name__}: {error}",
                    "report this to mage's developers with `mage doctor --json`")
