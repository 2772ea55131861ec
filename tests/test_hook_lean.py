"""The hooks stay lean (docs/hook-performance.md): what each event's process imports, read from real runs.

Each hook runs as Claude Code runs it: the installed `mage-hook` console script in
a fresh process, fed a payload captured from Claude Code 2.1.328, in a project
whose config cache and search index are already built (a first run after
config.yaml changes reads YAML once; later ones never do). `python -X importtime`
names every module the process imported. PYTHONDONTWRITEBYTECODE is unset, as it
is for users, so the runs load cached bytecode. Every run must also do its job
(a trail line, a hint, the standing context): a hook that failed early would
import little and prove nothing.
"""

import json
import os
import subprocess

import pytest

from helpers.hook import CAPTURE, MAGE_HOOK, payloads
from helpers.recall import FIXTURES, backdate

CAPTURE_ONLY = ["PostToolUse", "PostToolUseFailure", "PreCompact", "PostCompact", "Stop", "SubagentStop",
                "SessionEnd"]
HEAVY = {"yaml", "tantivy", "textual", "rich", "click"}
# Standard modules that cost a hook milliseconds to import and that no hook run needs:
# json (the package: _json does the work), pathlib, tempfile, dataclasses (it pulls in inspect),
# typing, hashlib (blake2 comes from _blake2), __future__ (a module of its own: annotations are quoted instead).
SLOW_STDLIB = {"json", "pathlib", "tempfile", "dataclasses", "inspect", "typing", "hashlib", "__future__"}
NEVER = SLOW_STDLIB | {"yaml", "textual", "rich", "click"}
HINTED_PROMPT = "terraform plan in live/prod/eks -> Error acquiring the state lock. can I delete the row in dynamodb?"
NOTES = ("tf-state-lock-force-unlock", "tf-lockfile-platforms", "hot-table-not-null-not-valid")


def _imported(event: str, payload: dict, cwd) -> tuple:
    """(the run, the top-level names of every module the hook process imported)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "MAGE_KB", "CLAUDE_PROJECT_DIR")}
    done = subprocess.run([MAGE_HOOK.replace("mage-hook", "python"), "-X", "importtime", MAGE_HOOK, event],
                          input=json.dumps(payload).encode(), capture_output=True, cwd=cwd, env=env, timeout=20)
    assert done.returncode == 0
    names = [line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if line.startswith("import time:")]
    return done, {name.split(".")[0] for name in names}


def _captured(event: str, **match) -> dict:
    """The first payload Claude Code sent for `event` (whose fields equal `match`)."""
    return next(p for p in payloads() if p["hook_event_name"] == event and all(p.get(k) == v for k, v in match.items()))


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A KB with three indexed notes, a real transcript, and the once-a-day work done."""
    from mage_engine.kb.init import init_kb
    from mage_engine.recall.index.lifecycle import rebuild_index

    kb = init_kb(tmp_path_factory.mktemp("lean") / "project").kb
    for note_id in NOTES:
        (kb.notes_dir / f"{note_id}.md").write_bytes((FIXTURES / "notes" / f"{note_id}.md").read_bytes())
        backdate(kb.notes_dir / f"{note_id}.md")
    rebuild_index(kb)
    transcript = kb.root / "t.jsonl"
    transcript.write_bytes((CAPTURE / "session_tools_subagent_compactions.jsonl").read_bytes())
    # a first session start caches config.yaml as JSON and runs the day's trail pruning
    _imported("SessionStart", {"session_id": "prime", "cwd": str(kb.root), "hook_event_name": "SessionStart",
                               "source": "startup"}, kb.root)
    return kb


def _run(project, event: str, payload: dict) -> tuple:
    """Run `event` for a session of its own (so its state file is new and written atomically)."""
    payload = {**payload, "session_id": f"lean-{event}-{len(os.listdir(project.learnings_dir))}",
               "cwd": str(project.root), "transcript_path": str(project.root / "t.jsonl")}
    done, loaded = _imported(event, payload, project.root)
    assert not project.errors_log.exists(), project.errors_log.read_text()
    assert "mage_engine" in loaded
    return done, loaded


def _trail_line(project, done) -> dict:
    stem = max(project.learnings_dir.iterdir(), key=lambda p: p.stat().st_mtime_ns)
    return json.loads(stem.read_text().splitlines()[-1])


def test_a_tool_call_loads_no_json_pathlib_re_or_search(project):
    done, loaded = _run(project, "PostToolUse", _captured("PostToolUse", tool_name="Bash"))
    assert done.stdout == b"" and _trail_line(project, done)["tool"] == "Bash"
    assert not loaded & (NEVER | {"tantivy", "re"}), sorted(loaded & (NEVER | {"tantivy", "re"}))


def test_a_prompt_is_hinted_without_json_pathlib_re_or_yaml(project):
    done, loaded = _run(project, "UserPromptSubmit", {**_captured("UserPromptSubmit"), "prompt": HINTED_PROMPT})
    assert "- tf-state-lock-force-unlock:" in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "tantivy" in loaded  # the search ran in this process
    assert not loaded & (NEVER | {"re"}), sorted(loaded & (NEVER | {"re"}))
    assert "datetime" not in loaded and "_datetime" in loaded  # tantivy's C API capsule, without datetime.py


def test_a_session_start_injects_standing_context_without_search_or_slow_modules(project):
    done, loaded = _run(project, "SessionStart", _captured("SessionStart", source="startup"))
    assert "mage recall" in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert not loaded & (NEVER | {"tantivy", "re"}), sorted(loaded & (NEVER | {"tantivy", "re"}))


def test_a_compaction_start_nudges_without_pathlib_json_or_search(project):
    session = {"session_id": "lean-compact", "cwd": str(project.root)}
    edit = {"tool_name": "Edit", "tool_input": {"file_path": str(project.root / "Makefile")}}
    for event, fields in (("UserPromptSubmit", {"prompt": "fix the build"}), ("PostToolUse", edit),
                          ("PreCompact", {"trigger": "auto"})):
        _imported(event, {**session, "hook_event_name": event, **fields}, project.root)
    done, loaded = _imported("SessionStart", {**session, "hook_event_name": "SessionStart", "source": "compact"},
                             project.root)
    assert not project.errors_log.exists(), project.errors_log.read_text()
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "chapter lean-compact:1 closed" in context and "Files touched: Makefile (edited)" in context
    assert not loaded & (NEVER | {"tantivy"}), sorted(loaded & (NEVER | {"tantivy"}))


@pytest.mark.parametrize("target", ["outside", "mage-folder"])
def test_gate0_checks_a_write_without_slow_modules(project, target):
    payload = _captured("PreToolUse", tool_name="Bash") if target == "outside" else {
        "hook_event_name": "PreToolUse", "tool_name": "Write",
        "tool_input": {"file_path": str(project.mage_dir / "notes-from-agent.md"), "content": "a plain lesson"}}
    done, loaded = _run(project, "PreToolUse", payload)
    assert done.stdout == b""  # nothing to redact: no opinion
    assert not loaded & (NEVER | {"tantivy", "re"}), sorted(loaded & (NEVER | {"tantivy", "re"}))


@pytest.mark.parametrize("event", ["PostToolUseFailure", "PreCompact", "PostCompact", "Stop", "SubagentStop",
                                   "SessionEnd"])
def test_the_other_capture_events_load_no_slow_modules(project, event):
    done, loaded = _run(project, event, _captured(event))
    assert _trail_line(project, done)["event"] == event
    assert not loaded & (NEVER | {"tantivy"}), sorted(loaded & (NEVER | {"tantivy"}))


def test_a_stop_that_folds_turns_with_tool_uses_loads_no_slow_modules(project, monkeypatch):
    monkeypatch.setenv("MAGE_CAPTURE_MIN_CHARS", "1")  # fold every turn, so tool uses are summarised too
    session = "lean-fold"  # the transcript's lines carry this session's id: another session's are history
    text = (CAPTURE / "session_tools_subagent_compactions.jsonl").read_text()
    (project.root / "own.jsonl").write_text(text.replace('"sessionId":"558797d7-f894-498f-812c-0540e0f48ce4"',
                                                         f'"sessionId":"{session}"'))
    payload = {**_captured("Stop"), "session_id": session, "cwd": str(project.root),
               "transcript_path": str(project.root / "own.jsonl")}
    done, loaded = _imported("Stop", payload, project.root)
    assert not project.errors_log.exists(), project.errors_log.read_text()
    stem = max(project.learnings_dir.iterdir(), key=lambda p: p.stat().st_mtime_ns)
    turns = [line for line in map(json.loads, stem.read_text().splitlines()) if line["event"] == "Turn"]
    assert any(turn.get("tools") for turn in turns)
    assert not loaded & (NEVER | {"tantivy"}), sorted(loaded & (NEVER | {"tantivy"}))


@pytest.mark.parametrize("event", CAPTURE_ONLY)
def test_capture_hooks_import_no_yaml_tantivy_or_ui(kb, event):
    transcript = kb.root / "t.jsonl"
    transcript.write_bytes((CAPTURE / "session_tools_subagent_compactions.jsonl").read_bytes())
    payload = {"session_id": "lean", "cwd": str(kb.root), "hook_event_name": event, "transcript_path": str(transcript),
               "tool_name": "Bash", "tool_input": {"command": "pytest -q"}, "error": "Exit code 1\nboom"}
    _imported("Stop", {**payload, "hook_event_name": "Stop"}, kb.root)  # the first read of config.yaml caches it
    done, loaded = _imported(event, payload, kb.root)
    assert done.stdout == b"" and "mage_engine" in loaded
    assert not loaded & HEAVY
