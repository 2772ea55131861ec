"""Benchmark: `mage distill` over 100,000 trail events, and incremental over 1,000 new ones.

Writes a synthetic trail in capture's line format (400 sessions, compactions,
prompts, reads, edits, shell commands, failures fixed in recurring and
one-off ways, user corrections, skill loads, subagent lines), then times the
whole `mage distill` process, median of several runs, against the venv's
`python -c pass` measured in the same run:

- full: a first fold of all 100,000 events (no saved state).   Goal: ≤ 2 s.
- incremental: 1,000 events appended after a full fold.          Goal: ≤ 0.2 s.
- unchanged: a re-run with nothing new (reads no trail line).

    .venv/bin/python benchmarks/bench_distill.py [--runs 7] [--events 100000]
"""

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from process_timing import BIN, timed

ROOT = Path(__file__).resolve().parent.parent
GOALS = {"full": 2.0, "incremental": 0.2}
ERRORS = [("pytest -q", "E ModuleNotFoundError: No module named 'acme_{n}'", "pip install -e ."),
          ("npm run build", "TypeError: Cannot read properties of undefined (reading 'x{n}')", "npm ci"),
          ("cargo build", "error[E0433]: failed to resolve: use of undeclared crate `serde{n}`", "cargo add serde"),
          ("make lint", "src/app.py:{n}:1: E302 expected 2 blank lines", "ruff format src/app.py")]


class Session:
    """Writes one session's lines as capture would."""

    def __init__(self, folder: Path, name: str, day: int, rng: random.Random):
        self.handle = open(folder / f"{name}.jsonl", "a", encoding="utf-8")
        self.name, self.day, self.rng, self.chapter, self.clock, self.count = name, day, rng, 1, 0, 0

    def line(self, event: str, **fields) -> None:
        self.clock += 1
        stamp = f"2026-{1 + self.day // 28:02d}-{1 + self.day % 28:02d}T{self.clock // 3600 % 24:02d}:" \
                f"{self.clock // 60 % 60:02d}:{self.clock % 60:02d}.000Z"
        record = {"ts": stamp, "session": self.name, "event": event, "chapter": self.chapter, "sub": False, **fields}
        self.handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.count += 1

    def turn(self) -> None:
        rng = self.rng
        self.line("UserPromptSubmit", prompt=rng.choice(["fix the failing build", "add a test for totals",
                                                         "refactor the invoice module", "why is CI red?"]))
        for _ in range(rng.randint(2, 6)):
            kind = rng.random()
            if kind < 0.4:
                self.line("PostToolUse", tool="Read", paths=[f"src/mod_{rng.randint(1, 80)}.py"], ok=True)
            elif kind < 0.6:
                self.line("PostToolUse", tool="Edit", paths=[f"src/mod_{rng.randint(1, 80)}.py"], ok=True)
            else:
                self.line("PostToolUse", tool="Bash", command=rng.choice(["git status", "ls src", "pytest -q -x"]),
                          ok=True)
        if rng.random() < 0.15:
            self.failure_fixed()
        if rng.random() < 0.05:
            self.line("PostToolUse", tool="Bash", command="npm install left-pad", ok=True)
            self.line("UserPromptSubmit", prompt="No, use pnpm here.")
        if rng.random() < 0.05:
            self.line("PostToolUse", tool="Skill", command="pytest-editable", skill="pytest-editable", ok=True)
        if rng.random() < 0.1:
            self.line("PostToolUse", sub=True, tool="Grep", command="TODO", ok=True)
        self.line("Stop", message="Done.")

    def failure_fixed(self) -> None:
        command, error, fix = self.rng.choice(ERRORS)
        self.line("PostToolUseFailure", tool="Bash", command=command, ok=False,
                  error=error.format(n=self.rng.randint(1, 9)), exit=1)
        self.line("PostToolUse", tool="Bash", command=fix, ok=True)
        self.line("PostToolUse", tool="Bash", command=command, ok=True)

    def compact(self) -> None:
        self.line("PreCompact", trigger="auto")
        self.chapter += 1
        self.line("SessionStart", source="compact")


def write_trail(folder: Path, events: int, seed: int = 7, prefix: str = "s") -> None:
    """About `events` lines over sessions of ~250 events, chapters of ~50."""
    rng, written, number = random.Random(seed), 0, 0
    while written < events:
        session = Session(folder, f"{prefix}{number:04d}", number, rng)
        session.line("SessionStart", source="startup")
        while session.count < 250 and written + session.count < events:
            session.turn()
            if session.count % 50 < 6 and session.count > 40:
                session.compact()
        session.line("SessionEnd", reason="other")
        written += session.count
        session.handle.close()
        number += 1


def count_lines(folder: Path) -> int:
    return sum(path.read_bytes().count(b"\n") for path in folder.glob("*.jsonl"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--events", type=int, default=100_000)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from mage_engine.kb.init import init_kb

    mage = str(BIN / "mage")
    with tempfile.TemporaryDirectory() as folder:
        kb = init_kb(Path(folder) / "project").kb
        kb.learnings_dir.mkdir(parents=True, exist_ok=True)
        write_trail(kb.learnings_dir, args.events)
        base_events = count_lines(kb.learnings_dir)
        command = [mage, "distill", "--kb", str(kb.root)]
        figures = {"baseline": [timed([sys.executable, "-c", "pass"]) for _ in range(args.runs)]}
        figures["full"] = [_full(kb, command) for _ in range(args.runs)]
        figures["unchanged"] = [timed(command) for _ in range(args.runs)]
        figures["incremental"], added = _incremental(kb, command, args.runs)
        _report(figures, base_events, added)


def _full(kb, command) -> float:
    shutil.rmtree(kb.state_dir / "distill", ignore_errors=True)
    for name in ("tallies.json", "candidates.json"):
        (kb.state_dir / name).unlink(missing_ok=True)
    return timed(command)


def _incremental(kb, command, runs) -> tuple[list, int]:
    """Each run: the state as after a full fold, then 1,000 new events in new session files.

    Trail files are never copied back (that would change their inodes, which
    distill rightly reads as a new trail): only the new files are removed.
    """
    timed(command)
    saved = Path(tempfile.mkdtemp())
    shutil.copytree(kb.state_dir, saved / "state")
    fresh = Path(tempfile.mkdtemp())
    write_trail(fresh, 1_000, seed=99, prefix="n")
    added = count_lines(fresh)
    times = []
    for _ in range(runs):
        for path in fresh.glob("*.jsonl"):
            (kb.learnings_dir / path.name).unlink(missing_ok=True)
        shutil.rmtree(kb.state_dir)
        shutil.copytree(saved / "state", kb.state_dir)
        for path in fresh.glob("*.jsonl"):
            shutil.copy(path, kb.learnings_dir / path.name)
        times.append(timed(command))
    shutil.rmtree(saved)
    shutil.rmtree(fresh)
    return times, added


def _report(figures: dict, events: int, added: int) -> None:
    base = statistics.median(figures["baseline"])
    print(f"trail: {events} events; incremental: {added} new events; median of {len(figures['full'])} runs")
    print(f"baseline `python -c pass`:      {base:.3f} s")
    for name, label in (("full", f"full fold ({events} events)"), ("incremental", f"incremental (+{added})"),
                        ("unchanged", "unchanged re-run")):
        median = statistics.median(figures[name])
        goal = f"  goal ≤ {GOALS[name]} s: {'ok' if median <= GOALS[name] else 'MISSED'}" if name in GOALS else ""
        print(f"{label:<30} {median:.3f} s  ({median / base:.1f}× baseline){goal}")


if __name__ == "__main__":
    main()
