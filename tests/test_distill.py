"""Distill (docs/recurrence.md#distill): tallies from the trail, incremental, byte-identical for the same trail."""

import json
import os

from helpers.process import run_mage
from mage_engine.recurrence.pipeline import distill
from mage_engine.recurrence.distill import tallies_path
from mage_engine.recurrence.distill_state import folder
from replay.lines import TrailWriter, import_fix, write_chapters

IMPORT_FIX = "fix: pytest | ModuleNotFoundError: No module named <name> | pip install -e ."


def by_signature(result) -> dict:
    return {tally["signature"]: tally for tally in result.tallies}


def test_a_fix_seen_in_three_chapters_is_tallied_with_its_evidence(kb):
    write_chapters(kb, 3)
    tally = by_signature(distill(kb))[IMPORT_FIX]
    assert tally["chapters"] == ["s0:1", "s1:1", "s2:1"] and tally["chapter_count"] == 3 and tally["count"] == 3
    assert tally["first_seen"].startswith("2026-11-01") and tally["last_seen"].startswith("2026-11-03")
    assert tally["fix_steps"] == [{"steps": ["pip install -e ."], "count": 3}]
    assert [e["error"] for e in tally["examples"]] == [f"ModuleNotFoundError: No module named 'acme' (exit 1)"] * 3
    assert tally["examples"][0] | {"at": ""} == {"chapter": "s0:1", "at": "", "command": "pytest -q",
                                                "error": "ModuleNotFoundError: No module named 'acme' (exit 1)",
                                                "fix": ["pip install -e ."], "then": "pytest -q"}


def test_at_most_three_examples_from_the_latest_chapters(kb):
    write_chapters(kb, 5)
    tally = by_signature(distill(kb))[IMPORT_FIX]
    assert [e["chapter"] for e in tally["examples"]] == ["s2:1", "s3:1", "s4:1"]


def test_examples_are_scrubbed(kb):
    trail = TrailWriter(kb, "leaky")
    trail.fails("pytest -q", "E ModuleNotFoundError: No module named 'acme'")
    trail.ok("GITHUB_TOKEN=ghp_Q7vR2mXk9LpT4wZs8NcB1yHd6FgJ3aUe5KoW pip install -e .")
    trail.ok("pytest -q")
    example = distill(kb).tallies[0]["examples"][0]
    assert "ghp_" not in json.dumps(example) and "[REDACTED:" in example["fix"][0]


def test_a_rerun_over_an_unchanged_trail_does_no_work(kb):
    write_chapters(kb, 3)
    first = distill(kb)
    files = sorted(folder(kb).iterdir()) + [tallies_path(kb)]
    stamps = [os.stat(p).st_mtime_ns for p in files]
    again = distill(kb)
    assert (first.read, again.read) == (12 + 3, 0)
    assert [os.stat(p).st_mtime_ns for p in files] == stamps
    assert again.to_json() == first.to_json()


def test_only_new_lines_are_read_and_the_result_equals_a_full_fold(kb, tmp_path):
    writers = write_chapters(kb, 2)
    distill(kb)
    later = TrailWriter(kb, "s9", day=9)
    import_fix(later)
    assert distill(kb).read == 4
    incremental = tallies_path(kb).read_bytes()
    (folder(kb) / "index.json").unlink()
    full = distill(kb)
    assert full.read == 2 * 5 + 4 and tallies_path(kb).read_bytes() == incremental
    assert by_signature(full)[IMPORT_FIX]["chapter_count"] == 3 and writers


def test_a_chapter_that_grows_across_runs_is_analysed_whole(kb):
    trail = TrailWriter(kb, "slow")
    trail.prompt("run the tests")
    trail.fails("pytest -q", "E ModuleNotFoundError: No module named 'acme'")
    assert distill(kb).tallies == []
    trail.ok("pip install -e .")
    trail.ok("pytest -q")
    assert [t["signature"] for t in distill(kb).tallies] == [IMPORT_FIX]


def test_a_line_still_being_written_waits_for_the_next_run(kb):
    trail = TrailWriter(kb, "torn")
    import_fix(trail)
    with open(trail.path, "a") as handle:
        handle.write('{"ts":"2026-11-01T11:00:00.000Z","session":"torn","event":"UserPr')
    assert distill(kb).read == 4
    with open(trail.path, "a") as handle:
        handle.write('omptSubmit","chapter":1,"sub":false,"prompt":"thanks"}\n')
    assert distill(kb).read == 1


def test_rotation_is_followed_without_starting_over(kb):
    trail = TrailWriter(kb, "long")
    import_fix(trail)
    distill(kb)
    os.rename(trail.path, trail.path.with_name("long.1.jsonl"))  # what capture does past 10 MiB
    trail.compact()
    import_fix(trail)
    result = distill(kb)
    assert (result.read, result.restarted) == (2 + 4, False)
    assert by_signature(result)[IMPORT_FIX]["chapters"] == ["long:1", "long:2"]


def test_a_pruned_trail_file_makes_distill_fold_again_from_the_start(kb):
    writers = write_chapters(kb, 3)
    distill(kb)
    writers[0].path.unlink()  # retention pruned the oldest session
    result = distill(kb)
    assert result.restarted and by_signature(result)[IMPORT_FIX]["chapter_count"] == 2


def test_subagent_work_and_chapters_without_work_never_count(kb):
    def sub_fix(trail):
        trail.line("PostToolUseFailure", sub=True, tool="Bash", command="pytest -q", ok=False,
                   error="E ModuleNotFoundError: No module named 'acme'")
        trail.line("PostToolUse", sub=True, tool="Bash", command="pip install -e .", ok=True)
        trail.line("PostToolUse", sub=True, tool="Bash", command="pytest -q", ok=True)

    write_chapters(kb, 3, pattern=sub_fix)
    result = distill(kb)
    assert result.tallies == [] and (result.chapters, result.qualifying) == (3, 0)


def test_transcript_turns_stand_in_when_hooks_saw_nothing(kb):
    """An older host without tool hooks: the folded `Turn` lines carry the work, never counted twice."""
    for number in range(3):
        trail = TrailWriter(kb, f"t{number}", day=number + 1)
        trail.prompt("run the tests")  # the hook saw the prompt only
        trail.line("Turn", prompt="run the tests", tools=[
            {"tool": "Bash", "command": "pytest -q", "ok": False, "error": "E ModuleNotFoundError: No module "
                                                                          "named 'acme'", "exit": 1},
            {"tool": "Bash", "command": "pip install -e .", "ok": True},
            {"tool": "Bash", "command": "pytest -q", "ok": True}])
    tally = by_signature(distill(kb))[IMPORT_FIX]
    assert tally["chapter_count"] == 3 and tally["count"] == 3


def test_progress_is_reported_while_reading(kb):
    write_chapters(kb, 2)
    seen = []
    distill(kb, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] > 0


def test_mage_distill_prints_tallies_and_json_is_identical_run_after_run(kb):
    write_chapters(kb, 3)
    first = run_mage("distill", "--json", "--kb", kb.root)
    second = run_mage("distill", "--json", "--kb", kb.root)
    assert first.returncode == 0 and first.stdout == second.stdout
    assert json.loads(first.stdout)["candidates"][0]["signature"] == IMPORT_FIX
    human = run_mage("distill", "--kb", kb.root).stdout
    assert f"       3     3  {IMPORT_FIX}  <- candidate" in human and "K=3: 1 candidate for" in human


def test_an_empty_trail_says_so(kb):
    done = run_mage("distill", "--kb", kb.root)
    assert done.returncode == 0 and "no recurring signatures yet" in done.stdout


def test_a_chapter_that_stops_showing_a_signature_is_recounted_exactly(kb):
    """The transcript turns out to hold more of a chapter than its hooks did: the chapter is
    read from the turns, its sighting goes, and the examples come from the chapters left."""
    write_chapters(kb, 3)
    latest = TrailWriter(kb, "s9", day=9)
    import_fix(latest)  # the fourth chapter, still open
    assert [e["chapter"] for e in by_signature(distill(kb))[IMPORT_FIX]["examples"]] == ["s1:1", "s2:1", "s9:1"]
    latest.line("Turn", prompt="run the tests", tools=[{"tool": "Read", "paths": [f"f{n}.py"], "ok": True}
                                                       for n in range(9)])
    result = distill(kb)
    assert [e["chapter"] for e in by_signature(result)[IMPORT_FIX]["examples"]] == ["s0:1", "s1:1", "s2:1"]
    incremental = tallies_path(kb).read_bytes()
    (folder(kb) / "index.json").unlink()
    distill(kb)
    assert tallies_path(kb).read_bytes() == incremental


def test_a_damaged_state_file_costs_a_full_fold_never_a_wrong_tally(kb):
    write_chapters(kb, 3)
    distill(kb)
    expected = tallies_path(kb).read_bytes()
    later = TrailWriter(kb, "s8", day=8)
    later.prompt("hello")
    (folder(kb) / "sightings.json").write_text("{not json")
    result = distill(kb)
    assert result.restarted and by_signature(result)[IMPORT_FIX]["chapter_count"] == 3
    assert tallies_path(kb).read_bytes() == expected
