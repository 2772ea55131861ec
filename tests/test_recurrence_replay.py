"""Replay: multi-session trails built through the real `mage-hook`, with planted patterns and noise.

The trail is built once per module (two stages, see replay/trails.py) and each
test works on its own copy of a stage.
"""

import json
import shutil

import pytest

from helpers.process import run_mage
from mage_engine.kb.init import init_kb
from mage_engine.kb.layout import KB
from mage_engine.kb.notes import Note, write_note
from mage_engine.recurrence.promote import promote
from replay import scenarios
from replay.builder import replay
from replay.payloads import Session
from replay.trails import build, stage_one, stage_two

PLANTED = set(scenarios.PLANTED)


@pytest.fixture(scope="module")
def stages(tmp_path_factory):
    base = tmp_path_factory.mktemp("replay")
    kb = init_kb(base / "project").kb
    build(kb.root, stage_one)
    shutil.copytree(kb.root, base / "stage1", symlinks=True)
    build(kb.root, stage_two)
    shutil.copytree(kb.root, base / "stage2", symlinks=True)
    return {1: base / "stage1", 2: base / "stage2"}


@pytest.fixture
def stage(stages, tmp_path):
    """stage(n) -> a private copy of the KB after stage n, free to change."""
    def copy(number: int) -> KB:
        target = tmp_path / f"stage{number}"
        shutil.copytree(stages[number], target, symlinks=True)
        return KB(target)
    return copy


def proposed(kb) -> list[str]:
    return [draft["signature"] for draft in promote(kb, dry_run=True).staged]


def set_sensitivity(kb, value):
    done = run_mage("dial", "sensitivity", value, "--kb", kb.root)
    assert done.returncode == 0, done.stderr


def test_the_hooks_wrote_chapters_and_a_compaction_with_no_work_counts_for_nothing(stage):
    from mage_engine.trail.chapters import list_chapters

    chapters = list_chapters(stage(1))
    assert len(chapters) == 7
    assert [c.counts for c in chapters].count(False) == 1
    idle = next(c for c in chapters if not c.counts)
    assert idle.work_events == 0 and idle.ordinal == 2


def test_at_K_minus_one_chapters_nothing_is_a_candidate(stage):
    kb = stage(1)
    tallies = {t["signature"]: t for t in run_json(kb, "distill")["tallies"]}
    assert {sig: tallies[sig]["chapter_count"] for sig in PLANTED} == {sig: 2 for sig in PLANTED}
    assert proposed(kb) == []


def test_at_K_chapters_each_planted_pattern_is_exactly_one_candidate(stage):
    kb = stage(2)
    assert sorted(proposed(kb)) == sorted(PLANTED)
    tallies = {t["signature"]: t for t in run_json(kb, "distill")["tallies"]}
    assert all(tallies[sig]["chapter_count"] == 3 for sig in PLANTED)


def test_noise_makes_no_signature_at_all(stage):
    tallies = run_json(stage(2), "distill")["tallies"]
    signatures = [t["signature"] for t in tallies]
    # different errors once each stay below any K above 1; nothing else may appear
    assert all(t["chapter_count"] == 1 for t in tallies if t["signature"] not in PLANTED)
    for absent in ("go test", "go mod tidy", "edit <file>", "make lint", "AssertionError", "leave it", "git status",
                   "README"):
        assert not [s for s in signatures if absent in s], absent


def test_noise_yields_no_candidate_even_at_high_sensitivity(stage):
    kb = stage(2)
    set_sensitivity(kb, "high")
    assert sorted(proposed(kb)) == sorted(PLANTED)


def test_the_dial_moves_K_as_documented(stage):
    kb = stage(1)
    set_sensitivity(kb, "high")  # K=2: two sightings are enough
    assert sorted(proposed(kb)) == sorted(PLANTED)
    set_sensitivity(kb, "normal")
    assert proposed(kb) == []
    later = stage(2)
    set_sensitivity(later, "low")  # K=4: three sightings are not
    assert proposed(later) == []
    done = run_mage("promote", "--dry-run", "--json", "--kb", later.root, env={"MAGE_SENSITIVITY": "normal"})
    assert len(json.loads(done.stdout)["staged"]) == 3


def test_explicit_thresholds_override_the_dial(stage):
    kb = stage(1)
    text = kb.config_path.read_text()
    kb.config_path.write_text(text + "thresholds: {K: 2, M: 5}\n")
    assert sorted(proposed(kb)) == sorted(PLANTED)


def test_a_note_listing_the_signature_covers_it(stage):
    kb = stage(2)
    write_note(kb.note_path("editable-install"), Note(
        id="editable-install", title="Install the package editable before pytest", kind="procedure",
        body="Run `pip install -e .` first.", signatures=[scenarios.IMPORT_FIX]))
    result = promote(kb, dry_run=True)
    assert sorted(d["signature"] for d in result.staged) == sorted(PLANTED - {scenarios.IMPORT_FIX})
    assert {"signature": scenarios.IMPORT_FIX, "status": "covered"}.items() <= _skipped(result)[0].items()


OTHER_NOTES = [("deploy-staging", "Deploy to staging with make deploy", "Run `make deploy ENV=staging`."),
               ("db-migrations", "Run Alembic migrations before the API starts", "`alembic upgrade head` first."),
               ("release-tags", "Tag releases as vX.Y.Z on main", "Create the tag after CI is green."),
               ("invoice-rounding", "Invoice totals round half-even", "Use Decimal quantize with ROUND_HALF_EVEN."),
               ("lint-config", "Ruff owns formatting and import order", "Run `ruff format` before committing.")]


def test_a_note_recall_finds_above_the_hint_floor_covers_it(stage):
    kb = stage(2)
    for note_id, title, body in OTHER_NOTES:  # a knowledge base holds more than the one note
        write_note(kb.note_path(note_id), Note(id=note_id, title=title, body=body, kind="fact"))
    write_note(kb.note_path("pytest-editable"), Note(
        id="pytest-editable", title="pytest ModuleNotFoundError: pip install -e . first", kind="procedure",
        tags=["pytest", "pip"], body="When pytest fails with ModuleNotFoundError: No module named … for this "
                                     "project's own package, run `pip install -e .` and run pytest again."))
    assert run_mage("index", "--kb", kb.root).returncode == 0
    result = promote(kb, dry_run=True)
    assert scenarios.IMPORT_FIX not in [d["signature"] for d in result.staged]
    assert _skipped(result)[0]["by"]["note"] == "pytest-editable"


def test_a_note_about_the_same_error_with_another_fix_does_not_cover_it(stage):
    kb = stage(2)
    for note_id, title, body in OTHER_NOTES:
        write_note(kb.note_path(note_id), Note(id=note_id, title=title, body=body, kind="fact"))
    write_note(kb.note_path("pythonpath"), Note(
        id="pythonpath", title="pytest ModuleNotFoundError: No module named … means PYTHONPATH", kind="lesson",
        body="When pytest fails with ModuleNotFoundError for a vendored module, export PYTHONPATH=vendor."))
    assert run_mage("index", "--kb", kb.root).returncode == 0
    assert scenarios.IMPORT_FIX in [d["signature"] for d in promote(kb, dry_run=True).staged]


def test_promote_stages_drafts_a_person_would_keep(stage):
    kb = stage(2)
    done = json.loads(run_mage("promote", "--json", "--kb", kb.root).stdout)
    assert sorted(d["signature"] for d in done["staged"]) == sorted(PLANTED)
    draft = next(d for d in done["staged"] if d["signature"] == scenarios.IMPORT_FIX)
    text = kb.draft_path(draft["draft"]).read_text()
    # titled in words, not command text with backticks
    assert "title: 'pytest fails with “ModuleNotFoundError: No module named …”: running pip install -e . fixes it'" in text
    body = text.split("\n---\n", 1)[1]
    summary, evidence, procedure = body.split("\n\n## ")[:3]
    assert "failed with `ModuleNotFoundError: No module named <name>` in 3 chapters" in summary
    assert evidence.startswith("Evidence") and evidence.count("chapter `") == 3
    assert "No module named 'acme_billing.invoices'" in evidence and "No module named 'acme_billing.api'" in evidence
    assert procedure.startswith("Procedure\n\n1. `pip install -e .`\n2. Run ")
    status = json.loads(run_mage("status", "--json", "--kb", kb.root).stdout)
    assert status["drafts"] == 3 and status["candidates"] == 0


def test_status_counts_candidates_after_distill(stage):
    kb = stage(2)
    assert run_mage("distill", "--kb", kb.root).returncode == 0
    assert json.loads(run_mage("status", "--json", "--kb", kb.root).stdout)["candidates"] == 3


def test_a_rejected_recurrence_draft_never_comes_back(stage):
    from mage_engine.grooming.groom import reject

    kb = stage(2)
    staged = {d["signature"]: d["draft"] for d in promote(kb).staged}
    reject(kb, [staged[scenarios.PNPM_CORRECTION]], reason="we know")
    again = Session(kb.root, "foxtrot")  # the same correction recurs in a fourth chapter
    scenarios.pnpm_correction(again, command="npm install dayjs", said="no, use pnpm", then="pnpm add dayjs")
    again.end()
    replay([again])
    tallies = {t["signature"]: t for t in run_json(kb, "distill")["tallies"]}
    assert tallies[scenarios.PNPM_CORRECTION]["chapter_count"] == 4
    result = promote(kb)
    assert result.staged == []
    assert [row["status"] for row in _skipped(result) if row["signature"] == scenarios.PNPM_CORRECTION] == ["rejected"]


def test_distill_of_the_same_trail_is_byte_identical_however_it_was_read(stage, tmp_path):
    kb = stage(1)
    run_json(kb, "distill")  # stage 1 folded; then the stage-2 session arrives
    full = stage(2)
    for path in full.learnings_dir.glob("*.jsonl"):
        if not (kb.learnings_dir / path.name).exists():
            shutil.copy(path, kb.learnings_dir / path.name)
    incremental = run_mage("distill", "--json", "--kb", kb.root).stdout
    assert incremental == run_mage("distill", "--json", "--kb", full.root).stdout
    assert (kb.state_dir / "tallies.json").read_bytes() == (full.state_dir / "tallies.json").read_bytes()


def run_json(kb, *args):
    done = run_mage(*args, "--json", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _skipped(result) -> list:
    return [row for row in result.skipped]


def test_skill_loads_captured_by_the_hook_drive_optimize(tmp_path):
    from mage_engine.recurrence.optimize import optimize
    from mage_engine.kb.skills import Skill, render_skill, skill_path

    kb = init_kb(tmp_path / "project").kb
    skill = Skill(name="pytest-editable", description="Install editable before pytest. Use when the task involves "
                  "pytest or deploys.", body="## Procedure\n\n1. `pip install -e .`\n2. `pytest -q`\n",
                  metadata={"generated_by": "mage", "from_note": "pytest-editable"})
    skill_path(kb, "pytest-editable").parent.mkdir(parents=True)
    skill_path(kb, "pytest-editable").write_text(render_skill(skill))
    sessions = []
    for number in range(5):
        session = Session(kb.root, f"skills-{number}")
        if number < 1:
            session.prompt("pytest cannot import acme_billing")
            session.skill("pytest-editable")
            session.bash("pip install -e .", "Successfully installed")
        else:
            session.prompt("deploy the invoices service to staging")
            session.skill("pytest-editable")
            session.bash("make deploy ENV=staging", "deployed")
        session.end()
        sessions.append(session)
    replay(sessions)
    proposal, = optimize(kb, dry_run=True).proposals
    assert (proposal["evidence"]["loads"], proposal["evidence"]["matched"]) == (5, 1)
    assert proposal["action"] == "reword"  # a match rate of 0.2 is under 0.4, not under 0.2
    assert "acme_billing" in proposal["after"]["description"] and "deploy" not in proposal["after"]["description"]
