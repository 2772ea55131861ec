"""`mage optimize` (docs/recurrence.md#optimize): keep each generated skill's trigger sharp, deterministically.

Skill loads come from the trail (Claude Code's `Skill` tool in PostToolUse).
For each load, the work that followed (the next 20 prompts and tool uses, or
to the chapter's end) matches the skill's procedure or not (matching.py).
With at least MIN_LOADS loads: a match rate under DEMOTE_BELOW proposes
demotion (the skill goes back to being its note), under REWORD_BELOW a
reworded `description` built from the words of the prompts where it helped,
minus any seen where it fired falsely. At most MAX_EDITS per pass, weakest
first. Hand-written skills (no `generated_by: mage`) are never touched;
mage's own skills (mage-groom, mage-onboard: optimize_shipped.py) get
proposals that are shown and never applied; dismissed proposals never come
back. `optimize(kb)` applies the edits to the
working tree and returns the git command; `dry_run=True` only proposes.
"""

from dataclasses import dataclass, field

from mage_engine.base.errors import NotFound
from mage_engine.kb.skills import list_skills, short_name
from mage_engine.recurrence import matching
from mage_engine.recurrence.distill import chapter_states
from mage_engine.recurrence.optimize_apply import apply_all, apply_one, dismiss, dismissed_ids
from mage_engine.recurrence.optimize_shipped import propose_shipped, row, shipped_loads
from mage_engine.recurrence.trigger_edits import propose

MAX_EDITS = 3


@dataclass
class OptimizeResult:
    """The proposals of this pass, what was applied, and the git command."""

    dry_run: bool
    proposals: list = field(default_factory=list)
    skills: list = field(default_factory=list)    # every skill with its load count and match rate
    applied: list = field(default_factory=list)
    written: list = field(default_factory=list)
    git_command: str | None = None

    def to_json(self) -> dict:
        return {"dry_run": self.dry_run, "proposals": self.proposals, "skills": self.skills,
                "applied": self.applied, "written": self.written, "git_command": self.git_command}


def optimize(kb, dry_run: bool = False) -> OptimizeResult:
    """Propose (and unless `dry_run`, apply) up to MAX_EDITS trigger edits."""
    result = OptimizeResult(dry_run=dry_run)
    chapters = chapter_states(kb)
    found = []
    for skill, loads, verdicts in skill_loads(kb, chapters):
        result.skills.append(_skill_row(skill, verdicts))
        proposal = propose(skill, loads, verdicts)
        if proposal:
            found.append(proposal)
    for tool, loads, verdicts in shipped_loads(chapters):
        result.skills += [row(tool, verdicts)] if loads else []
        proposal = propose_shipped(tool, loads, verdicts)
        if proposal:
            found.append(proposal)
    hidden = dismissed_ids(kb)
    ranked = sorted((p for p in found if p["id"] not in hidden), key=lambda p: (p["evidence"]["match_rate"], p["skill"]))
    result.proposals = ranked[:MAX_EDITS]
    if not dry_run and any(not p.get("shipped") for p in result.proposals):
        apply_all(kb, result)
    return result


def apply_proposal(kb, proposal) -> dict:
    """Apply one proposal (a proposal dict or its id): for the TUI's Skills pane."""
    return apply_one(kb, find_proposal(kb, proposal))


def dismiss_proposal(kb, proposal) -> dict:
    """Dismiss one proposal (a dict or its id) for good: it is never proposed again."""
    return dismiss(kb, find_proposal(kb, proposal))


def all_proposals(kb) -> list[dict]:
    """Every current proposal, dismissed ones left out (for apply and dismiss by id)."""
    hidden, chapters = dismissed_ids(kb), chapter_states(kb)
    found = [propose(skill, loads, verdicts) for skill, loads, verdicts in skill_loads(kb, chapters)]
    found += [propose_shipped(tool, loads, verdicts) for tool, loads, verdicts in shipped_loads(chapters)]
    return [p for p in found if p and p["id"] not in hidden]


def find_proposal(kb, proposal) -> dict:
    """The current proposal `proposal` names (a proposal dict or its id); NotFound when there is none."""
    wanted = proposal.get("id") if isinstance(proposal, dict) else str(proposal)
    for current in all_proposals(kb):
        if current["id"] == wanted:
            return current
    raise NotFound(f"no current optimize proposal '{wanted}'", "list them with `mage optimize --dry-run`")


def skill_loads(kb, chapters: dict | None = None) -> list:
    """(skill, its loads oldest first, a match verdict per load) for every skill in mage/skills/."""
    if chapters is None:
        chapters = chapter_states(kb)
    found = []
    for skill in list_skills(kb):
        loads = sorted(({**load, "chapter": cid} for cid, chapter in chapters.items()
                        for load in chapter.get("loads", []) if short_name(load["skill"]) == skill.name),
                       key=lambda load: (load["ts"], load["chapter"]))
        procedure, body_words = matching.procedure_commands(skill.body), matching.words(skill.body)
        found.append((skill, loads, [matching.load_matches(load, procedure, body_words) for load in loads]))
    return found


def _skill_row(skill, verdicts: list) -> dict:
    rate = round(sum(verdicts) / len(verdicts), 3) if verdicts else None
    return {"skill": skill.name, "generated": skill.generated, "loads": len(verdicts), "matched": sum(verdicts),
            "match_rate": rate}
