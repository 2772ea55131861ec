"""`mage optimize` (SPEC 5.4): keep each generated skill's trigger sharp, deterministically.

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

import hashlib
from dataclasses import dataclass, field

from mage_engine.recurrence import matching
from mage_engine.kb.skills import list_skills, short_name

MIN_LOADS = 5
REWORD_BELOW = 0.4
DEMOTE_BELOW = 0.2
MAX_EDITS = 3
SHOWN_LOADS = 10


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
    from mage_engine.recurrence.optimize_apply import apply_all, dismissed_ids

    from mage_engine.recurrence.distill import chapter_states
    from mage_engine.recurrence.optimize_shipped import propose_shipped, row, shipped_loads

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
    from mage_engine.recurrence.optimize_apply import apply_one

    return apply_one(kb, proposal)


def dismiss_proposal(kb, proposal) -> dict:
    """Dismiss one proposal (a dict or its id) for good: it is never proposed again."""
    from mage_engine.recurrence.optimize_apply import dismiss

    return dismiss(kb, proposal)


def all_proposals(kb) -> list[dict]:
    """Every current proposal, dismissed ones left out (for apply and dismiss by id)."""
    from mage_engine.recurrence.optimize_apply import dismissed_ids

    from mage_engine.recurrence.distill import chapter_states
    from mage_engine.recurrence.optimize_shipped import propose_shipped, shipped_loads

    hidden, chapters = dismissed_ids(kb), chapter_states(kb)
    found = [propose(skill, loads, verdicts) for skill, loads, verdicts in skill_loads(kb, chapters)]
    found += [propose_shipped(tool, loads, verdicts) for tool, loads, verdicts in shipped_loads(chapters)]
    return [p for p in found if p and p["id"] not in hidden]


def skill_loads(kb, chapters: dict | None = None) -> list:
    """(skill, its loads oldest first, a match verdict per load) for every skill in mage/skills/."""
    if chapters is None:
        from mage_engine.recurrence.distill import chapter_states

        chapters = chapter_states(kb)
    found = []
    for skill in list_skills(kb):
        loads = sorted(({**load, "chapter": cid} for cid, chapter in chapters.items()
                        for load in chapter.get("loads", []) if short_name(load["skill"]) == skill.name),
                       key=lambda load: (load["ts"], load["chapter"]))
        procedure, body_words = matching.procedure_commands(skill.body), matching.words(skill.body)
        found.append((skill, loads, [matching.load_matches(load, procedure, body_words) for load in loads]))
    return found


def propose(skill, loads: list, verdicts: list) -> dict | None:
    """A reword or demote proposal for one generated skill, or None."""
    if not skill.generated or len(loads) < MIN_LOADS:
        return None
    rate = round(sum(verdicts) / len(loads), 3)
    if rate >= REWORD_BELOW:
        return None
    evidence = _evidence(loads, verdicts, rate)
    if rate < DEMOTE_BELOW and skill.metadata.get("from_note"):
        return _proposal(skill, "demote", None, evidence,
                         f"the work after {len(loads) - sum(verdicts)} of {len(loads)} loads did not follow it")
    helped = [load["before"] for load, ok in zip(loads, verdicts) if ok]
    misfired = [load["before"] for load, ok in zip(loads, verdicts) if not ok]
    terms = matching.trigger_terms(helped, misfired)
    if not terms:
        return None
    after = reworded(skill.description, terms)
    evidence["helped_terms"], evidence["misfire_terms"] = terms, sorted(
        set().union(*(matching.words(text) for text in misfired)) & matching.words(skill.description))
    if after == skill.description:
        return None
    return _proposal(skill, "reword", after, evidence, f"match rate {rate} over {len(loads)} loads is under "
                                                         f"{REWORD_BELOW}")


def reworded(description: str, terms: list) -> str:
    """The description's first sentence, narrowed to the terms seen where the skill helped."""
    first = description.split(". ")[0].rstrip(".")
    trigger = ", ".join(terms[:-1]) + (f" or {terms[-1]}" if len(terms) > 1 else terms[0])
    return f"{first}. Use when the task mentions {trigger}."[:1024]


def _proposal(skill, action: str, after, evidence: dict, reason: str) -> dict:
    key = f"{skill.name}|{action}|{after or ''}"
    return {"id": hashlib.sha256(key.encode("utf-8")).hexdigest()[:10], "skill": skill.name, "action": action,
            "note": skill.metadata.get("from_note"), "before": {"description": skill.description},
            "after": {"description": after} if action == "reword" else {"skill": None,
                                                                          "note": skill.metadata.get("from_note")},
            "reason": reason, "evidence": evidence}


def _evidence(loads: list, verdicts: list, rate: float) -> dict:
    shown = [{"chapter": load["chapter"], "at": load["ts"], "prompt": load["before"][:160], "matched": ok}
             for load, ok in list(zip(loads, verdicts))[-SHOWN_LOADS:]]
    return {"loads": len(loads), "matched": sum(verdicts), "match_rate": rate, "recent_loads": shown}


def _skill_row(skill, verdicts: list) -> dict:
    rate = round(sum(verdicts) / len(verdicts), 3) if verdicts else None
    return {"skill": skill.name, "generated": skill.generated, "loads": len(verdicts), "matched": sum(verdicts),
            "match_rate": rate}
