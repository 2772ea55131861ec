"""Hooks never hurt the host (docs/trust.md): bad input of every kind, fed to the real `mage-hook`.

Each case: exit 0, empty stdout (or valid JSON for the event), within the time
budget, and the reason appended to .mage/errors.log.
"""

import contextlib
import json
import os
import subprocess
import sys
import time

import pytest

from helpers.hook import payloads, read_jsonl, run_hook
from mage_engine.trail.session_files import session_stem
from mage_engine.hosts.claude_code.wiring import EVENTS

BUDGET_SECONDS = 1.0  # for an event mage has no handler for: it must only read, log and go


def budget(event: str) -> float:
    """The timeout `mage connect` gives the event's hook (SessionEnd: 1 s)."""
    return EVENTS[event][1] if event in EVENTS else BUDGET_SECONDS


def _run(kb, event, data, **kwargs):
    started = time.perf_counter()
    done = run_hook(event, data, cwd=kwargs.pop("cwd", kb.root), **kwargs)
    elapsed = time.perf_counter() - started
    assert done.returncode == 0, done.stderr
    assert elapsed < budget(event), f"{event} took {elapsed:.2f}s"
    if done.stdout:
        assert json.loads(done.stdout)["hookSpecificOutput"]["hookEventName"] == event
    return done


def _log(kb) -> str:
    return kb.errors_log.read_text(encoding="utf-8") if kb.errors_log.exists() else ""


def _prompt(kb, session="s1", **extra):
    return {"session_id": session, "cwd": str(kb.root), "hook_event_name": "UserPromptSubmit",
            "transcript_path": str(kb.root / "missing.jsonl"), "prompt": "hello", **extra}


@pytest.mark.parametrize("data, reason", [
    (b"", "JSONDecodeError"),
    (b"{not json", "JSONDecodeError"),
    (b'[{"session_id": "s1"}]', "payload is a JSON list, not an object"),
    (b'"just a string"', "payload is a JSON str, not an object"),
], ids=["empty-stdin", "invalid-json", "json-array", "json-string"])
def test_unreadable_payloads_are_logged_and_silent(kb, data, reason):
    done = _run(kb, "PostToolUse", data)
    assert done.stdout == "" and done.stderr == ""
    assert reason in _log(kb)
    assert not list(kb.learnings_dir.iterdir())


@pytest.mark.parametrize("event", ["UserPromptSubmit", "PostToolUse"])
def test_a_20_mb_payload_is_summarised_within_budget(kb, event):
    huge = "x" * (20 * 1024 * 1024)
    payload = {**_prompt(kb), "hook_event_name": event, "tool_name": "Read",
               "tool_input": {"file_path": str(kb.root / "big.txt")}}
    payload["prompt" if event == "UserPromptSubmit" else "tool_response"] = huge
    _run(kb, event, payload)
    (line,) = read_jsonl(kb.learnings_dir / "s1.jsonl")
    assert len(json.dumps(line)) < 3000
    assert "large payload" in _log(kb)


def test_a_payload_over_the_hard_limit_is_refused(kb):
    _run(kb, "PostToolUse", b'{"x": "' + b"y" * (33 * 1024 * 1024) + b'"}')
    assert "payload larger than" in _log(kb)
    assert not list(kb.learnings_dir.iterdir())


def test_non_utf8_bytes_are_replaced_and_logged(kb):
    data = json.dumps(_prompt(kb, prompt="caf@ ok")).encode().replace(b"@", b"\xe9\xff")
    _run(kb, "UserPromptSubmit", data)
    (line,) = read_jsonl(kb.learnings_dir / "s1.jsonl")
    assert line["prompt"] == "caf\ufffd\ufffd ok"
    assert "not valid UTF-8" in _log(kb)


def test_non_utf8_bytes_outside_strings_are_a_logged_parse_error(kb):
    _run(kb, "UserPromptSubmit", b"\xff\xfe" + json.dumps(_prompt(kb)).encode())
    assert "JSONDecodeError" in _log(kb)


def test_a_payload_after_a_byte_order_mark_is_read_and_the_mark_logged(kb):
    _run(kb, "UserPromptSubmit", b"\xef\xbb\xbf" + json.dumps(_prompt(kb, prompt="after a BOM")).encode())
    (line,) = read_jsonl(kb.learnings_dir / "s1.jsonl")
    assert line["prompt"] == "after a BOM"
    assert "byte-order mark" in _log(kb)


def test_an_unknown_event_name_is_logged(kb):
    done = _run(kb, "NoSuchEvent", _prompt(kb))
    assert done.stdout == ""
    assert "unknown hook event 'NoSuchEvent'" in _log(kb)


def test_a_missing_event_argument_is_logged(kb):
    started = time.perf_counter()
    done = subprocess.run([run_hook.__globals__["MAGE_HOOK"]], input=json.dumps(_prompt(kb)).encode(),
                          capture_output=True, cwd=kb.root, timeout=10)
    assert done.returncode == 0 and done.stdout == b"" and time.perf_counter() - started < budget("")
    assert "unknown hook event ''" in _log(kb)


def test_a_payload_without_session_id_is_logged_not_captured(kb):
    payload = _prompt(kb)
    del payload["session_id"]
    _run(kb, "UserPromptSubmit", payload)
    assert "payload has no session_id" in _log(kb)
    assert not list(kb.learnings_dir.iterdir())


def test_a_numeric_session_id_names_the_same_session_in_the_trail_and_the_ledger(kb):
    """A wrapper that sends `"session_id": 123`: the ledger said "123" and the trail refused the
    prompt, so `mage hints --session 123` listed a decision whose prompt nobody kept."""
    from helpers.process import run_mage

    payload = {**_prompt(kb), "session_id": 123, "prompt": "how do we roll back the parcel deploy"}
    _run(kb, "UserPromptSubmit", payload)
    assert "payload has no session_id" not in _log(kb)
    assert read_jsonl(kb.learnings_dir / f"{session_stem('123')}.jsonl")
    ledger = read_jsonl(kb.root / ".mage" / "injections.jsonl")
    assert [line["session"] for line in ledger] == ["123"]
    listed = run_mage("hints", "--session", "123", "--json", cwd=kb.root)
    assert "roll back the parcel deploy" in listed.stdout, listed.stdout
    for odd in ([1, 2], {"id": "x"}, True):  # no session's name: not captured, and "unknown" in the ledger
        _run(kb, "UserPromptSubmit", {**payload, "session_id": odd})
    assert [line["session"] for line in read_jsonl(kb.root / ".mage" / "injections.jsonl")][1:] == ["unknown"] * 3


def test_a_payload_without_cwd_is_logged_in_the_project_dir_kb(kb):
    _run(kb, "PostToolUse", {"session_id": "s1", "hook_event_name": "PostToolUse"})
    assert "no knowledge base at or above cwd None" in _log(kb)


def test_missing_tool_fields_still_give_a_line(kb):
    _run(kb, "PostToolUseFailure", {"session_id": "s1", "cwd": str(kb.root)})
    (line,) = read_jsonl(kb.learnings_dir / "s1.jsonl")
    assert (line["event"], line["tool"], line["ok"], line["chapter"]) == ("PostToolUseFailure", "?", False, 1)


def test_cwd_outside_any_kb_is_logged_and_nothing_is_written(kb, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = _run(kb, "UserPromptSubmit", {**_prompt(kb), "cwd": str(elsewhere)})
    assert done.stdout == ""
    assert f"no knowledge base at or above cwd '{elsewhere}'" in _log(kb)
    assert not list(kb.learnings_dir.iterdir())
    assert not (elsewhere / ".mage").exists()


@contextlib.contextmanager
def read_only(folders):
    """Make folders unwritable, even for root (chattr +i), and restore them afterwards."""
    as_root = os.geteuid() == 0
    for folder in folders:
        if as_root:
            subprocess.run(["chattr", "+i", str(folder)], check=True)
        else:
            folder.chmod(0o555)
    try:
        yield
    finally:
        for folder in folders:
            if as_root:
                subprocess.run(["chattr", "-i", str(folder)], check=True)
            else:
                folder.chmod(0o755)


def test_a_read_only_mage_folder_is_logged_and_silent(kb):
    kb.errors_log.write_text("")  # the log itself stays writable: it is how the reason gets out
    (kb.state_dir / "sessions").mkdir(parents=True)
    with read_only([kb.scratch_dir, kb.learnings_dir, kb.state_dir, kb.state_dir / "sessions"]):
        with pytest.raises(OSError):
            (kb.learnings_dir / "probe").write_text("x")
        for event in ("SessionStart", "PostToolUse", "Stop", "SessionEnd"):
            done = _run(kb, event, {**_prompt(kb), "hook_event_name": event, "source": "startup"})
            assert done.stdout == "" or "hookSpecificOutput" in done.stdout
    assert not list(kb.learnings_dir.iterdir())
    assert _log(kb).count("capture handler: PermissionError") == 4


def test_a_missing_transcript_is_logged_and_the_stop_still_captured(kb):
    _run(kb, "Stop", {**_prompt(kb), "hook_event_name": "Stop", "last_assistant_message": "done"})
    (line,) = read_jsonl(kb.learnings_dir / "s1.jsonl")
    assert (line["event"], line["message"]) == ("Stop", "done")
    assert "transcript not readable (FileNotFoundError)" in _log(kb)


def test_a_transcript_cut_mid_line_is_folded_up_to_the_cut_then_resumed(kb):
    transcript = kb.root / "t.jsonl"
    first = {"type": "user", "uuid": "u1", "message": {"content": "first question about the build " * 5}}
    second = {"type": "user", "uuid": "u2", "message": {"content": "second question about the tests " * 5}}
    whole, cut = json.dumps(first) + "\n", json.dumps(second)
    transcript.write_text(whole + cut[:40])
    stop = {**_prompt(kb), "hook_event_name": "Stop", "transcript_path": str(transcript)}
    env = {"MAGE_CAPTURE_MIN_CHARS": "10"}
    _run(kb, "Stop", stop, env=env)
    assert f"transcript ends mid-line at byte {len(whole)}" in _log(kb)
    assert [l.get("prompt", "")[:14] for l in read_jsonl(kb.learnings_dir / "s1.jsonl")] == ["first question", ""]
    transcript.write_text(whole + cut + "\n")
    _run(kb, "Stop", stop, env=env)
    prompts = [l.get("prompt", "")[:15] for l in read_jsonl(kb.learnings_dir / "s1.jsonl") if l["event"] == "Turn"]
    assert prompts == ["first question ", "second question"]


def test_every_real_payload_is_handled_within_budget(kb):
    """The 65 captured payloads, timed one by one (the capture test checks what they write)."""
    for payload in payloads():
        _run(kb, payload["hook_event_name"], {**payload, "cwd": str(kb.root)})
    assert len(read_jsonl(kb.learnings_dir / f"{session_stem('558797d7-f894-498f-812c-0540e0f48ce4')}.jsonl")) == 47


HOLD_LOCK = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(60)
"""


def _hold_session_lock(kb, session):
    lock = kb.state_dir / "sessions" / f"{session}.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(lock)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_a_lock_left_by_a_killed_process_never_blocks(kb):
    holder = _hold_session_lock(kb, "s1")
    holder.kill()
    holder.wait()
    _run(kb, "UserPromptSubmit", _prompt(kb))
    assert [l["prompt"] for l in read_jsonl(kb.learnings_dir / "s1.jsonl")] == ["hello"]
    assert "lock busy" not in _log(kb)


def test_a_lock_held_by_a_live_process_is_waited_on_briefly_then_skipped(kb):
    holder = _hold_session_lock(kb, "s1")
    try:
        _run(kb, "UserPromptSubmit", _prompt(kb))
    finally:
        holder.kill()
        holder.wait()
    assert [l["prompt"] for l in read_jsonl(kb.learnings_dir / "s1.jsonl")] == ["hello"]  # captured all the same
    assert "capture: session lock busy for s1; line written without it" in _log(kb)


@pytest.mark.parametrize("argv", [["--help"], ["-h"]])
def test_a_person_running_the_hook_by_hand_gets_its_usage_without_it_waiting_on_stdin(kb, argv):
    from helpers.process import BIN

    done = subprocess.run([str(BIN / "mage-hook"), *argv], stdin=subprocess.PIPE, capture_output=True, text=True,
                          cwd=kb.root, timeout=10)  # stdin left open: a hook that read it would hang here
    assert done.returncode == 0 and done.stdout.startswith("usage: mage-hook EVENT < payload.json")
    assert "UserPromptSubmit" in done.stdout and "docs/hosts.md" in done.stdout
    assert not (kb.root / ".mage" / "errors.log").exists() or "--help" not in (kb.root / ".mage" / "errors.log").read_text()
