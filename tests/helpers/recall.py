"""Shared pieces of the recall tests: a knowledge base of the evaluation notes, a note writer,
and the UserPromptSubmit / SessionStart payloads Claude Code sends."""

import shutil
from pathlib import Path

from mage_engine.kb.init import init_kb

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "recall"


def eval_kb(root: Path):
    """A KB holding the 40 evaluation notes (not indexed yet), written a minute ago."""
    kb = init_kb(root).kb
    for note in (FIXTURES / "notes").glob("*.md"):
        shutil.copy(note, kb.notes_dir / note.name)
        backdate(kb.notes_dir / note.name)
    return kb


def backdate(path: Path, seconds: int = 60) -> None:
    """Move a file's mtime into the past (as if written before the test started)."""
    import os

    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns - seconds * 10**9))


def write_note(kb, note_id: str, title: str, body: str, kind: str = "lesson", tags: str = "") -> Path:
    """Write a note file the way a person would (plain text, no mage involved)."""
    path = kb.notes_dir / f"{note_id}.md"
    path.write_text(f"---\nid: {note_id}\ntitle: {title}\nkind: {kind}\ncategory: lessons\n"
                    f"tags: [{tags}]\ncreated: 2026-11-01\nupdated: 2026-11-01\n---\n{body}\n", encoding="utf-8")
    return path


def indexed_eval_kb(root: Path):
    """`eval_kb(root)`, indexed by the real `mage index`."""
    from helpers.process import run_mage

    kb = eval_kb(root)
    assert run_mage("index", cwd=kb.root).returncode == 0
    return kb


def indexed_kb_of(root: Path, notes: dict):
    """A KB at `root` holding `notes` ({id: (title, body)}), indexed by `mage index`."""
    from mage_engine.kb.init import init_kb
    from helpers.process import run_mage

    kb = init_kb(root).kb
    for note_id, (title, body) in notes.items():
        write_note(kb, note_id, title, body)
    assert run_mage("index", cwd=kb.root).returncode == 0
    return kb


def why(kb, prompt: str) -> dict:
    """The hook's decision on `prompt`, as `mage hints --why --json` reports it (nothing injected)."""
    import json
    from helpers.process import run_mage

    done = run_mage("hints", "--why", prompt, "--json", cwd=kb.root)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)[0]


def prompt_payload(kb, prompt: str, session: str = "test-session") -> dict:
    return {"session_id": session, "transcript_path": f"/tmp/{session}.jsonl", "cwd": str(kb.root),
            "prompt_id": "7f0c3a52-0000-4000-8000-000000000001", "permission_mode": "default",
            "hook_event_name": "UserPromptSubmit", "prompt": prompt}


def start_payload(kb, session: str = "test-session", source: str = "startup") -> dict:
    return {"session_id": session, "transcript_path": f"/tmp/{session}.jsonl", "cwd": str(kb.root),
            "hook_event_name": "SessionStart", "source": source}


def injected(done) -> str:
    """The additionalContext of a hook run ('' when the hook printed nothing)."""
    import json

    if not done.stdout.strip():
        return ""
    return json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]


def eval_protocol():
    """benchmarks/eval_recall.py, the protocol the hint targets are measured by, imported as a module."""
    import importlib
    import sys

    benchmarks = str(Path(__file__).resolve().parent.parent.parent / "benchmarks")
    if benchmarks not in sys.path:
        sys.path.insert(0, benchmarks)  # as when the script runs: it imports process_timing beside it
    return importlib.import_module("eval_recall")


def assert_meets_the_hint_targets(result: dict) -> None:
    """The targets of docs/recall.md#calibration: hint recall@4 >= 0.9 on prompts with relevant notes, silence >= 0.9 on the rest."""
    assert result["recall@4"] >= 0.9, result["misses"]
    assert result["silence"] >= 0.9, result["misses"]


def fixture_kb(root: Path, folder: str):
    """An indexed KB holding one labelled set's notes (tests/fixtures/<folder>/notes), written before
    the test started (so no timestamp is racily clean)."""
    from helpers.process import run_mage
    from mage_engine.kb.init import init_kb

    kb = init_kb(root).kb
    for note in (Path(__file__).resolve().parent.parent / "fixtures" / folder / "notes").glob("*.md"):
        (kb.notes_dir / note.name).write_bytes(note.read_bytes())
        backdate(kb.notes_dir / note.name)
    assert run_mage("index", cwd=kb.root).returncode == 0
    return kb


def hinted_text(kb, prompt: str) -> str:
    """The hint the real hook injects for `prompt` ('' when it stays silent), checked to exit cleanly."""
    from helpers.hook import run_hook

    done = run_hook("UserPromptSubmit", prompt_payload(kb, prompt))
    assert done.returncode == 0 and done.stderr == ""
    return injected(done)
