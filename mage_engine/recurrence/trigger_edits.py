"""A trigger edit for one skill: reword its description, or demote it back to its note, with the evidence.

With at least MIN_LOADS loads, a match rate (matching.py) under DEMOTE_BELOW
proposes demotion (the skill goes back to being its note), under REWORD_BELOW a
reworded `description` built from the words of the prompts where it helped,
minus any seen where it fired falsely. optimize.py gathers the loads and ranks
the proposals; optimize_shipped.py makes the same for mage's own skills.
"""

import hashlib

from mage_engine.recurrence import matching

MIN_LOADS = 5
REWORD_BELOW = 0.4
DEMOTE_BELOW = 0.2
SHOWN_LOADS = 10


def propose(skill, loads: list, verdicts: list) -> dict | None:
    """A reword or demote proposal for one generated skill, or None."""
    if not skill.generated or len(loads) < MIN_LOADS:
        return None
    rate = round(sum(verdicts) / len(loads), 3)
    if rate >= REWORD_BELOW:
        return None
    evidence = load_evidence(loads, verdicts, rate)
    if rate < DEMOTE_BELOW and skill.metadata.get("from_note"):
        return make_proposal(skill, "demote", None, evidence,
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
    return make_proposal(skill, "reword", after, evidence,
                         f"match rate {rate} over {len(loads)} loads is under {REWORD_BELOW}")


def reworded(description: str, terms: list) -> str:
    """The description's first sentence, narrowed to the terms seen where the skill helped."""
    first = description.split(". ")[0].rstrip(".")
    trigger = ", ".join(terms[:-1]) + (f" or {terms[-1]}" if len(terms) > 1 else terms[0])
    return f"{first}. Use when the task mentions {trigger}."[:1024]


def make_proposal(skill, action: str, after, evidence: dict, reason: str) -> dict:
    key = f"{skill.name}|{action}|{after or ''}"
    return {"id": hashlib.sha256(key.encode("utf-8")).hexdigest()[:10], "skill": skill.name, "action": action,
            "note": skill.metadata.get("from_note"), "before": {"description": skill.description},
            "after": {"description": after} if action == "reword" else {"skill": None,
                                                                          "note": skill.metadata.get("from_note")},
            "reason": reason, "evidence": evidence}


def load_evidence(loads: list, verdicts: list, rate: float) -> dict:
    shown = [{"chapter": load["chapter"], "at": load["ts"], "prompt": load["before"][:160], "matched": ok}
             for load, ok in list(zip(loads, verdicts))[-SHOWN_LOADS:]]
    return {"loads": len(loads), "matched": sum(verdicts), "match_rate": rate, "recent_loads": shown}
