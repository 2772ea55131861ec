"""The file guard and the atomic writes on the real file system: links, FIFOs, sizes, full disks."""

import os
import subprocess
import sys
import textwrap
import time

import pytest

from helpers.hook import run_hook
from mage_engine.kb import atomic, guard


def test_appending_never_writes_through_a_link(kb, tmp_path):
    outside = tmp_path / "bashrc"
    outside.write_text("# rc\n")
    (kb.scratch_dir / "errors.log").symlink_to(outside)
    with pytest.raises(guard.Refused, match="is a symbolic link"):
        atomic.append_line(kb.scratch_dir / "errors.log", "echo pwned")
    assert outside.read_text() == "# rc\n"


def test_a_link_anywhere_on_the_way_is_refused_for_reads_writes_and_folders(kb, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "n.md").write_text("---\ntitle: t\n---\nsecret\n")
    os.rmdir(kb.notes_dir)
    kb.notes_dir.symlink_to(elsewhere)
    for action in (lambda: guard.read_bytes(kb.notes_dir / "n.md", 100),
                   lambda: atomic.write_text_atomic(kb.notes_dir / "new.md", "x"),
                   lambda: atomic.append_line(kb.notes_dir / "log", "x"),
                   lambda: guard.entries(kb.notes_dir), lambda: guard.makedirs(kb.notes_dir / "sub")):
        with pytest.raises(guard.Refused, match="mage/notes is a symbolic link"):
            action()
    assert sorted(os.listdir(elsewhere)) == ["n.md"]


def test_an_atomic_write_replaces_a_link_instead_of_writing_through_it(kb, tmp_path):
    outside = tmp_path / "target.md"
    outside.write_text("theirs\n")
    kb.index_md.unlink(missing_ok=True)  # init wrote one: a link now stands in its place
    kb.index_md.symlink_to(outside)
    atomic.write_text_atomic(kb.index_md, "ours\n")
    assert outside.read_text() == "theirs\n"
    assert not kb.index_md.is_symlink() and kb.index_md.read_text() == "ours\n"


def test_a_fifo_is_refused_at_once_never_waited_on(kb):
    os.mkfifo(kb.notes_dir / "stuck.md")
    started = time.monotonic()
    with pytest.raises(guard.Refused, match="not a regular file"):
        guard.read_bytes(kb.notes_dir / "stuck.md", 1000)
    with pytest.raises(guard.Refused, match="not a regular file"):
        atomic.append_line(kb.notes_dir / "stuck.md", "x")
    assert time.monotonic() - started < 1


def test_a_file_over_the_cap_is_refused_before_it_is_read(kb):
    big = kb.notes_dir / "big.md"
    with open(big, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # a 50 MB (sparse) note
    started = time.monotonic()
    with pytest.raises(guard.Refused, match="mage reads at most"):
        guard.read_bytes(big, 1024 * 1024)
    assert time.monotonic() - started < 0.5


def test_temporary_files_live_in_dot_mage_tmp_and_dead_writers_leftovers_are_swept(kb):
    from mage_engine.kb.tmpfiles import sweep_temporaries

    atomic.write_text_atomic(kb.memory_md, "x\n")
    assert not [n for n in os.listdir(kb.mage_dir) if n.endswith(".tmp")]
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    for folder in (kb.mage_dir, kb.notes_dir, kb.scratch_dir / "tmp"):
        (folder / f".MEMORY.md.{pid}.1.123.tmp").write_text("half")
    (kb.scratch_dir / "tmp" / f".live.{os.getpid()}.1.1.tmp").write_text("mine")
    removed = sweep_temporaries(kb)
    assert len(removed) == 3
    assert os.listdir(kb.scratch_dir / "tmp") == [f".live.{os.getpid()}.1.1.tmp"]


FULL_DISK = textwrap.dedent("""
    import resource, sys
    from mage_engine.kb.atomic import append_line
    resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), int(sys.argv[2])))
    try:
        append_line(sys.argv[1], sys.argv[3])
    except OSError as error:
        print(type(error).__name__, error.errno)
""")


def test_a_short_write_on_a_full_disk_fails_loudly_and_the_next_line_is_not_glued_on(tmp_path):
    from mage_engine.kb.layout import KB

    KB(str(tmp_path))
    trail = tmp_path / ".mage" / "learnings" / "s.jsonl"
    trail.parent.mkdir(parents=True)
    trail.write_text('{"event":"first"}\n')
    record = '{"event":"Stop","message":"' + "x" * 9000 + '"}'
    limit = trail.stat().st_size + 8192  # 8 KB free: the Stop record does not fit
    full = subprocess.run([sys.executable, "-c", FULL_DISK, str(trail), str(limit), record],
                          capture_output=True, text=True)
    assert full.stdout.split()[0] == "OSError" and full.stdout.split()[1] == "27"  # loud, not silent
    atomic.append_line(trail, '{"event":"next"}')
    lines = trail.read_text().split("\n")
    assert lines[0] == '{"event":"first"}' and lines[-2] == '{"event":"next"}' and lines[-1] == ""
    assert '"next"' not in lines[1]  # the torn Stop fragment stands alone, readers skip it


def test_errors_log_rotates_past_its_cap(kb):
    log = kb.scratch_dir / "errors.log"
    log.write_text("old line\n" * 140_000)  # ~1.2 MB: a burst of "lock busy" lines
    done = run_hook("PostToolUse", {"cwd": str(kb.root), "tool_name": "Bash", "tool_input": {}})  # no session
    assert done.returncode == 0
    assert (kb.scratch_dir / "errors.log.1").stat().st_size > 1_000_000
    assert log.read_text().count("\n") == 1 and "no session_id" in log.read_text()


def test_a_lock_file_committed_as_a_link_is_replaced_not_followed(kb, tmp_path):
    from mage_engine.kb.lock import kb_lock

    outside = tmp_path / "profile"
    outside.write_text("# profile\n")
    (kb.scratch_dir / "kb.lock").symlink_to(outside)
    with kb_lock(kb):
        pass
    assert outside.read_text() == "# profile\n" and not (kb.scratch_dir / "kb.lock").is_symlink()
