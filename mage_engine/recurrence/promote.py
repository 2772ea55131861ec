"""`mage promote` (docs/recurrence.md#promote-and-the-dial): stage the strongest waiting candidates as recurrence drafts.

K comes from the sensitivity dial (or explicit thresholds). A candidate is a
signature seen in at least K distinct chapters that no note covers, that was
never rejected and has no draft waiting (candidates.py). At most
MAX_PER_PASS are staged per pass, strongest first (most chapters, then most
sightings); the rest wait for the next pass. Drafts go through the lesson
path's `stage_draft`, which scrubs them and refuses rejected fingerprints and
signatures, so a rejected recurrence draft never comes back.
"""

from dataclasses import dataclass, field

from mage_engine.recurrence import draft_text
from mage_engine.recurrence.candidates import evaluate, refresh_candidates

MAX_PER_PASS = 5


@dataclass
class PromoteResult:
    """What a pass staged (or would stage), what it passed over, and what waits."""

    k: int
    dry_run: bool
    staged: list = field(default_factory=list)    # drafts written (or, dry run, that would be)
    skipped: list = field(default_factory=list)   # at ≥ K but covered, rejected or already staged
    waiting: list = field(default_factory=list)   # candidates left for the next pass

    def to_json(self) -> dict:
        return {"K": self.k, "dry_run": self.dry_run, "staged": self.staged, "skipped": self.skipped,
                "waiting": self.waiting}


def promote(kb, dry_run: bool = False) -> PromoteResult:
    """Stage up to MAX_PER_PASS recurrence drafts; `dry_run` shows them without writing."""
    from mage_engine.kb.config import load_config
    from mage_engine.recurrence.distill import distill_tallies

    config = load_config(kb)
    tallies = {tally["signature"]: tally for tally in distill_tallies(kb).tallies}
    rows = evaluate(kb, list(tallies.values()), config)
    waiting = [row for row in rows if row["status"] == "waiting"]
    result = PromoteResult(k=config.k, dry_run=dry_run)
    result.skipped = [_brief(row) | {"status": row["status"], "by": row["by"]} for row in rows
                      if row["status"] != "waiting"]
    for row in waiting[:MAX_PER_PASS]:
        draft = draft_for(tallies[row["signature"]])
        if dry_run:
            result.staged.append(draft | {"draft": None})
        else:
            _stage(kb, draft, result)
    result.waiting = [_brief(row) for row in waiting[MAX_PER_PASS:]]
    if not dry_run:
        refresh_candidates(kb, list(tallies.values()), config)
    return result


def draft_for(tally: dict) -> dict:
    """The recurrence draft a tally becomes: title, body, kind, category, tags, evidence."""
    kind, category = draft_text.kind_and_category(tally)
    return {"signature": tally["signature"], "title": draft_text.title_for(tally), "body": draft_text.body_for(tally),
            "kind": kind, "category": category, "tags": draft_text.tags_for(tally), "chapters": tally["chapters"]}


def _stage(kb, draft: dict, result: PromoteResult) -> None:
    from mage_engine.grooming.stage import stage_draft

    source = "lesson" if draft["signature"].startswith("lesson:") else "recurrence"
    staged = stage_draft(kb, draft["title"], draft["body"], kind=draft["kind"], tags=draft["tags"],
                         category=draft["category"], source=source, signature=draft["signature"],
                         chapters=draft["chapters"])
    if staged.status == "staged":
        result.staged.append(draft | {"draft": staged.id, "nearest": staged.nearest})
    else:
        result.skipped.append({"signature": draft["signature"], "title": draft["title"], "status": staged.status,
                               "by": staged.matched})


def _brief(row: dict) -> dict:
    return {"signature": row["signature"], "title": row["title"], "chapter_count": row["chapter_count"],
            "count": row["count"]}
