"""Evidence counted once, chapters that follow the conversation (resumes, both compaction styles).

Transcripts are written by tests/helpers/transcript.py in the host's shapes; the
hooks are the real `mage-hook` processes fed the payloads the host sends.
"""

import json

from helpers.hook import run_hook
from mage_engine.trail.chapters import list_chapters
from mage_engine.recurrence.pipeline import distill
from helpers.transcript import Transcript

IMPORT_ERROR = ("Exit code 2\nTraceback (most recent call last):\n  File \"t.py\", line 1\n"
                "ModuleNotFoundError: No module named 'acme'")
FIX = "fix: pytest | ModuleNotFoundError: No module named <name> | pip install -e ."


def _work(t: Transcript) -> None:
    t.prompt("Run the test suite and fix whatever is broken, then tell me what you changed and why it broke.")
    t.bash("pytest -q", fails=IMPORT_ERROR)
    t.bash("pip install -e .", "Successfully installed acme-0.1")
    t.bash("pytest -q", "12 passed in 0.4s")
    t.say("The package was not installed in the venv; `pip install -e .` fixed the imports and the suite passes.")


def _stop(kb, t: Transcript, path, env=None):
    t.write(path)
    payload = {"session_id": t.session, "cwd": str(kb.root), "hook_event_name": "Stop", "transcript_path": str(path)}
    done = run_hook("Stop", payload, env=env or {"MAGE_CAPTURE_MIN_CHARS": "0"})
    assert done.returncode == 0, done.stderr


def _hook(kb, event, session, **fields):
    done = run_hook(event, {"session_id": session, "cwd": str(kb.root), "hook_event_name": event, **fields})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["hookSpecificOutput"] if done.stdout else {}


def _fix_tally(kb):
    return next((t for t in distill(kb).tallies if t["signature"] == FIX), None)


def test_a_resumed_file_holding_its_parents_lines_adds_no_work_to_the_child(kb):
    parent = Transcript("s-parent", version="2.1.9")
    _work(parent)
    _stop(kb, parent, kb.root / "parent.jsonl")
    child = parent.resumed("s-child", keep_ids=True)  # 2.1.x: same uuids, the parent's sessionId
    child.prompt("Now write the changelog entry for this fix, a short paragraph under Unreleased please.")
    child.tool("Edit", {"file_path": "/home/dev/acme/CHANGELOG.md", "old_string": "x", "new_string": "y"}, "ok")
    _stop(kb, child, kb.root / "child.jsonl")
    (chapter,) = list_chapters(kb, session="s-child")
    assert (chapter.prompts, chapter.tools) == (1, 1)
    assert _fix_tally(kb)["chapter_count"] == 1


def test_copies_with_new_ids_but_the_same_tool_calls_count_once(kb, monkeypatch):
    """Claude Code 1.0.x gives the copies new uuids and the child's sessionId, but the same tool_use ids."""
    parent = Transcript("s-old-parent", version="1.0.89")
    _work(parent)
    _stop(kb, parent, kb.root / "parent.jsonl")
    child = parent.resumed("s-old-child", keep_ids=False)
    child.prompt("Carry on: add a regression test for the import so this never breaks silently again, please.")
    child.bash("pytest -q tests/test_import.py", "1 passed in 0.1s")
    _stop(kb, child, kb.root / "child.jsonl")
    tally = _fix_tally(kb)
    assert (tally["chapter_count"], tally["count"]) == (1, 1)  # the copied failure is the same event
    assert tally["chapters"] == ["s-old-parent:1"]
    monkeypatch.setenv("MAGE_SENSITIVITY", "high")  # K=2: a copy never makes a candidate
    assert FIX not in [c["signature"] for c in distill(kb).candidates]


def test_with_one_process_per_prompt_the_chapter_spans_every_resume(kb):
    """`claude -p --resume` per prompt: each process ends in SessionEnd; the compaction closes the chapter."""
    session, fail = "s-p", {"tool_name": "Bash", "tool_input": {"command": "pytest -q"}}
    _hook(kb, "SessionStart", session, source="startup")
    _hook(kb, "UserPromptSubmit", session, prompt="run the tests")
    _hook(kb, "PostToolUseFailure", session, **fail, tool_use_id="toolu_1", error=IMPORT_ERROR)
    _hook(kb, "Stop", session)
    _hook(kb, "SessionEnd", session, reason="other")
    _hook(kb, "SessionStart", session, source="resume")
    _hook(kb, "UserPromptSubmit", session, prompt="install it then")
    _hook(kb, "PostToolUse", session, tool_name="Bash", tool_input={"command": "pip install -e ."}, tool_use_id="t2")
    _hook(kb, "PostToolUse", session, **fail, tool_use_id="toolu_3")
    _hook(kb, "SessionEnd", session, reason="other")
    _hook(kb, "SessionStart", session, source="resume")
    _hook(kb, "PreCompact", session, trigger="manual")
    context = _hook(kb, "SessionStart", session, source="compact")["additionalContext"]
    assert "chapter s-p:1 closed (2 prompts, 3 tool uses, 1 failed)" in context
    assert ("Bash `pytest -q`: ModuleNotFoundError: No module named 'acme' (exit 2) → passed after "
            "`pip install -e .`") in context
    assert [c.ordinal for c in list_chapters(kb, session=session)] == [1, 2]


def test_a_session_end_no_resume_follows_closes_the_chapter_and_a_resume_reopens_it(kb):
    _hook(kb, "UserPromptSubmit", "s-e", prompt="hello")
    _hook(kb, "SessionEnd", "s-e", reason="other")
    (ended,) = list_chapters(kb, session="s-e")
    assert (ended.closed, ended.ended_by) == (True, "SessionEnd")
    _hook(kb, "SessionStart", "s-e", source="resume")
    _hook(kb, "UserPromptSubmit", "s-e", prompt="and again")
    (resumed,) = list_chapters(kb, session="s-e")
    assert (resumed.ordinal, resumed.closed, resumed.prompts) == (1, False, 2)


def test_old_style_compactions_are_boundaries_when_only_the_transcript_is_read(kb):
    """Claude Code 1.0.x wrote no compact_boundary: its summary line is the boundary."""
    t = Transcript("s-old", version="1.0.81")
    _work(t)
    t.compact(old_style=True)
    _work(t)
    t.compact(old_style=True)
    _work(t)
    _stop(kb, t, kb.root / "old.jsonl", env={"MAGE_CAPTURE_MIN_CHARS": "0"})
    chapters = list_chapters(kb, session="s-old")
    assert [(c.ordinal, c.prompts, c.tools) for c in chapters] == [(1, 1, 3), (2, 1, 3), (3, 1, 3)]


def test_a_summary_a_resumed_file_opens_with_is_inherited_context_not_a_boundary(kb):
    parent = Transcript("s-a", version="1.0.89")
    _work(parent)
    parent.compact(old_style=True)
    child = Transcript("s-b", version="1.0.89")
    child.lines.append({**parent.lines[-1], "sessionId": "s-b", "isCompactSummary": None})  # unflagged, first line
    _work(child)
    _stop(kb, child, kb.root / "child.jsonl", env={"MAGE_CAPTURE_MIN_CHARS": "0"})
    (chapter,) = list_chapters(kb, session="s-b")
    assert (chapter.ordinal, chapter.prompts) == (1, 1)  # the continuation text is not a prompt either
