"""A note hinted in a session is not hinted again while the conversation still holds it
(docs/recall.md, "Hinted once a conversation"), through the real `mage-hook` process."""

import json

from helpers.hook import run_hook
from helpers.recall import eval_kb, injected, prompt_payload, start_payload

LOCK = "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?"
AGAIN = "the terraform state lock in live/prod/eks is stuck again after the plan, delete the dynamodb row?"
NOTE = "- tf-state-lock-force-unlock: "


def ask(kb, prompt, session, transcript) -> str:
    payload = prompt_payload(kb, prompt, session)
    payload["transcript_path"] = str(transcript)
    done = run_hook("UserPromptSubmit", payload)
    assert done.returncode == 0 and done.stderr == ""
    return injected(done)


def start(kb, session, transcript, source):
    payload = start_payload(kb, session, source)
    payload["transcript_path"] = str(transcript)
    assert run_hook("SessionStart", payload).returncode == 0


def turn(transcript, text="the agent's reply\n"):
    """What the host writes after a prompt: the prompt, the hint, the reply."""
    with transcript.open("a") as handle:
        handle.write(json.dumps({"type": "assistant", "text": text}) + "\n")


def last_decision(kb) -> dict:
    return json.loads(kb.ledger_path.read_text().splitlines()[-1])["decision"]


def test_the_next_turn_does_not_repeat_a_hint_the_conversation_holds(tmp_path):
    kb, transcript = eval_kb(tmp_path / "project"), tmp_path / "session.jsonl"
    assert NOTE in ask(kb, LOCK, "s1", transcript)  # the host has not written the transcript yet
    turn(transcript)
    assert NOTE not in ask(kb, AGAIN, "s1", transcript)
    decision = last_decision(kb)
    reasons = {row["id"]: row["reason"] for row in decision["candidates"]}
    assert reasons["tf-state-lock-force-unlock"] == "hinted earlier in this session"
    assert NOTE in ask(kb, AGAIN, "s2", tmp_path / "other.jsonl")  # another session's conversation does not hold it


def test_a_transcript_that_never_grows_gets_the_hint_every_time(tmp_path):
    """A script asking one question after another under one session name, with no conversation."""
    kb = eval_kb(tmp_path / "project")
    static = tmp_path / "fixture.jsonl"
    static.write_text('{"type": "user"}\n')
    assert NOTE in ask(kb, LOCK, "s1", static)
    assert NOTE in ask(kb, AGAIN, "s1", static)
    assert NOTE in ask(kb, LOCK, "s3", tmp_path / "never-written.jsonl")
    assert NOTE in ask(kb, AGAIN, "s3", tmp_path / "never-written.jsonl")


def test_a_compaction_forgets_the_hints_and_a_resume_keeps_them(tmp_path):
    kb, transcript = eval_kb(tmp_path / "project"), tmp_path / "session.jsonl"
    for name in ("gha-oidc-trust-sub", "tf-state-lock-force-unlock"):  # older than the lessons a start names
        note = kb.notes_dir / f"{name}.md"
        note.write_text(note.read_text().replace("updated: 2026", "updated: 2001"))
    start(kb, "s1", transcript, "startup")
    assert NOTE in ask(kb, LOCK, "s1", transcript)
    turn(transcript)
    start(kb, "s1", transcript, "resume")  # `claude -p --resume`: the saved conversation, hint included
    assert NOTE not in ask(kb, AGAIN, "s1", transcript)
    turn(transcript)
    start(kb, "s1", transcript, "compact")  # the hint was summarised away
    assert NOTE in ask(kb, AGAIN, "s1", transcript)


def test_mage_eval_replays_the_rule_and_counts_a_note_used_from_an_earlier_hint(tmp_path):
    from helpers.process import run_mage

    kb, transcript = eval_kb(tmp_path / "project"), tmp_path / "session.jsonl"
    assert NOTE in ask(kb, LOCK, "s1", transcript)
    turn(transcript)
    assert NOTE not in ask(kb, AGAIN, "s1", transcript)
    read = {"session_id": "s1", "cwd": str(kb.root), "hook_event_name": "PostToolUse", "tool_name": "Read",
            "tool_input": {"file_path": str(kb.notes_dir / "tf-state-lock-force-unlock.md")},
            "tool_response": {"success": True}}
    assert run_hook("PostToolUse", read).returncode == 0  # the agent reads the note hinted a turn before
    result = json.loads(run_mage("eval", "--json", cwd=kb.root).stdout)
    second = result["rows"][1]
    assert second["hinted"] == [] and second["held"] == ["tf-state-lock-force-unlock"]  # today, as the hook did
    assert result["used"]["turns"] == 1 and result["used"]["recall"] == 1.0 and result["used"]["recall_before"] == 1.0
    assert "or had it from an earlier hint in the chapter" in run_mage("eval", cwd=kb.root).stdout


def test_a_compaction_that_begins_forgets_the_hints_even_before_the_session_starts_again(tmp_path):
    kb, transcript = eval_kb(tmp_path / "project"), tmp_path / "session.jsonl"
    assert NOTE in ask(kb, LOCK, "s1", transcript)
    turn(transcript)
    payload = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(kb.root),
               "hook_event_name": "PreCompact", "trigger": "auto", "custom_instructions": ""}
    done = run_hook("PreCompact", payload)
    assert done.returncode == 0 and done.stdout == ""
    turn(transcript)
    assert NOTE in ask(kb, AGAIN, "s1", transcript)
