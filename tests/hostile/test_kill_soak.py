"""kill -9 at random instants of accept, merge, reject, index and a Stop fold: after the next
command the KB is exactly as before or exactly as after, no file is torn, no temporary file is
left in mage/, and every trail line still parses.

A few dozen kills by default; MAGE_SOAK_KILLS=500 for a long soak (MAGE_SOAK_SEED picks the instants).
"""

import json
import os
import random
import re
import shutil
import signal
import subprocess
import time

import pytest

from helpers.process import BIN, run_mage
from hostile.helpers import payload, transcript_lines

KILLS = int(os.environ.get("MAGE_SOAK_KILLS", "30"))  # 24 grooming kills, 6 in Stop folds
SEED = int(os.environ.get("MAGE_SOAK_SEED", "20261201"))
ACTIONS = {
    "accept": ["groom", "--accept-all"],
    "merge": ["groom", "--merge", "extra-detail", "--into", "note-000"],
    "reject": ["groom", "--reject", "draft-000", "draft-001", "draft-002", "--reason", "soak"],
    "index": ["index"],
}


def snapshot(root) -> dict:
    files = {}
    for folder in ("mage", ".mage/staging"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                files[str(path.relative_to(root))] = re.sub(r'"at": "[^"]+"', '"at": "T"', path.read_text())
    return files


def pristine_kb(base):
    root = base / "pristine"
    root.mkdir()
    assert run_mage("init", cwd=root).returncode == 0
    for n in range(40):
        (root / "mage" / "notes" / f"note-{n:03d}.md").write_text(
            f"---\ntitle: Note {n} about caches and builds\n---\nWhat note {n} says about caches.\n")
    from mage_engine.grooming.stage import stage_draft
    from mage_engine.kb.layout import KB

    for n in range(12):
        assert stage_draft(KB(root), f"Draft {n:03d}", f"Draft body {n} on retries.").status == "staged"
    assert stage_draft(KB(root), "Extra detail", "A paragraph the merge adds.").status == "staged"
    (root / "mage" / "notes" / "hand-written.md").write_text("---\ntitle: Written by hand\n---\nNot indexed yet.\n")
    transcript = root.parent / "transcript.jsonl"
    with open(transcript, "w") as handle:
        for n in range(2500):  # a few MB: a fold a kill can land in
            for line in transcript_lines(f"t{n}"):
                handle.write(json.dumps(line) + "\n")
    return root, transcript


@pytest.fixture(scope="module")
def soak(tmp_path_factory):
    """The pristine KB, and per action its files after a clean run and how long that run took."""
    base = tmp_path_factory.mktemp("soak")
    root, transcript = pristine_kb(base)
    refs = {}
    for action, args in ACTIONS.items():
        clean = shutil.copytree(root, base / f"clean-{action}")
        started = time.monotonic()
        assert run_mage(*args, cwd=clean).returncode == 0
        refs[action] = (snapshot(clean), time.monotonic() - started)
    return root, transcript, snapshot(root), refs, base


def kill_at_random(args, cwd, seconds: float, stdin=None) -> bool:
    """Start the command, SIGKILL it `seconds` later; True when the kill landed before it ended."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAGE_KB", "CLAUDECODE", "MAGE_ACTOR")}
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if stdin:
        proc.stdin.write(stdin)
        proc.stdin.close()
    time.sleep(seconds)
    killed = proc.poll() is None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return killed


def next_command_recovers(root) -> None:
    from mage_engine.kb.layout import KB
    from mage_engine.kb.lock import kb_lock

    with kb_lock(KB(root)):  # what the next command does first: finish the change, sweep dead temporaries
        pass


def test_kill_9_at_any_instant_leaves_before_or_after(soak, tmp_path):
    """Kills are counted only when they land inside the run: the instants adapt to how fast the
    (loaded) machine runs each command, so every kill counted interrupts a live process."""
    root, _, before, refs, _ = soak
    rng, names = random.Random(SEED), sorted(ACTIONS)
    landed = {name: 0 for name in names}
    span = {name: refs[name][1] for name in names}  # seconds a clean run took
    target = max(1, KILLS * 4 // 5 // len(names))
    for n in range(target * len(names) * 3):
        action = min(names, key=lambda name: landed[name])
        if landed[action] >= target:
            break
        victim = shutil.copytree(root, tmp_path / f"{action}-{n}")
        hit = kill_at_random([str(BIN / "mage"), *ACTIONS[action]], victim, rng.uniform(0.1, 1.0) * span[action])
        landed[action] += hit
        span[action] *= 1.05 if hit else 0.7
        next_command_recovers(victim)
        now = snapshot(victim)
        assert now in (before, refs[action][0]), (action, n, SEED, sorted(set(now.items()) ^ set(before.items()))[:3])
        assert not [p for p in victim.glob("mage/**/.*.tmp")] and not os.listdir(victim / ".mage" / "tmp")
        shutil.rmtree(victim)
    assert all(count >= target for count in landed.values()), landed


def test_kill_9_during_a_stop_fold_tears_no_trail_line(soak, tmp_path):
    root, transcript, _, _, _ = soak
    rng, landed, span, target = random.Random(SEED + 1), 0, 0.5, max(1, KILLS // 5)
    victim = shutil.copytree(root, tmp_path / "stop")
    stop = json.dumps(payload("Stop", victim, "soak-session", transcript)).encode()
    for _ in range(target * 3):
        if landed >= target:
            break
        hit = kill_at_random([str(BIN / "mage-hook"), "Stop"], victim, rng.uniform(0.1, 1.0) * span, stdin=stop)
        landed += hit
        span *= 1.05 if hit else 0.7
    done = subprocess.run([str(BIN / "mage-hook"), "Stop"], input=stop, cwd=victim, capture_output=True, timeout=60)
    assert done.returncode == 0
    lines = (victim / ".mage" / "learnings" / "soak-session.jsonl").read_bytes().split(b"\n")
    assert lines[-1] == b"" and all(json.loads(line) for line in lines[:-1] if line)
    state = json.loads((victim / ".mage" / "state" / "sessions" / "soak-session.json").read_text())
    assert state["offset"] == transcript.stat().st_size
    assert landed >= target
