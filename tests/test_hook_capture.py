"""The 65 real Claude Code 2.1.328 hook payloads, fed one by one through the real `mage-hook`."""

import json
import subprocess

import pytest

from helpers.hook import CAPTURE, MAGE_HOOK, payloads, read_jsonl, run_hook
from mage_engine.trail.session_files import session_stem

MAIN = "558797d7-f894-498f-812c-0540e0f48ce4"
# (event, chapter, sub) of every line of the main session, in order. The session is `claude -p`
# then `--resume` per prompt: each process ends in SessionEnd, yet the conversation goes on, so
# only compactions close a chapter, once each, however many of PreCompact / SubagentStop("") /
# SessionStart(compact) / PostCompact report it. The third compaction's PreCompact and
# SessionStart payloads were deduplicated out of the capture; its PostCompact stands in.
EXPECTED_MAIN = [
    ("SessionStart", 1, False), ("UserPromptSubmit", 1, False), ("PostToolUse", 1, False),
    ("PostToolUse", 1, False), ("Stop", 1, False), ("SessionEnd", 1, False),
    ("SessionStart", 1, False), ("UserPromptSubmit", 1, False), ("PostToolUseFailure", 1, False),
    ("Stop", 1, False), ("SessionEnd", 1, False),
    ("SessionStart", 1, False), ("UserPromptSubmit", 1, False), ("SubagentStop", 1, True),
    ("PostToolUse", 1, False), ("Stop", 1, False), ("SessionEnd", 1, False),
    ("SessionStart", 1, False), ("UserPromptSubmit", 1, False), ("Stop", 1, False), ("SessionEnd", 1, False),
    ("SessionStart", 1, False), ("UserPromptSubmit", 1, False), ("Stop", 1, False), ("SessionEnd", 1, False),
    ("SessionStart", 1, False), ("PreCompact", 1, False),
    ("SubagentStop", 2, True), ("SessionStart", 2, False), ("PostCompact", 2, False), ("SessionEnd", 2, False),
    ("SessionStart", 2, False), ("UserPromptSubmit", 2, False), ("Stop", 2, False), ("SessionEnd", 2, False),
    ("UserPromptSubmit", 2, False), ("PreCompact", 2, False),
    ("SubagentStop", 3, True), ("SessionStart", 3, False), ("PostCompact", 3, False),
    ("PostToolUse", 3, False), ("PostToolUse", 3, False), ("SubagentStop", 3, True), ("SubagentStop", 3, True),
    ("PostCompact", 4, False), ("Stop", 4, False), ("SessionEnd", 4, False),
]


def _feed(kb, transcript_for=None, env=None):
    """Run every payload through mage-hook; `transcript_for(index, payload)` may prepare the transcript."""
    for index, payload in enumerate(payloads()):
        payload = {**payload, "cwd": str(kb.root), "transcript_path": str(kb.root / "transcript.jsonl")}
        if transcript_for:
            transcript_for(index, payload)
        done = run_hook(payload["hook_event_name"], payload, env=env)
        assert done.returncode == 0, done.stderr
        if done.stdout:  # only other handlers (standing context, hints) may speak, as valid JSON
            assert json.loads(done.stdout)["hookSpecificOutput"]["hookEventName"] == payload["hook_event_name"]


def _trail(kb, session=MAIN):
    return read_jsonl(kb.learnings_dir / f"{session_stem(session)}.jsonl")


@pytest.fixture(scope="module")
def fed_kb(tmp_path_factory):
    from mage_engine.kb.init import init_kb

    kb = init_kb(tmp_path_factory.mktemp("payloads") / "project").kb
    _feed(kb)
    return kb


def test_every_hooked_event_is_one_line_with_the_right_chapter(fed_kb):
    lines = _trail(fed_kb)
    assert [(line["event"], line["chapter"], line["sub"]) for line in lines] == EXPECTED_MAIN
    assert all(line["session"] == MAIN for line in lines)


def test_other_sessions_get_their_own_files_starting_at_chapter_one(fed_kb):
    assert [(l["event"], l["chapter"]) for l in _trail(fed_kb, "62ba89d0-8e8b-4939-982f-47de51cb45d3")] == [
        ("SessionStart", 1), ("UserPromptSubmit", 1)]
    assert [(l["event"], l["chapter"]) for l in _trail(fed_kb, "51a55549-f3d6-4a67-b157-ffd3c2746a65")] == [
        ("SessionStart", 1), ("SessionEnd", 1)]
    assert len(list(fed_kb.learnings_dir.glob("*.jsonl"))) == 3


def test_line_summaries_match_the_payloads(fed_kb):
    by_event = {}
    for line in _trail(fed_kb):
        by_event.setdefault(line["event"], []).append(line)
    assert [l["source"] for l in by_event["SessionStart"]][:2] == ["startup", "resume"]
    assert by_event["UserPromptSubmit"][0]["prompt"] == "Please USE_TOOLS now."
    read, bash = by_event["PostToolUse"][:2]
    assert (read["tool"], read["paths"], read["ok"]) == ("Read", ["/home/dev/work/proj/README.md"], True)
    assert (bash["tool"], bash["command"], bash["ok"]) == ("Bash", "echo mage-probe", True)
    (failure,) = by_event["PostToolUseFailure"]
    assert failure["ok"] is False and failure["exit"] == 1
    assert failure["error"] == "cat: /nonexistent/file: No such file or directory"
    assert [(l["trigger"], l.get("instructions")) for l in by_event["PreCompact"]] == [
        ("manual", "keep the probe results"), ("auto", None)]
    assert by_event["Stop"][0]["message"] == "Done. MOCK-FINAL-ANSWER."
    assert {l["reason"] for l in by_event["SessionEnd"]} == {"other"}
    assert by_event["SubagentStop"][0]["agent_type"] == "general-purpose"
    assert "agent_type" not in by_event["SubagentStop"][1]  # a compaction fork: empty agent_type


def test_timestamps_are_iso_utc_with_milliseconds(fed_kb):
    import re

    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", l["ts"]) for l in _trail(fed_kb))


def test_capture_logs_nothing_for_good_payloads(fed_kb):
    log = fed_kb.errors_log.read_text() if fed_kb.errors_log.exists() else ""
    capture_lines = [line for line in log.splitlines() if "capture" in line and "transcript not readable" not in line]
    assert capture_lines == []


# --- with the transcript growing as the real host wrote it ----------------------------------------

def _transcript_cuts():
    """Where the transcript stood at each Stop and PreCompact, as line counts.

    Stop fires before its stop_hook_summary line is written; PreCompact before the
    compact_boundary. The third compaction's PreCompact payload is not in the capture.
    """
    lines = (CAPTURE / "session_tools_subagent_compactions.jsonl").read_text(encoding="utf-8").splitlines(True)
    entries = [json.loads(line) for line in lines]
    stops = [i for i, e in enumerate(entries) if e.get("subtype") == "stop_hook_summary"]
    boundaries = [i for i, e in enumerate(entries) if e.get("subtype") == "compact_boundary"]
    events = [p["hook_event_name"] for p in payloads() if p["session_id"] == MAIN]
    assert len(stops) == events.count("Stop") == 7 and len(boundaries) == 3 and events.count("PreCompact") == 2
    return lines, {"Stop": iter(stops), "PreCompact": iter(boundaries[:2])}


def test_folded_turns_land_in_the_chapters_the_hooks_counted(kb):
    lines, cuts = _transcript_cuts()

    def grow(index, payload):
        if payload["session_id"] == MAIN and payload["hook_event_name"] in cuts:
            cut = next(cuts[payload["hook_event_name"]])
            (kb.root / "transcript.jsonl").write_text("".join(lines[:cut]), encoding="utf-8")

    _feed(kb, grow, env={"MAGE_CAPTURE_MIN_CHARS": "0"})
    trail = _trail(kb)
    turns = [(l.get("prompt"), [t["tool"] for t in l.get("tools", [])], l["chapter"]) for l in trail if l["event"] == "Turn"]
    assert turns == [
        ("Please USE_TOOLS now.", ["Bash", "Read"], 1), ("Now USE_FAIL please.", ["Bash"], 1),
        ("Now USE_AGENT please.", ["Agent"], 1), ("Just say something.", [], 1),
        ("And again say something.", [], 1), ("Say something A.", [], 2),
        ("Please USE_TOOLS again.", [], 2), (None, ["Bash", "Read"], 3), (None, [], 4)]
    assert [(l["trigger"], l["chapter"]) for l in trail if l["event"] == "CompactBoundary"] == [
        ("manual", 2), ("auto", 3), ("auto", 4)]
    hooked = [(l["event"], l["chapter"], l["sub"]) for l in trail if l["event"] not in ("Turn", "CompactBoundary")]
    assert hooked == EXPECTED_MAIN  # folding the transcript never moved a boundary
    failed = next(l for l in trail if l["event"] == "Turn" and l.get("prompt") == "Now USE_FAIL please.")["tools"][0]
    assert (failed["ok"], failed["exit"], failed["command"]) == (False, 1, "cat /nonexistent/file")


def test_a_turn_below_min_chars_is_skipped(kb):
    lines, _ = _transcript_cuts()
    (kb.root / "transcript.jsonl").write_text("".join(lines), encoding="utf-8")
    stop = {"session_id": MAIN, "cwd": str(kb.root), "hook_event_name": "Stop",
            "transcript_path": str(kb.root / "transcript.jsonl")}
    assert run_hook("Stop", stop, env={"MAGE_CAPTURE_MIN_CHARS": "60"}).returncode == 0
    trail = _trail(kb, MAIN)
    kept = [l.get("prompt") for l in trail if l["event"] == "Turn"]
    # "Just say something." and the other short exchanges (under 60 characters in all) are gone
    assert kept == ["Please USE_TOOLS now.", "Now USE_FAIL please.", "Now USE_AGENT please.", "Say something A."]
    assert sum(l["event"] == "CompactBoundary" for l in trail) == 3  # a boundary is never skipped


def test_parallel_stop_hooks_fold_each_turn_once(kb):
    lines, _ = _transcript_cuts()
    (kb.root / "transcript.jsonl").write_text("".join(lines), encoding="utf-8")
    stop = json.dumps({"session_id": MAIN, "cwd": str(kb.root), "hook_event_name": "Stop",
                       "transcript_path": str(kb.root / "transcript.jsonl")}).encode()
    env = {"MAGE_CAPTURE_MIN_CHARS": "0", "PATH": "/usr/bin:/bin"}
    procs = [subprocess.Popen([MAGE_HOOK, "Stop"], stdin=subprocess.PIPE, env=env) for _ in range(4)]
    for proc in procs:
        proc.stdin.write(stop)
        proc.stdin.close()
    assert [proc.wait(timeout=20) for proc in procs] == [0, 0, 0, 0]
    trail = _trail(kb, MAIN)
    assert sum(l["event"] == "Stop" for l in trail) == 4
    assert sum(l["event"] == "Turn" for l in trail) == 9
    assert sum(l["event"] == "CompactBoundary" for l in trail) == 3


def test_mage_kb_names_the_kb_whatever_the_cwd(kb, tmp_path):
    payload = {"session_id": "s-env", "cwd": str(tmp_path), "hook_event_name": "UserPromptSubmit", "prompt": "hi"}
    assert run_hook("UserPromptSubmit", payload, env={"MAGE_KB": str(kb.root)}).returncode == 0
    (line,) = _trail(kb, "s-env")
    assert (line["prompt"], line["cwd"]) == ("hi", str(tmp_path))


def _parallel(kb, event, payload, copies=4):
    data = json.dumps({**payload, "hook_event_name": event}).encode()
    procs = [subprocess.Popen([MAGE_HOOK, event], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, cwd=kb.root)
             for _ in range(copies)]
    for proc in procs:
        proc.stdin.write(data)
        proc.stdin.close()
    assert [proc.wait(timeout=20) for proc in procs] == [0] * copies


def test_hooks_wired_twice_still_move_the_chapter_once_per_compaction(kb):
    """Every compaction hook fired by several processes at once (plugin and settings both wired)."""
    base = {"session_id": "s-dup", "cwd": str(kb.root), "transcript_path": str(kb.root / "none.jsonl")}
    steps = [("UserPromptSubmit", {"prompt": "build it"}), ("PostToolUse", {"tool_name": "Bash"}),
             ("PreCompact", {"trigger": "auto"}), ("SubagentStop", {"agent_id": "f", "agent_type": ""}),
             ("SessionStart", {"source": "compact"}), ("PostCompact", {"trigger": "auto"}),
             ("UserPromptSubmit", {"prompt": "go on"}), ("PostCompact", {"trigger": "auto"})]
    for event, fields in steps:
        _parallel(kb, event, {**base, **fields})
    chapters = [(l["event"], l["chapter"]) for l in _trail(kb, "s-dup")]
    assert chapters == [(event, chapter) for (event, _), chapter in zip(steps, (1, 1, 1, 2, 2, 2, 2, 3))
                        for _ in range(4)]


@pytest.mark.parametrize("tool_id, recorded", [
    ("toolu_01Hq3mV9xKzR7cT2bN8wYpLs", "toolu_01Hq3mV9xKzR7cT2bN8wYpLs"),  # the host's own shape: kept as sent
    ("srvtoolu_01Hq3mV9xKzR7cT2bN8wYpLs", "srvtoolu_01Hq3mV9xKzR7cT2bN8wYpLs"),
    ("ghp_R2d4Kq9ZxW7mTn3Lb8Vc1Hy6Ps0Jf5Ge4Uab", None),  # anything else is scrubbed like any text
    ("toolu_01Hq3m ghp_R2d4Kq9ZxW7mTn3Lb8Vc1Hy6Ps0Jf5Ge4Uab", None),
])
def test_a_tool_calls_id_is_kept_when_it_is_the_hosts_and_scrubbed_otherwise(kb, tool_id, recorded):
    payload = {"session_id": "s1", "cwd": str(kb.root), "hook_event_name": "PostToolUse", "tool_name": "Bash",
               "tool_input": {"command": "ls"}, "tool_response": {"stdout": ""}, "tool_use_id": tool_id}
    assert run_hook("PostToolUse", payload).returncode == 0
    (line,) = _trail(kb, "s1")
    if recorded is not None:
        assert line["id"] == recorded
    else:
        assert "R2d4Kq9ZxW7mTn3Lb8Vc1Hy6Ps0Jf5Ge4Uab" not in json.dumps(line) and "REDACTED" in line["id"]
