"""Promote (docs/recurrence.md#promote-and-the-dial): K from the dial, at most 5 per pass strongest first, covered and rejected checks."""

import json

from helpers.process import run_mage
from mage_engine.grooming.backlog import count_candidates
from mage_engine.grooming.groom import reject
from mage_engine.kb.notes import load_folder
from mage_engine.recurrence.pipeline import distill
from mage_engine.recurrence.promote import promote
from replay.lines import write_chapters

NAMES = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf"]


def failing_with(name):
    def pattern(trail):
        trail.fails("pytest -q", f"E {name}Error: the {name.lower()} service is not configured")
        trail.ok("pip install -e .")
        trail.ok("pytest -q")
    return pattern


def plant(kb, name, chapters, prefix="", day=1):
    write_chapters(kb, chapters, pattern=failing_with(name), prefix=prefix or name.lower(), day=day)


def signature(name):
    return f"fix: pytest | {name}Error: the {name.lower()} service is not configured | pip install -e ."


def test_at_most_five_per_pass_strongest_first_the_rest_wait(kb):
    for name, chapters in zip(NAMES, (3, 3, 4, 4, 5, 6, 7)):
        plant(kb, name, chapters)
    distill(kb)
    assert count_candidates(kb) == 7
    first = promote(kb)
    assert [d["signature"] for d in first.staged] == [signature(n) for n in ("Golf", "Foxtrot", "Echo", "Charlie",
                                                                            "Delta")]
    assert [w["signature"] for w in first.waiting] == [signature("Alpha"), signature("Bravo")]
    assert count_candidates(kb) == 2
    second = promote(kb)
    assert [d["signature"] for d in second.staged] == [signature("Alpha"), signature("Bravo")]
    assert {row["status"] for row in second.skipped} == {"staged"} and count_candidates(kb) == 0
    assert len(load_folder(kb.staging_dir)[0]) == 7


def test_below_K_nothing_is_promoted_and_explicit_thresholds_move_K(kb):
    plant(kb, "Alpha", 2)
    assert promote(kb, dry_run=True).staged == []
    kb.config_path.write_text(kb.config_path.read_text() + "thresholds: {K: 2}\n")
    assert [d["signature"] for d in promote(kb, dry_run=True).staged] == [signature("Alpha")]


def test_a_dry_run_shows_the_draft_and_writes_nothing(kb):
    plant(kb, "Alpha", 3)
    done = run_mage("promote", "--dry-run", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    assert "would stage 1 recurrence draft (K=3)" in done.stdout
    assert "pytest fails with “AlphaError: the alpha service is not configured”: running pip install -e . fixes it" \
        in done.stdout
    assert "## Procedure" in done.stdout and not list(kb.staging_dir.glob("*.md"))


def test_the_draft_records_signature_chapters_and_source(kb):
    plant(kb, "Alpha", 3)
    staged = promote(kb).staged[0]
    draft = load_folder(kb.staging_dir)[0][0]
    assert draft.id == staged["draft"] and draft.kind == "procedure" and draft.origin == "recurrence"
    assert draft.signatures == [signature("Alpha")]
    assert draft.draft["signature"] == signature("Alpha")
    assert draft.draft["chapters"] == ["alpha0:1", "alpha1:1", "alpha2:1"]
    assert draft.summary.startswith("`pytest -q` failed with `AlphaError: the alpha service is not configured` "
                                    "in 3 chapters")


def test_a_rejected_signature_is_never_staged_again(kb):
    plant(kb, "Alpha", 3)
    draft_id = promote(kb).staged[0]["draft"]
    reject(kb, [draft_id], reason="not useful")
    plant(kb, "Alpha", 4, prefix="later")  # later sessions: the same situation keeps recurring
    result = promote(kb)
    assert result.staged == [] and [row["status"] for row in result.skipped] == ["rejected"]
    assert not list(kb.staging_dir.glob("*.md")) and count_candidates(kb) == 0


def test_a_rejection_whose_reason_holds_a_line_separator_still_holds(kb):
    plant(kb, "Alpha", 3)
    reject(kb, [promote(kb).staged[0]["draft"]], reason="noise\u2028from CI")  # json.dumps keeps U+2028 raw
    plant(kb, "Alpha", 4, prefix="later")
    assert [row["status"] for row in promote(kb).skipped] == ["rejected"]


def test_promote_json_and_the_backlog_line(kb):
    plant(kb, "Alpha", 3)
    data = json.loads(run_mage("promote", "--json", "--kb", kb.root).stdout)
    assert data["K"] == 3 and data["dry_run"] is False and len(data["staged"]) == 1
    assert data["staged"][0]["draft"] and data["staged"][0]["kind"] == "procedure"


def test_a_note_written_later_retires_the_candidate_at_the_next_distill(kb):
    from mage_engine.kb.notes import Note, write_note

    plant(kb, "Alpha", 3)
    assert [c["signature"] for c in distill(kb).candidates] == [signature("Alpha")]
    plant(kb, "Alpha", 1, prefix="more", day=20)  # a new sighting: the verdict is reused, still waiting
    assert count_candidates(kb) == 1 and distill(kb).candidates[0]["chapter_count"] == 4
    write_note(kb.note_path("alpha"), Note(id="alpha", title="Configure alpha", kind="procedure",
                                           body="Install editable.", signatures=[signature("Alpha")]))
    assert distill(kb).candidates == [] and count_candidates(kb) == 0
