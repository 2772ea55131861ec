"""Chapters derived from the trail (docs/capture.md#chapters), through the engine and `mage chapters`."""

import datetime as dt
import json
import shutil

from helpers.process import run_mage
from helpers.hook import CAPTURE, FIXTURES, payloads, run_hook
from mage_engine.trail.chapters import list_chapters
from mage_engine.capture.event_line import capture_event

MAIN = "558797d7-f894-498f-812c-0540e0f48ce4"
CAPTURED = {"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "PreCompact", "PostCompact",
            "Stop", "SubagentStop", "SessionEnd"}


def _feed_payloads(kb):
    for payload in payloads():
        if payload["hook_event_name"] in CAPTURED:
            capture_event(kb, payload["hook_event_name"], {**payload, "cwd": str(kb.root)})


def _shape(chapters):
    return [(c.ordinal, c.prompts, c.tools, c.failures, c.counts, c.closed, c.ended_by) for c in chapters]


def test_chapters_of_the_captured_session(kb):
    _feed_payloads(kb)
    main = [c for c in list_chapters(kb) if c.session == MAIN]
    # `claude -p`, then `--resume` per prompt: five processes, five SessionEnds, one context, so one
    # chapter until the first compaction (the subagent's own stop is not the user's work)
    assert _shape(main) == [
        (1, 5, 4, 1, True, True, "PreCompact"),
        (2, 2, 0, 0, True, True, "PreCompact"),
        (3, 0, 2, 0, True, True, "compaction"),
        (4, 0, 0, 0, False, True, "SessionEnd"),  # the last process ended and no resume followed
    ]
    assert [c.id for c in main][:2] == [f"{MAIN}:1", f"{MAIN}:2"]
    others = {c.session: _shape([c]) for c in list_chapters(kb) if c.session != MAIN}
    assert others == {"62ba89d0-8e8b-4939-982f-47de51cb45d3": [(1, 1, 0, 0, False, False, "")],
                      "51a55549-f3d6-4a67-b157-ffd3c2746a65": [(1, 0, 0, 0, False, True, "SessionEnd")]}


def _fold_only(kb, transcript, session=MAIN):
    """One Stop hook reading a whole transcript: chapters come from its compact_boundary lines alone."""
    copy = kb.root / "transcript.jsonl"
    shutil.copy(transcript, copy)
    stop = {"session_id": session, "cwd": str(kb.root), "transcript_path": str(copy)}
    done = run_hook("Stop", {**stop, "hook_event_name": "Stop"}, env={"MAGE_CAPTURE_MIN_CHARS": "0"})
    assert done.returncode == 0
    return list_chapters(kb, session=session)


def test_chapters_from_one_manual_and_two_auto_compactions_in_a_transcript(kb):
    chapters = _fold_only(kb, CAPTURE / "session_tools_subagent_compactions.jsonl")
    assert _shape(chapters) == [
        (1, 5, 4, 1, True, True, "compaction"),  # Bash+Read, failing Bash, Agent
        (2, 2, 0, 0, True, True, "compaction"),
        (3, 0, 2, 0, True, True, "compaction"),  # the tools the auto compaction interrupted
        (4, 0, 0, 0, False, False, ""),
    ]
    boundaries = [e for c in chapters for e in c.events if e["event"] == "CompactBoundary"]
    assert [(b["chapter"], b["trigger"]) for b in boundaries] == [(2, "manual"), (3, "auto"), (4, "auto")]


def test_chapters_from_the_2_1_39_manual_compaction_excerpt(kb):
    excerpt = FIXTURES / "marot-spotter" / "ae4a77f8__lines_1471-1495_compact_boundary_excerpt.jsonl"
    chapters = _fold_only(kb, excerpt, session="ae4a77f8-aedd-4bc1-888f-c94edc91af04")
    assert _shape(chapters) == [(1, 0, 0, 0, False, True, "compaction"), (2, 1, 1, 0, True, False, "")]


def test_subagent_work_never_counts(kb):
    for _ in range(3):
        capture_event(kb, "PostToolUse", {"session_id": "s", "agent_id": "a1", "agent_type": "Explore",
                                          "tool_name": "Read", "tool_input": {"file_path": "/x"}})
    capture_event(kb, "SubagentStop", {"session_id": "s", "agent_id": "a1", "agent_type": ""})
    (chapter,) = list_chapters(kb)
    assert (chapter.tools, chapter.work_events, chapter.counts) == (0, 0, False)
    assert len(chapter.events) == 4


def test_a_silent_session_closes_after_a_day(kb):
    capture_event(kb, "UserPromptSubmit", {"session_id": "s", "prompt": "hi"})
    (open_now,) = list_chapters(kb)
    (later,) = list_chapters(kb, now=dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=25))
    assert (open_now.closed, later.closed, later.ended_by) == (False, True, "idle")


def test_mage_chapters_lists_them(kb):
    _feed_payloads(kb)
    done = run_mage("chapters", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    header, *rows = done.stdout.splitlines()
    assert header.split() == ["ID", "STARTED", "ENDED", "PROMPTS", "TOOLS", "FAILURES", "COUNTS"]
    assert len(rows) == 6
    assert rows[1].split()[0] == f"{MAIN}:2" and rows[1].split()[-4:] == ["2", "0", "0", "yes"]
    assert "(open)" in next(row for row in rows if row.startswith("62ba89d0"))


def test_mage_chapters_json(kb):
    _feed_payloads(kb)
    done = run_mage("chapters", "--json", cwd=kb.root)
    rows = json.loads(done.stdout)
    assert [row["id"] for row in rows if row["counts"]] == [f"{MAIN}:{n}" for n in (1, 2, 3)]
    assert set(rows[0]) >= {"id", "started", "ended", "prompts", "tools", "failures", "work_events", "counts",
                            "closed", "ended_by"}


def test_mage_chapters_on_an_empty_trail(kb):
    done = run_mage("chapters", "--kb", kb.root)
    assert done.returncode == 0 and "no chapters yet" in done.stdout
