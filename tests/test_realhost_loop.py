"""On the real Claude Code: the whole loop in one session (hint, standing context, nudge, trail).

A connected project with a few notes; one Claude Code session (one process,
like a person at the terminal): a prompt the deploy lesson answers, a command
that fails and then succeeds, a /compact, a prompt after it, and an unrelated
prompt. A draft waits in staging. What the model received proves the hint,
the standing context (with the grooming backlog the mage-groom skill fires on)
and the post-compaction digest; the unrelated prompt gets no hint; the trail
holds the session as two chapters.
"""

import json
import subprocess

import pytest

from realhost import context
from realhost.fixtures import BIN, claude_cli, mage, make_project, note  # noqa: F401  (fixtures)
from realhost.session import run_session

pytestmark = pytest.mark.realhost

NOTES = {
    "billing-deploy-restart-worker": note(
        "billing-deploy-restart-worker", "Restart the queue worker before deploying billing",
        "Deploying the billing service fails while a stale queue worker holds the lock: run "
        "`systemctl restart billing-worker`, then `./deploy.sh billing`.", tags=["deploy", "billing"]),
    "tests-run-with-make": note(
        "tests-run-with-make", "Run the tests with make test, never pytest directly",
        "The suite needs the editable install that `make test` performs first; plain pytest fails on imports.",
        kind="rule", category="workflow", tags=["tests"]),
    "postgres-vacuum-window": note(
        "postgres-vacuum-window", "Postgres vacuum runs nightly at 02:00",
        "The nightly vacuum locks the ledger tables between 02:00 and 02:20 UTC.", tags=["postgres"]),
}
# Five newer lessons: the session's start names the most recent ones, and a note already in the standing
# context is not hinted again, so the deploy lesson must be older than these to reach the model as a hint.
NOTES.update({f"newer-lesson-{n}": note(f"newer-lesson-{n}", f"Newer lesson {n} about the {topic}",
                                        f"Something learned about the {topic}.").replace("updated: 2026-11-01",
                                                                                         "updated: 2026-11-20")
              for n, topic in enumerate(("font cache", "locale files", "icon sprites", "cron table", "mail queue"))})
CHECK = "python3 scripts/check_ledger.py"
WAITING = "Ledger reports read from the replica"  # a draft staged before the session: the grooming backlog
BACKLOG = "Grooming backlog: 1 draft waiting in staging (see `mage drafts`)."
PROMPTS = ["How do I deploy the billing service to production? DEPLOY_Q",
           "Please RUN_CHECK on the ledger.",
           "/compact",
           "Carry on with the release notes. AFTER_COMPACT",
           "Write a haiku about autumn leaves. UNRELATED"]
SCENARIO = {"turns": [
    {"when": "DEPLOY_Q", "reply": [{"text": "Restart the worker, then deploy."}]},
    {"when": "RUN_CHECK", "steps": [
        [{"tool_use": {"name": "Bash", "input": {"command": f"{CHECK} --strict", "description": "check"}}}],
        [{"tool_use": {"name": "Bash", "input": {"command": CHECK, "description": "check again"}}}],
        [{"text": "The ledger check passes without --strict."}]]},
    {"when": "AFTER_COMPACT", "reply": [{"text": "Release notes next."}]},
    {"when": "UNRELATED", "reply": [{"text": "Leaves drift and fall."}]}]}
LEDGER_SCRIPT = ("import sys\nif '--strict' in sys.argv:\n    print('LEDGER-CHECK-FAILED: totals differ by 3 cents')\n"
                 "    sys.exit(1)\nprint('ledger ok')\n")


@pytest.fixture(scope="module")
def loop(claude_cli, tmp_path_factory):
    root = tmp_path_factory.mktemp("rh-loop")
    project = make_project(root / "project", notes=NOTES)
    (project / "scripts").mkdir()
    (project / "scripts" / "check_ledger.py").write_text(LEDGER_SCRIPT)
    mage(project, "index")
    mage(project, "connect", "claude-code")
    mage(project, "stage", "--title", WAITING, "--body", "The ledger job reads the replica; the primary is for writes.")
    session = run_session(project, SCENARIO, root / "out", prompts=PROMPTS, one_process=True)
    assert session.ok, session.failure()
    return project, session


def prompt_context(session, marker: str) -> str:
    """What reached the model together with the prompt carrying `marker`."""
    return context.since_last_reply(context.answering(session.out, marker))


def test_the_related_prompt_got_a_hint_naming_the_note(loop):
    _, session = loop
    sent = prompt_context(session, "DEPLOY_Q")
    assert "UserPromptSubmit hook additional context" in sent
    assert "billing-deploy-restart-worker" in sent and "Restart the queue worker before deploying billing" in sent
    assert "mage recall" in sent


def test_the_standing_rule_reached_the_model_at_session_start(loop):
    _, session = loop
    standing = [text for _, text in context.hook_contexts(session.transcript(), "SessionStart")]
    assert standing and "Run the tests with make test, never pytest directly" in standing[0]
    first = context.requests(session.out)[0]["body"]
    assert any("Run the tests with make test, never pytest directly" in text for _, text in context.strings_of(first))


def test_the_grooming_backlog_reached_the_model_at_session_start(loop):
    _, session = loop
    standing = [text for _, text in context.hook_contexts(session.transcript(), "SessionStart")]
    assert standing and BACKLOG in standing[0]
    first = context.requests(session.out)[0]["body"]
    sent = [text for _, text in context.strings_of(first) if BACKLOG in text]
    assert sent, "the backlog line never reached the model"
    assert any("mage-groom" in text for _, text in context.strings_of(first))  # the skill it points to is listed


def test_the_post_compaction_digest_reached_the_model(loop):
    _, session = loop
    transcript = session.transcript()
    (boundary,) = context.compact_boundaries(transcript)
    after = [text for line, text in context.hook_contexts(transcript, "SessionStart") if line > boundary]
    digest = next((text for text in after if "check_ledger" in text), None)
    assert digest, f"no digest of the closed chapter after the compaction: {after}"
    sent = prompt_context(session, "AFTER_COMPACT") + "\n".join(
        t for _, t in context.strings_of(context.answering(session.out, "AFTER_COMPACT")))
    assert digest.splitlines()[0] in sent and "check_ledger" in sent


def test_the_unrelated_prompt_got_no_hint(loop):
    _, session = loop
    sent = prompt_context(session, "UNRELATED")
    assert "Write a haiku about autumn leaves" in sent
    assert "UserPromptSubmit hook additional context" not in sent
    for note_id in NOTES:
        assert note_id not in sent


def test_the_trail_holds_the_session_as_two_chapters(loop):
    project, session = loop
    chapters = [row for row in json.loads(mage(project, "chapters", "--json").stdout)
                if row["id"].startswith(f"{session.session_id}:")]
    assert len(chapters) == 2, chapters
    first, second = chapters
    assert first["failures"] >= 1 and first["tools"] >= 2 and first["prompts"] == 2
    assert second["prompts"] == 2


def test_doctor_shows_every_capability_live_after_the_session(loop):
    project, _ = loop
    done = subprocess.run([str(BIN / "mage"), "doctor", "--json"], cwd=project, capture_output=True, text=True)
    report = json.loads(done.stdout)
    problems = [f"{c['status']} {c['name']}: {c['detail']}" for c in report["checks"] if c["status"] != "ok"]
    assert problems == [] and done.returncode == 0
    names = [c["name"] for c in report["checks"]]
    assert {"trail", "memory-twin", "memory-budget", "ledger", "hook:UserPromptSubmit"} <= set(names)
