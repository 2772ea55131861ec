"""Trail lines written directly, in the format capture writes (docs/capture.md#what-each-line-records), for fast unit tests.

The replay suite proves the same patterns through the real hook entry point;
these builders let distill's own tests plant exact situations (rotation,
transcript-only chapters, torn lines) without a subprocess per event.
"""

import json
from pathlib import Path


class TrailWriter:
    """Appends one session's trail lines with increasing timestamps."""

    def __init__(self, kb, session: str, day: int = 1, chapter: int = 1):
        self.kb, self.session, self.chapter = kb, session, chapter
        self.day, self.second = day, 0
        self.path = Path(kb.learnings_dir) / f"{session}.jsonl"
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def line(self, event: str, sub: bool = False, **fields) -> dict:
        self.second += 1
        record = {"ts": f"2026-11-{self.day:02d}T10:{self.second // 60:02d}:{self.second % 60:02d}.000Z",
                  "session": self.session, "event": event, "chapter": self.chapter, "sub": sub, **fields}
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        return record

    def prompt(self, text: str):
        return self.line("UserPromptSubmit", prompt=text)

    def ok(self, command: str, tool: str = "Bash", **fields):
        return self.line("PostToolUse", tool=tool, command=command, ok=True, **fields)

    def fails(self, command: str, error: str, code: int = 1, **fields):
        return self.line("PostToolUseFailure", tool="Bash", command=command, ok=False, error=error, exit=code,
                         **fields)

    def edit(self, path: str):
        return self.line("PostToolUse", tool="Edit", paths=[path], ok=True)

    def read(self, path: str):
        return self.line("PostToolUse", tool="Read", paths=[path], ok=True)

    def skill(self, name: str):
        return self.line("PostToolUse", tool="Skill", command=name, skill=name, ok=True)

    def compact(self):
        self.line("PreCompact", trigger="auto")
        self.chapter += 1
        self.line("SessionStart", source="compact")

    def end(self):
        return self.line("SessionEnd", reason="other")


def import_fix(trail: TrailWriter, module: str = "acme") -> None:
    """pytest fails on an import, `pip install -e .`, pytest passes."""
    trail.prompt("run the tests")
    trail.fails("pytest -q", f"E ModuleNotFoundError: No module named '{module}'")
    trail.ok("pip install -e .")
    trail.ok("pytest -q")


def write_chapters(kb, count: int, pattern=import_fix, prefix: str = "s", day: int = 1) -> list:
    """`count` sessions of one chapter each, each holding `pattern`; returns the writers."""
    writers = []
    for number in range(count):
        trail = TrailWriter(kb, f"{prefix}{number}", day=day + number)
        pattern(trail)
        trail.end()
        writers.append(trail)
    return writers
