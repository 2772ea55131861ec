"""The trail on disk: line schema, scrub, limits, rotation, pruning and concurrent appends."""

import json
import multiprocessing
import os
import time

from helpers.hook import read_jsonl
from mage_engine.trail import session_files as trail
from mage_engine.trail.reader import iter_trail
from mage_engine.capture.event_line import capture_event
from mage_engine.trail.retention import maybe_prune, prune_trail
from mage_engine.trail.session_state import load_state


def _event(kb, event, session="s1", **fields):
    return capture_event(kb, event, {"session_id": session, "cwd": str(kb.root), **fields})


def _lines(kb, session="s1"):
    return read_jsonl(trail.trail_path(kb, trail.session_stem(session)))


def test_a_bash_failure_keeps_the_exit_code_and_the_line_that_carries_the_error(kb):
    error = ("Exit code 1\nTraceback (most recent call last):\n  File \"/x/run.py\", line 3, in <module>\n"
             "    import foo\nModuleNotFoundError: No module named 'foo'\n")
    _event(kb, "PostToolUseFailure", tool_name="Bash", tool_input={"command": "python run.py"}, error=error)
    (line,) = _lines(kb)
    assert (line["exit"], line["error"], line["ok"]) == (1, "ModuleNotFoundError: No module named 'foo'", False)


def test_other_tool_errors_keep_their_first_meaningful_line(kb):
    _event(kb, "PostToolUseFailure", tool_name="Edit", tool_input={"file_path": str(kb.root / "src/app.py")},
           error="<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>")
    (line,) = _lines(kb)
    assert line["error"] == "File has not been read yet. Read it first before writing to it."
    assert line["paths"] == ["src/app.py"] and "exit" not in line  # paths inside the project are relative


def test_skill_grep_and_agent_calls_are_summarised(kb):
    _event(kb, "PostToolUse", tool_name="Skill", tool_input={"skill": "release-checklist", "args": "v2"})
    _event(kb, "PostToolUse", tool_name="Grep", tool_input={"pattern": "def main", "path": "/elsewhere/src"})
    _event(kb, "PostToolUse", tool_name="Agent", tool_input={"subagent_type": "Explore", "description": "find it"},
           agent_id="a1", agent_type="Explore")
    skill, grep, agent = _lines(kb)
    assert (skill["tool"], skill["skill"]) == ("Skill", "release-checklist")
    assert (grep["command"], grep["paths"]) == ("def main", ["/elsewhere/src"])
    assert (agent["command"], agent["sub"], agent["agent_type"]) == ("Explore: find it", True, "Explore")


def test_texts_are_cut_to_their_limits(kb):
    _event(kb, "UserPromptSubmit", prompt="p" * 5000)
    _event(kb, "PostToolUse", tool_name="Bash", tool_input={"command": "echo " + "c" * 500})
    _event(kb, "Stop", last_assistant_message="m" * 5000)
    prompt, bash, stop = _lines(kb)
    assert len(prompt["prompt"]) == 2000 and prompt["prompt"].endswith("…")
    assert len(bash["command"]) == 200
    assert len(stop["message"]) == 2000


def test_secrets_are_scrubbed_before_they_touch_disk(kb):
    key = "AKIA" + "Q3EGRTWJ7NXHM2PL"
    token = "ghp_" + "4kQz9TmW2xVb7nLc1RyJ8sDf3GhK6pUe0aZo"
    _event(kb, "UserPromptSubmit", prompt=f"deploy with {key} please")
    _event(kb, "PostToolUse", tool_name="Bash", tool_input={"command": f"GITHUB_TOKEN={token} gh pr list"})
    _event(kb, "PostToolUseFailure", tool_name="Bash", tool_input={"command": "curl x"},
           error=f"Exit code 22\ncurl: (22) token {token} rejected")
    raw = trail.trail_path(kb, "s1").read_text()
    assert key not in raw and token not in raw
    assert raw.count("[REDACTED:") == 3


def test_a_hostile_session_id_stays_inside_the_learnings_folder(kb):
    _event(kb, "SessionStart", session="../../etc/passwd", source="startup")
    (path,) = kb.learnings_dir.iterdir()
    assert path.parent == kb.learnings_dir and ".." not in path.name
    assert _lines(kb, "../../etc/passwd")[0]["session"] == "../../etc/passwd"
    assert trail.session_stem("a/b") != trail.session_stem("a_b")


def test_the_chapter_survives_a_deleted_state_file(kb):
    for event in ("UserPromptSubmit", "PreCompact", "UserPromptSubmit", "SessionEnd"):
        _event(kb, event, prompt="x", trigger="manual")
    for state in (kb.state_dir / "sessions").glob("*.json"):
        state.unlink()
    assert load_state(kb, "s1")["chapter"] == 2 and load_state(kb, "s1")["closed"] is False
    _event(kb, "SessionStart", source="resume")  # a resume after a session end goes on in its chapter
    _event(kb, "PreCompact", trigger="auto")
    for state in (kb.state_dir / "sessions").glob("*.json"):
        state.unlink()
    assert load_state(kb, "s1")["closed"] is True  # a compaction's close is recovered
    _event(kb, "UserPromptSubmit", prompt="y")
    assert [line["chapter"] for line in _lines(kb)] == [1, 1, 2, 2, 2, 2, 3]


def test_files_rotate_past_10_mib_and_read_back_in_order(kb):
    _event(kb, "UserPromptSubmit", prompt="first")
    live = trail.trail_path(kb, "s1")
    with open(live, "a") as handle:  # grow the live file past the limit with valid lines
        filler = json.dumps({"ts": "2026-01-01T00:00:00.000Z", "session": "s1", "event": "Turn", "chapter": 1,
                             "sub": False, "assistant": "f" * 1000}) + "\n"
        handle.write(filler * (trail.ROTATE_BYTES // len(filler) + 1))
    _event(kb, "UserPromptSubmit", prompt="second")
    _event(kb, "UserPromptSubmit", prompt="third")
    assert sorted(p.name for p in kb.learnings_dir.iterdir()) == ["s1.1.jsonl", "s1.jsonl"]
    assert [line["prompt"] for line in _lines(kb)] == ["second", "third"]
    prompts = [r["prompt"] for r in iter_trail(kb) if r["event"] == "UserPromptSubmit"]
    assert prompts == ["first", "second", "third"]


def _age(path, days):
    stamp = time.time() - days * 86400
    os.utime(path, (stamp, stamp))


def test_pruning_by_age_and_size_once_a_day(kb):
    for session, days in (("old", 40), ("mid", 10), ("new", 0)):
        _event(kb, "UserPromptSubmit", session=session, prompt="x" * 1500)
        _age(trail.trail_path(kb, session), days)
    removed = prune_trail(kb, retain_days=30, max_mb=200)
    assert [p.name for p in removed] == ["old.jsonl"]
    assert not (kb.state_dir / "sessions" / "old.json").exists()  # its state goes with it
    removed = prune_trail(kb, retain_days=30, max_mb=0)
    assert [p.name for p in removed] == ["mid.jsonl", "new.jsonl"]


def test_maybe_prune_runs_at_most_once_a_day(kb):
    class Config:
        retain_days, max_mb = 30, 200

    _event(kb, "UserPromptSubmit", session="old", prompt="x")
    _age(trail.trail_path(kb, "old"), 40)
    assert [p.name for p in maybe_prune(kb, Config())] == ["old.jsonl"]
    _event(kb, "UserPromptSubmit", session="old2", prompt="x")
    _age(trail.trail_path(kb, "old2"), 40)
    assert maybe_prune(kb, Config()) is None  # stamped today
    assert maybe_prune(kb, Config(), now=time.time() + 86400 + 1) == [trail.trail_path(kb, "old2")]


def test_session_start_prunes_through_the_hook_entry_point(kb):
    _event(kb, "UserPromptSubmit", session="ancient", prompt="x")
    _age(trail.trail_path(kb, "ancient"), 45)
    _event(kb, "SessionStart", session="today", source="startup")
    assert sorted(p.name for p in kb.learnings_dir.iterdir()) == ["today.jsonl"]
    assert (kb.state_dir / "prune.stamp").is_file()


def _append_many(root, worker, count):
    from mage_engine.kb.layout import KB

    kb = KB(root)
    for index in range(count):
        # about 4.1 KB per line: bigger than a pipe buffer, so tearing would show
        capture_event(kb, "UserPromptSubmit", {"session_id": "shared", "prompt": f"{worker}:{index}:" + "é" * 1990})


def test_four_processes_appending_2000_events_each_lose_and_tear_nothing(kb):
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_many, args=(kb.root, worker, 2000)) for worker in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(timeout=300)
    assert [process.exitcode for process in workers] == [0, 0, 0, 0]
    lines = list(iter_trail(kb, "shared"))
    assert len(lines) == 8000  # every line parses (iter_trail skips none here) and none is missing
    assert len(list(kb.learnings_dir.glob("shared*.jsonl"))) == 4  # 33 MB rotated into 10 MiB files
    for path in kb.learnings_dir.glob("shared*.jsonl"):
        read_jsonl(path)  # a torn line would fail to parse here
    seen = {tuple(line["prompt"].split(":")[:2]) for line in lines}
    assert seen == {(str(w), str(i)) for w in range(4) for i in range(2000)}
    assert {line["chapter"] for line in lines} == {1}


def test_the_error_line_is_found_at_the_end_of_a_long_output(kb):
    noise = "\n".join(f"collecting tests/test_{n}.py ... ok" for n in range(3000))  # ~100 KB
    error = f"Exit code 2\n{noise}\nImportError: cannot import name 'thing' from 'pkg'\n1 error in 3.2s"
    _event(kb, "PostToolUseFailure", tool_name="Bash", tool_input={"command": "pytest"}, error=error)
    (line,) = _lines(kb)
    assert (line["exit"], line["error"]) == (2, "ImportError: cannot import name 'thing' from 'pkg'")


def test_a_key_block_in_a_heredoc_command_is_scrubbed(kb):
    body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7" + "q" * 60
    command = f"cat > deploy.pem <<EOF\n-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----\nEOF"
    _event(kb, "PostToolUse", tool_name="Bash", tool_input={"command": command})
    (line,) = _lines(kb)
    assert body[:40] not in trail.trail_path(kb, "s1").read_text()
    assert line["command"].startswith("cat > deploy.pem <<EOF [REDACTED:")
