"""A transcript fold is exactly-once: killed at any instant (the host's timeout sends SIGKILL), the
later Stops neither duplicate nor lose a turn.

One deterministic case interrupts a fold after a given number of appended records; the soak kills
real `mage-hook Stop` processes folding a transcript of several MB at random instants, the
transcript growing whenever a fold got through, as the host's does. It runs SOAK_KILLS rounds
(6 by default; MAGE_SOAK_KILLS=100 for a long soak, MAGE_SOAK_SEED to vary the instants), then
lets a Stop finish, and compares every folded record with one fold nobody killed.
"""

import json
import os
import random
import signal
import subprocess
import time

import pytest

from helpers.hook import MAGE_HOOK
from mage_engine.capture import transcript_fold as fold, event_line as hook_capture
from helpers.transcript import Transcript

SOAK_KILLS = int(os.environ.get("MAGE_SOAK_KILLS", "6"))
ENV = {**os.environ, "MAGE_CAPTURE_MIN_CHARS": "0"}


def _turns(turns: int, session: str) -> tuple:
    """A transcript of `turns` turns (and a compaction every 500) and the line count after each turn."""
    t, ends = Transcript(session), []
    for index in range(turns):
        t.prompt(f"step {index}: build module {index} and say what changed in its output, in detail please")
        t.bash(f"make module-{index}", "built " + "x" * 300)
        if index % 500 == 250:
            t.compact()
        t.say("Module built; nothing else changed. " * 4)
        ends.append(len(t.lines))
    return t, ends


def _transcript(kb, turns: int, session: str = "s-fold"):
    return _turns(turns, session)[0].write(kb.root / f"{session}.jsonl")


def _payload(kb, path, session="s-fold"):
    return {"session_id": session, "cwd": str(kb.root), "hook_event_name": "Stop", "transcript_path": str(path)}


def _records(kb, session="s-fold") -> list:
    lines = []
    for path in sorted(kb.learnings_dir.glob(f"{session}*.jsonl")):
        lines += [json.loads(line) for line in path.read_text().splitlines()]
    return [line for line in lines if line["event"] in ("Turn", "CompactBoundary")]


def _folded(kb, session="s-fold") -> list:
    return [(line["event"], line["uuid"], line["chapter"]) for line in _records(kb, session)]


def _content(kb, session) -> tuple:
    """What was folded, however the reads were cut: each prompt and compaction in its chapter, and the tool calls.
    (One read takes at most 16 MB, so a turn cut by a read's end comes in two records.)"""
    records = _records(kb, session)
    kept = [(r["event"], r.get("prompt"), r["chapter"]) for r in records if r.get("prompt") or r["event"] != "Turn"]
    return kept, sum(len(r.get("tools") or []) for r in records)


class Killed(BaseException):
    """What SIGKILL does to a process: nothing after it runs (not even `except Exception`)."""


def test_a_fold_cut_off_after_some_appends_neither_duplicates_nor_loses_a_turn(kb, monkeypatch):
    path = _transcript(kb, 40)
    monkeypatch.setenv("MAGE_CAPTURE_MIN_CHARS", "0")
    hook_capture.capture_event(kb, "Stop", _payload(kb, path))
    reference = _folded(kb)
    for stale in kb.learnings_dir.iterdir():
        stale.unlink()
    for stale in (kb.state_dir / "sessions").iterdir():
        stale.unlink()
    real_append, calls = fold.append_record, []

    def dying_append(*args, **kwargs):
        calls.append(1)
        if len(calls) == 17:
            raise Killed()
        return real_append(*args, **kwargs)

    monkeypatch.setattr(fold, "append_record", dying_append)
    with pytest.raises(Killed):
        hook_capture.capture_event(kb, "Stop", _payload(kb, path))
    monkeypatch.setattr(fold, "append_record", real_append)
    hook_capture.capture_event(kb, "Stop", _payload(kb, path))
    hook_capture.capture_event(kb, "Stop", _payload(kb, path))
    assert _folded(kb) == reference


def _fold_seconds(kb, path, session) -> float:
    started = time.monotonic()
    done = subprocess.run([MAGE_HOOK, "Stop"], input=json.dumps(_payload(kb, path, session)).encode(), env=ENV,
                          capture_output=True, timeout=120)
    assert done.returncode == 0
    return time.monotonic() - started


def _fold_all(kb, path, session) -> None:
    """Stops until nothing new is folded (one Stop reads at most 16 MB of transcript)."""
    count = -1
    while count != len(_folded(kb, session)):
        count = len(_folded(kb, session))
        _fold_seconds(kb, path, session)


def test_kill_9_at_random_instants_during_a_big_fold(kb):
    turns = 1500 + 300 * SOAK_KILLS
    transcript, ends = _turns(turns, "s-fold")
    path = kb.root / "s-fold.jsonl"
    full = _fold_seconds(kb, _transcript(kb, 1500, session="s-timing"), "s-timing")  # 1,500 turns, on this machine now
    _fold_all(kb, _transcript(kb, turns, session="s-time"), "s-time")  # the reference: nobody kills it
    chooser = random.Random(int(os.environ.get("MAGE_SOAK_SEED", "12")))
    killed, written = 0, 1500
    transcript.write(path, ends[written - 1])
    for _ in range(SOAK_KILLS):
        process = subprocess.Popen([MAGE_HOOK, "Stop"], stdin=subprocess.PIPE, env=ENV, stdout=subprocess.DEVNULL)
        process.stdin.write(json.dumps(_payload(kb, path)).encode())
        process.stdin.close()
        time.sleep(chooser.uniform(0.01, full / 3))  # a round folds 300 new turns, or what a kill left
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            killed += 1
        elif written < turns:  # that fold got through: the conversation goes on
            written = min(turns, written + 300)
            transcript.write(path, ends[written - 1])
        process.wait()
    transcript.write(path)
    _fold_all(kb, path, "s-fold")
    folded = _folded(kb)
    uuids = [uuid for _, uuid, _ in folded]
    assert len(uuids) == len(set(uuids)), f"{len(uuids) - len(set(uuids))} records written twice after {killed} kills"
    kept, tools = _content(kb, "s-fold")
    reference, reference_tools = _content(kb, "s-time")  # the same conversation, folded by Stops nobody killed
    assert [(event, chapter) for event, _, chapter in kept] == [(event, chapter) for event, _, chapter in reference]
    compactions = sum(1 for index in range(turns) if index % 500 == 250)
    assert (len(kept), tools) == (turns + compactions, turns) == (len(reference), reference_tools)
    assert killed >= 1, "no kill landed during a fold"
    print(f"{killed} of {SOAK_KILLS} kills landed during a fold; {len(folded)} records, each once")
