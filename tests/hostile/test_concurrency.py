"""Two groomers at once, as real processes: the KB lock serialises them, nothing is lost, and the
one that comes second says what happened instead of reporting success or a missing draft."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from helpers.process import BIN, run_mage
from helpers.hook import run_hook
from mage_engine.kb.notes import Note, write_note

ROUNDS = int(os.environ.get("MAGE_CONCURRENCY_ROUNDS", "1"))  # more: MAGE_CONCURRENCY_ROUNDS=20


def draft(kb, draft_id, text):
    note = Note(id=draft_id, title=f"Lesson {draft_id}", body=text, draft={"source": "lesson", "fingerprint": draft_id})
    write_note(kb.draft_path(draft_id), note)


def note(kb, note_id, text):
    write_note(kb.note_path(note_id), Note(id=note_id, title=f"Note {note_id}", body=text))


def at_once(kb, *commands):
    """Start every command together; [(returncode, stdout, stderr)] in order."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAGE_KB", "CLAUDECODE", "MAGE_ACTOR")}
    procs = [subprocess.Popen([str(BIN / "mage"), *args], cwd=kb.root, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for args in commands]
    return [(p.returncode, *p.communicate(timeout=120)) if p.wait(timeout=120) is not None else None for p in procs]


def filled(kb, notes=150):
    for n in range(notes):
        note(kb, f"filler-{n:03d}", f"Filler note {n} about nothing in particular.")
    return kb


@pytest.mark.parametrize("round_", range(ROUNDS + 1))
def test_two_merges_of_one_draft_into_one_note(kb, round_):
    filled(kb)
    note(kb, "target", "The note both merges update.")
    draft(kb, "extra", "A paragraph that must reach the note.")
    runs = at_once(kb, ["groom", "--merge", "extra", "--into", "target"], ["groom", "--merge", "extra", "--into", "target"])
    codes = sorted(code for code, _, _ in runs)
    assert codes == [0, 1], runs
    loser = next(err for code, _, err in runs if code == 1)
    assert "draft 'extra' was already merged into mage/notes/target.md" in loser
    assert "A paragraph that must reach the note." in (kb.notes_dir / "target.md").read_text()
    assert not (kb.staging_dir / "extra.md").exists()


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_disjoint_accepts_at_once_leave_an_index_of_every_note(kb, round_):
    filled(kb)
    ids = [f"draft-{n:03d}" for n in range(60)]
    for draft_id in ids:
        draft(kb, draft_id, f"Body of {draft_id}.")
    runs = at_once(kb, ["groom", "--accept", *ids[:30]], ["groom", "--accept", *ids[30:]])
    assert [code for code, _, _ in runs] == [0, 0], runs
    notes = sorted(p.stem for p in kb.notes_dir.glob("*.md"))
    index = (kb.mage_dir / "INDEX.md").read_text()
    assert len(notes) == 210 and f"{len(notes)} notes, by category" in index
    assert all(f"(notes/{n}.md)" in index for n in notes)


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_accept_and_reject_of_overlapping_drafts_never_do_both(kb, round_):
    filled(kb)
    ids = [f"draft-{n:03d}" for n in range(40)]
    for draft_id in ids:
        draft(kb, draft_id, f"Body of {draft_id}.")
    runs = at_once(kb, ["groom", "--accept", *ids[:30]], ["groom", "--reject", *ids[10:], "--reason", "race"])
    assert sorted(code for code, _, _ in runs) == [0, 1], runs
    assert any("was already" in err for code, _, err in runs if code == 1)
    rejected = {json.loads(line)["id"] for line in (kb.mage_dir / "rejected.jsonl").read_text().splitlines()} \
        if (kb.mage_dir / "rejected.jsonl").exists() else set()
    accepted = {draft_id for draft_id in ids if (kb.notes_dir / f"{draft_id}.md").exists()}
    waiting = {draft_id for draft_id in ids if (kb.staging_dir / f"{draft_id}.md").exists()}
    assert not accepted & rejected and not accepted & waiting and not rejected & waiting
    assert accepted | rejected | waiting == set(ids)


def test_two_accepts_of_one_draft_one_says_it_was_already_accepted(kb):
    draft(kb, "only", "Accepted once.")
    runs = at_once(kb, ["groom", "--accept", "only"], ["groom", "--accept", "only"])
    assert sorted(code for code, _, _ in runs) == [0, 1], runs
    assert "draft 'only' was already accepted into mage/notes/only.md" in next(e for c, _, e in runs if c == 1)
    assert sorted(os.listdir(kb.notes_dir)) == ["only.md"]


HOLD = """
import sys, time
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock
with kb_lock(KB(sys.argv[1]), recover=sys.argv[2] == "recover"):
    print("held", flush=True)
    time.sleep(60)
"""


def holder(kb, recover=True):
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(kb.root), "recover" if recover else "hold"],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_held_lock_is_waited_on_then_named_and_a_dead_holder_holds_nothing(kb):
    draft(kb, "waiting", "Accepted once the lock is free.")
    proc = holder(kb)
    try:
        busy = run_mage("groom", "--accept", "waiting", cwd=kb.root, env={"MAGE_LOCK_WAIT": "0.5"})
        assert busy.returncode == 1
        assert busy.stderr.strip().startswith(f"mage: another mage is grooming (pid {proc.pid}); retry")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    done = run_mage("groom", "--accept", "waiting", cwd=kb.root, env={"MAGE_LOCK_WAIT": "0.5"})
    assert done.returncode == 0, done.stderr


def test_hooks_never_wait_on_a_groomer_and_finish_what_a_dead_one_left(kb):
    draft(kb, "half", "Accepted by a groomer that died.")
    crashed = run_mage("groom", "--accept", "half", cwd=kb.root, env={"MAGE_TEST_CRASH_AT": "after-journal"})
    assert crashed.returncode == 137
    proc = holder(kb, recover=False)  # a live groomer holds the lock: the hook neither waits nor recovers
    try:
        started = time.monotonic()
        done = run_hook("SessionStart", {"session_id": "s", "cwd": str(kb.root), "source": "startup"})
        assert done.returncode == 0 and time.monotonic() - started < 3
        assert kb.journal_path.exists()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    run_hook("SessionStart", {"session_id": "s", "cwd": str(kb.root), "source": "startup"})
    assert not kb.journal_path.exists() and (kb.notes_dir / "half.md").exists()
