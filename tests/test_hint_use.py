"""From injection to use: a hint counts as used when the agent uses the note in the same turn.

Sessions are played through real `mage-hook` processes as Claude Code runs them
(UserPromptSubmit, PostToolUse for each tool call, Stop with the last reply), on
the evaluation notes; `mage hints --json`, the usage metrics and `mage hints
--report` then say what was used.
"""

import json

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from helpers.recall import eval_kb, prompt_payload

LOCK = "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?"
NOTE = "tf-state-lock-force-unlock"


@pytest.fixture
def kb(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_mage("index", cwd=kb.root)
    return kb


def prompt(kb, text, session="s-use"):
    done = run_hook("UserPromptSubmit", prompt_payload(kb, text, session))
    assert done.returncode == 0
    return done.stdout


def tool(kb, name, tool_input, session="s-use"):
    payload = {"session_id": session, "cwd": str(kb.root), "hook_event_name": "PostToolUse", "tool_name": name,
               "tool_input": tool_input, "tool_response": {"success": True}}
    assert run_hook("PostToolUse", payload).returncode == 0


def stop(kb, reply, session="s-use"):
    payload = {"session_id": session, "cwd": str(kb.root), "hook_event_name": "Stop",
               "last_assistant_message": reply, "stop_hook_active": False}
    assert run_hook("Stop", payload).returncode == 0


def decisions(kb, session="s-use"):
    return json.loads(run_mage("hints", "--session", session, "--json", cwd=kb.root).stdout)


def read_note(kb, note_id, session="s-use"):
    tool(kb, "Read", {"file_path": str(kb.notes_dir / f"{note_id}.md")}, session)


def test_a_hinted_note_read_in_the_same_turn_counts_as_used(kb):
    assert f"- {NOTE}:" in prompt(kb, LOCK)
    read_note(kb, NOTE)
    stop(kb, "Done: I released the lock with terraform force-unlock.")
    prompt(kb, "thanks")
    first = decisions(kb)[0]
    assert NOTE in first["hinted"] and first["used"] == [NOTE] and first["how"][NOTE] == "read"
    from mage_engine.usage.metrics import load_metrics

    usage = load_metrics(kb)[NOTE]
    assert usage["hinted_turns"] == 1 and usage["used"] == 1


def test_a_read_two_turns_later_is_not_the_hint_used(kb):
    assert f"- {NOTE}:" in prompt(kb, LOCK)
    stop(kb, "Which workspace is it?")
    prompt(kb, "the prod one")
    stop(kb, "OK.")
    prompt(kb, "now look at the lock note again")
    read_note(kb, NOTE)
    rows = decisions(kb)
    assert rows[0]["hinted"][:1] == [NOTE] and rows[0]["used"] == [] and rows[0]["closed"]
    from mage_engine.usage.metrics import load_metrics

    usage = load_metrics(kb)[NOTE]
    assert usage["hinted_turns"] == 1 and usage["used"] == 0


def test_mage_show_or_recall_in_the_turn_counts_and_so_does_the_reply(kb):
    env = {"CLAUDE_CODE_SESSION_ID": "s-use"}
    assert f"- {NOTE}:" in prompt(kb, LOCK)
    run_mage("recall", "terraform state lock", cwd=kb.root, env=env)
    prompt(kb, "go: -race requires cgo; enable cgo by setting CGO_ENABLED=1")
    stop(kb, "The race detector needs cgo; on the Alpine builder install gcc and musl-dev.")
    prompt(kb, "ok")
    rows = decisions(kb)
    assert rows[0]["how"].get(NOTE) == "recalled"
    assert rows[1]["used"] == ["go-race-needs-cgo"] and rows[1]["how"]["go-race-needs-cgo"] == "reply"


def test_the_turn_still_open_is_not_counted_yet(kb):
    prompt(kb, LOCK)
    from mage_engine.usage.metrics import load_metrics

    assert load_metrics(kb).get(NOTE, {}).get("hinted_turns", 0) == 0
    assert decisions(kb)[0]["closed"] is False
    read_note(kb, NOTE)
    prompt(kb, "thanks")
    assert load_metrics(kb)[NOTE]["used"] == 1


def test_the_report_lists_use_per_note_and_never_used_notes(kb):
    config = kb.config_path.read_text()
    for _ in range(3):
        assert f"- {NOTE}:" in prompt(kb, LOCK)
        stop(kb, "Let me check the workspace first.")
    prompt(kb, "go: -race requires cgo; enable cgo by setting CGO_ENABLED=1")
    read_note(kb, "go-race-needs-cgo")
    prompt(kb, "thanks")
    report = json.loads(run_mage("hints", "--report", "--json", cwd=kb.root).stdout)
    rows = {row["id"]: row for row in report["notes"]}
    assert rows[NOTE]["hinted"] == 3 and rows[NOTE]["used"] == 0
    assert rows["go-race-needs-cgo"]["used"] == 1 and rows["go-race-needs-cgo"]["share"] == 1.0
    assert NOTE in report["never_used"]
    assert report["suggested_floor"] is None  # too few hints to suggest one
    text = run_mage("hints", "--report", cwd=kb.root).stdout
    assert "never used" in text and NOTE in text and "nothing is changed here" in text
    assert kb.config_path.read_text() == config  # the floor is never changed by the report


def test_the_report_lists_notes_read_without_a_hint_and_the_prompts_they_were_read_after(kb):
    """The other way round: the agent went to a note its prompt did not hint (a paraphrase, a floor
    too high); the report names the note, why it was not hinted then, and the prompt's words."""
    asked = "ci went red again on the tracker repo, no idea why"
    assert "go-race-needs-cgo" not in prompt(kb, asked)
    read_note(kb, "go-race-needs-cgo")
    prompt(kb, "thanks")
    assert f"- {NOTE}:" in prompt(kb, LOCK)
    read_note(kb, NOTE)  # hinted and read: used, not missed
    prompt(kb, "ok")
    report = json.loads(run_mage("hints", "--report", "--json", cwd=kb.root).stdout)
    missed = {row["id"]: row for row in report["missed"]}
    assert set(missed) == {"go-race-needs-cgo"}
    assert missed["go-race-needs-cgo"]["turns"] == 1 and missed["go-race-needs-cgo"]["prompts"] == [asked]
    assert sum(missed["go-race-needs-cgo"]["why"].values()) == 1
    text = run_mage("hints", "--report", cwd=kb.root).stdout
    assert "read without a hint" in text and f"after: {asked}" in text


def test_a_note_the_sessions_start_named_is_no_miss_in_the_report_or_the_eval(kb):
    """A standing note (a rule the session's start put in context) that the agent reads is the context
    at work: neither "read without a hint" in the report nor a turn the hint missed in `mage eval`."""
    from helpers.recall import start_payload

    done = run_hook("SessionStart", start_payload(kb, "s-use"))
    assert done.returncode == 0 and "pr-size-limit" in done.stdout  # a rule: standing context
    prompt(kb, "add a docstring to the parse_invoice function")
    read_note(kb, "pr-size-limit")
    prompt(kb, "thanks")
    report = json.loads(run_mage("hints", "--report", "--json", cwd=kb.root).stdout)
    assert "pr-size-limit" not in {row["id"] for row in report["missed"]}
    replayed = json.loads(run_mage("eval", "--json", cwd=kb.root).stdout)
    row = next(r for r in replayed["rows"] if r["prompt"].startswith("add a docstring"))
    assert row["used"] == ["pr-size-limit"] and "pr-size-limit" in row["held"] and "pr-size-limit" in row["held_before"]
    assert replayed["used"]["recall"] == 1.0 and replayed["used"]["recall_before"] == 1.0


def test_the_eval_does_not_hint_what_the_sessions_start_already_named(kb):
    from helpers.recall import start_payload

    assert run_hook("SessionStart", start_payload(kb, "s-use")).returncode == 0
    asked = "this PR is 900 lines, is that ok or do I have to split it?"
    prompt(kb, asked)
    prompt(kb, "ok")
    replayed = json.loads(run_mage("eval", "--json", cwd=kb.root).stdout)
    row = next(r for r in replayed["rows"] if r["prompt"] == asked)
    assert "pr-size-limit" not in row["hinted"]
    assert any(c["id"] == "pr-size-limit" and c["reason"] == "in standing context"
               for c in row["decision"]["candidates"])


def test_the_last_turn_of_a_session_counts_once_the_session_ends(kb):
    """`claude -p` ends its session after each prompt; a person's terminal at exit: either way no
    next prompt comes, and the turn is over."""
    assert f"- {NOTE}:" in prompt(kb, LOCK, session="s-last")
    read_note(kb, NOTE, session="s-last")
    assert decisions(kb, "s-last")[-1]["closed"] is False  # the session goes on: the turn may too
    done = run_hook("SessionEnd", {"session_id": "s-last", "cwd": str(kb.root), "hook_event_name": "SessionEnd",
                                   "reason": "other"})
    assert done.returncode == 0
    assert decisions(kb, "s-last")[-1]["closed"] is True
    report = json.loads(run_mage("hints", "--report", "--json", cwd=kb.root).stdout)
    row = next(n for n in report["notes"] if n["id"] == NOTE)
    assert (row["hinted"], row["used"]) == (1, 1)


def test_floors_the_figures_cannot_tell_apart_suggest_no_change():
    """Every hint scored 1.0: any floor gives the same hints, so none is evidence for a higher one."""
    from mage_engine.recall.hint.report import FLOORS, _suggest

    same = [{"floor": f, "hints": 28, "used": 16, "share": 0.571} for f in FLOORS]
    assert _suggest(same, 28, 0.5) == 0.5
    fewer = [{"floor": f, "hints": 28 if f < 0.6 else 20, "used": 16 if f < 0.7 else 15, "share": 0} for f in FLOORS]
    assert _suggest(fewer, 28, 0.5) == 0.7  # 15 of 16 used kept from 0.70 up: the lowest of those alike


def test_eval_says_at_the_time_is_unknown_when_the_ledger_holds_none_of_the_prompts(kb):
    assert f"- {NOTE}:" in prompt(kb, LOCK)
    read_note(kb, NOTE)
    prompt(kb, "ok")
    kb.ledger_path.unlink()  # rotated out, or cleared: the trail still holds the prompts
    done = run_mage("eval", cwd=kb.root)
    assert done.returncode == 0 and "at the time: unknown" in done.stdout and "0.000" not in done.stdout
    assert json.loads(run_mage("eval", "--json", cwd=kb.root).stdout)["recorded"] == 0


def test_a_foreign_trail_line_whose_chapter_is_not_a_number_costs_eval_nothing(kb):
    (kb.learnings_dir).mkdir(parents=True, exist_ok=True)
    (kb.learnings_dir / "tr.jsonl").write_text(
        '{"ts":"2026-12-04T02:31:27.345Z","session":"tr","event":"UserPromptSubmit","chapter":[1],"sub":false,'
        '"prompt":"pytest editable install"}\n')
    done = run_mage("eval", cwd=kb.root)
    assert done.returncode == 0 and "internal error" not in done.stderr
