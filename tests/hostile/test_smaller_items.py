"""The smaller failures: a wrong MAGE_KB, odd bytes, endless files, full disks, read-only folders,
and the TUI meeting a change a crashed command left half done."""

import os
import resource
import subprocess

import pytest

from helpers.process import BIN, run_mage
from hostile.helpers import run_every_hook
from helpers.hook import run_hook


def staged_kb(kb, *titles):
    for title in titles:
        done = run_mage("stage", "--title", title, "--body", f"What {title.lower()} taught us.", cwd=kb.root)
        assert done.returncode == 0, done.stderr
    return kb


def run_read_only(folder, *args, cwd, timeout=60):
    """`mage ARGS` with `folder` read-only: by chmod for a user; for root (whom chmod does not
    stop) by a read-only bind mount in a mount namespace of the command's own."""
    if os.geteuid() != 0:
        modes = {}
        for dirpath, dirnames, filenames in os.walk(folder):
            for path in [dirpath, *(os.path.join(dirpath, n) for n in filenames)]:
                modes[path] = os.stat(path).st_mode
                os.chmod(path, modes[path] & ~0o222)
        try:
            return run_mage(*args, cwd=cwd, timeout=timeout)
        finally:
            for path, mode in modes.items():
                os.chmod(path, mode)
    script = 'mount --bind -o ro "$1" "$1" && shift && exec "$@"'
    return subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(folder), str(BIN / "mage"), *map(str, args)],
                          cwd=cwd, capture_output=True, text=True, timeout=timeout)


def test_mage_kb_naming_a_folder_that_is_no_kb_makes_hooks_do_nothing_there(tmp_path):
    plain = tmp_path / "plain"
    plain.mkdir()
    runs = run_every_hook(plain, env={"MAGE_KB": str(plain)})
    assert all(done.returncode == 0 and done.stdout == "" for _, done in runs), runs
    assert os.listdir(plain) == []


def test_chapters_print_a_lone_surrogate_from_a_payload(kb):
    raw = ('{"session_id": "s\\ud800x", "cwd": "%s", "hook_event_name": "UserPromptSubmit", '
           '"prompt": "a prompt \\udc00 with a broken pair"}' % kb.root)
    assert run_hook("UserPromptSubmit", raw).returncode == 0
    for args in (["chapters"], ["chapters", "--json"]):
        done = run_mage(*args, cwd=kb.root)
        # the hook replaced the lone surrogate with U+FFFD as it read the payload (base/surrogates.py)
        assert done.returncode == 0 and ("s\ufffdx" in done.stdout or "s\\ufffdx" in done.stdout), done.stderr


def test_stage_takes_bytes_that_are_not_utf8_on_stdin(kb):
    done = subprocess.run([str(BIN / "mage"), "stage", "--title", "Odd bytes"], input=b"caf\xe9 \xff\xfe body",
                          cwd=kb.root, capture_output=True, timeout=60)
    assert done.returncode == 0 and b"staged odd-bytes" in done.stdout, done.stderr


def test_a_body_file_that_never_ends_is_refused_in_one_line(kb):
    done = run_mage("stage", "--title", "Endless", "--body-file", "/dev/zero", cwd=kb.root, timeout=20)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "over 64 KB" in done.stderr


def test_a_full_disk_in_index_is_one_line_naming_no_temporary_file(kb):
    staged_kb(kb, "First lesson", "Second lesson")
    assert run_mage("groom", "--accept-all", cwd=kb.root).returncode == 0
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))  # noqa: E731
    done = subprocess.run([str(BIN / "mage"), "index"], cwd=kb.root, capture_output=True, text=True, timeout=60,
                          preexec_fn=limit)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "internal error" not in done.stderr and "disk space" in done.stderr


def test_after_a_failed_apply_on_a_read_only_folder_reading_still_works(kb):
    staged_kb(kb, "Lesson to accept", "Another lesson")
    crashed = run_mage("groom", "--accept", "lesson-to-accept", cwd=kb.root, env={"MAGE_TEST_CRASH_AT": "after-journal"})
    assert crashed.returncode == 137 and kb.journal_path.exists()
    status = run_read_only(kb.notes_dir, "status", cwd=kb.root)
    assert status.returncode == 0, status.stderr
    assert status.stderr.count("\n") == 1 and "mage/notes/lesson-to-accept.md" in status.stderr
    assert ".tmp" not in status.stderr
    accept = run_read_only(kb.notes_dir, "groom", "--accept", "another-lesson", cwd=kb.root)
    assert accept.returncode == 1 and "could not be finished: mage/notes/lesson-to-accept.md" in accept.stderr
    assert run_mage("status", cwd=kb.root).returncode == 0  # writable again: the change is finished
    assert not kb.journal_path.exists() and (kb.notes_dir / "lesson-to-accept.md").is_file()


def test_recall_works_on_a_read_only_kb(kb):
    staged_kb(kb, "Run pytest after an editable install")
    assert run_mage("groom", "--accept-all", cwd=kb.root).returncode == 0
    (kb.notes_dir / "run-pytest-after-an-editable-install.md").touch()  # stale: recall would refresh it
    done = run_read_only(kb.root, "recall", "pytest", "editable", cwd=kb.root)
    assert done.returncode == 0 and "run-pytest-after-an-editable-install" in done.stdout, done.stderr


def test_the_tui_service_finishes_a_crashed_accept_before_grooming(kb):
    from mage_tui.service import make_service

    staged_kb(kb, "Alpha lesson", "Beta lesson")
    crashed = run_mage("groom", "--accept", "alpha-lesson", cwd=kb.root, env={"MAGE_TEST_CRASH_AT": "after-journal"})
    assert crashed.returncode == 137
    service = make_service(kb, actor="person")
    assert not kb.journal_path.exists() and not (kb.staging_dir / "alpha-lesson.md").exists()
    service.accept(["beta-lesson"])
    assert sorted(os.listdir(kb.notes_dir)) == ["alpha-lesson.md", "beta-lesson.md"]
    with pytest.raises(Exception, match="already accepted into mage/notes/alpha-lesson.md"):
        service.accept(["alpha-lesson"])


def test_the_tui_grooms_under_the_kb_lock_even_without_opening_through_recovery(kb):
    from mage_tui.service import MageService

    staged_kb(kb, "Gamma lesson", "Delta lesson")
    crashed = run_mage("groom", "--accept", "gamma-lesson", cwd=kb.root, env={"MAGE_TEST_CRASH_AT": "after-journal"})
    assert crashed.returncode == 137
    MageService(kb, actor="person").accept(["delta-lesson"])  # the engine's lock recovers first
    assert sorted(os.listdir(kb.notes_dir)) == ["delta-lesson.md", "gamma-lesson.md"]
    assert sorted(os.listdir(kb.staging_dir)) == []



@pytest.mark.parametrize("event", ["Stop", "PreCompact"])
def test_a_transcript_path_that_is_a_fifo_is_refused_not_waited_on(kb, tmp_path, event):
    fifo = tmp_path / "transcript.jsonl"
    os.mkfifo(fifo)
    for _ in range(2):  # the second run finds the session lock free: the first did not die holding it
        done = run_hook(event, {"session_id": "s", "cwd": str(kb.root), "transcript_path": str(fifo)}, timeout=8)
        assert done.returncode == 0 and done.stdout == ""
    assert "transcript fold failed" in (kb.scratch_dir / "errors.log").read_text()
    assert len((kb.learnings_dir / "s.jsonl").read_text().splitlines()) == 2


def test_a_hook_never_rebuilds_a_big_index_itself(kb):
    from mage_engine.recall.index.lifecycle import HOOK_REBUILD_LIMIT, ensure_fresh, rebuild_index
    from mage_engine.recall.search.bm25 import search

    for n in range(HOOK_REBUILD_LIMIT + 100):
        (kb.notes_dir / f"note-{n:04d}.md").write_text(f"---\ntitle: Note {n} on pytest\n---\nBody {n}.\n")
    rebuild_index(kb)
    for n in range(HOOK_REBUILD_LIMIT + 100):  # a `git pull` rewrote every note
        (kb.notes_dir / f"note-{n:04d}.md").write_text(f"---\ntitle: Note {n} on pytest, v2\n---\nBody {n}.\n")
    assert ensure_fresh(kb, scan_budget_ms=6.0) == "deferred"  # a background refresh rebuilds it
    assert search(kb, "pytest", fresh=False)  # meanwhile the last good index answers


def _big_notes(kb, count: int, size: int, version: str = "") -> None:
    words = [f"w{n:05d}x" for n in range(5000)]
    line = " ".join(words[:12]) + "\n"
    for n in range(count):
        body = "".join(f"{n} {version} " + line for _ in range(size // len(line)))
        (kb.notes_dir / f"big-{n}.md").write_text(f"---\ntitle: Big note {n} {version}\n---\n{body}")


def test_a_clone_of_a_few_huge_notes_does_not_make_a_prompt_wait_for_the_index(kb):
    """A hostile repository of 20 notes of 400 KB (no `.mage/index` in a clone): the hook built them
    inline (it counted notes, not bytes), taking seconds on every prompt the host killed it at."""
    from mage_engine.recall.index.lifecycle import HOOK_REBUILD_BYTES, HOOK_REBUILD_LIMIT, ensure_fresh

    _big_notes(kb, 20, 400_000)
    assert 20 < HOOK_REBUILD_LIMIT and 20 * 400_000 > HOOK_REBUILD_BYTES  # few notes, many bytes
    assert ensure_fresh(kb, scan_budget_ms=6.0) == "deferred"  # the background refresh builds it


def test_a_pull_that_rewrites_a_few_huge_notes_is_indexed_in_the_background(kb):
    from mage_engine.recall.index.lifecycle import ensure_fresh, rebuild_index

    _big_notes(kb, 5, 400_000)
    rebuild_index(kb)
    _big_notes(kb, 5, 400_000, "v2")
    assert ensure_fresh(kb, scan_budget_ms=6.0) == "deferred"
    assert ensure_fresh(kb) == "updated"  # a command (no budget) indexes it itself
