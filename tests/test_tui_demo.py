"""`mage demo`: a realistic KB built through the engine from the sample data shipped in the package."""

import json

from mage_engine.demo.build import DEMO_NOW, build_demo_kb
from mage_engine.kb.notes import load_folder, read_note
from helpers.process import run_mage
from helpers.tui import BASTION, EDITABLE, HTTPX, ORDER


def test_the_demo_has_a_dozen_notes_across_kinds_and_categories(tmp_path):
    kb = build_demo_kb(tmp_path / "demo", now=DEMO_NOW).kb
    notes, problems = load_folder(kb.notes_dir)
    assert not problems and len(notes) >= 12
    assert len({n.kind for n in notes}) >= 6 and len({n.category for n in notes}) >= 8
    assert kb.index_md.read_text().count("](notes/") == len(notes)


def test_demo_drafts_are_staged_by_the_engine_with_the_secret_scrubbed(tmp_path):
    kb = build_demo_kb(tmp_path / "demo", now=DEMO_NOW).kb
    assert sorted(p.stem for p in kb.staging_dir.glob("*.md")) == sorted(ORDER)
    bastion = kb.draft_path(BASTION).read_text()
    assert "Tr0ub4dor" not in bastion and bastion.count("[REDACTED:") == 2


def test_the_near_duplicate_draft_points_at_its_note(tmp_path):
    kb = build_demo_kb(tmp_path / "demo", now=DEMO_NOW).kb
    nearest = read_note(kb.draft_path(EDITABLE)).draft["nearest"]
    assert nearest["id"] == "pytest-needs-editable-install" and nearest["similarity"] >= 0.8


def test_demo_dates_follow_the_clock_given(tmp_path):
    import datetime as dt

    later = DEMO_NOW + dt.timedelta(days=10)
    kb = build_demo_kb(tmp_path / "demo", now=later).kb
    assert read_note(kb.draft_path(HTTPX)).draft["staged"] == "2026-03-23T15:04:00Z"
    assert read_note(kb.note_path("token-auth-v2-goal")).created == "2026-02-24"
    first = json.loads(next(iter(sorted(kb.learnings_dir.glob("*.jsonl")))).read_text().splitlines()[0])
    assert first["ts"] == "2026-03-20T09:00:47.000Z" and first["event"] == "SessionStart"


def test_the_trail_reads_as_chapters(tmp_path):
    from mage_engine.trail.chapters import list_chapters

    kb = build_demo_kb(tmp_path / "demo", now=DEMO_NOW).kb
    chapters = list_chapters(kb, now=DEMO_NOW)
    assert len({c.session for c in chapters}) == 3 and len(chapters) == 6
    assert all(c.counts for c in chapters)


def test_mage_demo_no_app_builds_where_asked_and_says_where(tmp_path):
    done = run_mage("demo", "--path", tmp_path / "here", "--no-app")
    assert done.returncode == 0, done.stderr
    assert f"Demo knowledge base: {tmp_path / 'here'}" in done.stdout
    assert f"{tmp_path / 'here' / 'mage' / 'notes'}/" in done.stdout
    assert len(list((tmp_path / "here" / ".mage" / "staging").glob("*.md"))) == len(ORDER)


def test_mage_demo_refuses_a_folder_that_is_not_empty(tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "README.md").write_text("mine\n")
    done = run_mage("demo", "--path", tmp_path / "busy", "--no-app")
    assert done.returncode == 1 and done.stderr.startswith("mage: ") and "not empty" in done.stderr
    assert (tmp_path / "busy" / "README.md").read_text() == "mine\n"


def test_mage_tui_refuses_without_a_kb(tmp_path):
    done = run_mage("tui", cwd=tmp_path)
    assert done.returncode == 1 and "no knowledge base" in done.stderr


def test_the_demo_recurrence_draft_is_what_distill_and_promote_make_of_the_demo_trail(tmp_path):
    from mage_engine.recurrence.pipeline import distill
    from helpers.tui import RECURRING

    kb = build_demo_kb(tmp_path / "demo", now=DEMO_NOW).kb
    draft = read_note(kb.draft_path(RECURRING))
    (tally,) = [t for t in distill(kb).tallies if t["chapter_count"] >= 3]
    assert draft.draft["signature"] == tally["signature"] and draft.draft["source"] == "recurrence"
    assert "`" not in draft.title  # titled in words


def test_merging_the_recurrence_draft_into_its_note_retires_the_pattern(tmp_path):
    from mage_engine.recurrence.pipeline import candidates
    from mage_engine.recurrence.promote import promote
    from helpers.tui import RECURRING

    kb = build_demo_kb(tmp_path / "demo", now=DEMO_NOW).kb
    done = run_mage("groom", "--merge", RECURRING, "--into", "gha-uv-cache-key", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    result = promote(kb)
    assert result.staged == [] and candidates(kb) == []
    assert [row["status"] for row in result.skipped] == ["covered"]
