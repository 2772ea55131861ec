"""On the real Claude Code: a note is hinted once per conversation, and again after a compaction.

Three prompts on the billing deploy, a /compact between the second and the third,
run twice: as a person's terminal runs them (one process) and as scripts and CI do
(`claude -p --resume` per prompt). The first prompt's hint reaches the model; the
second prompt's does not repeat it (the hint is still in the conversation, and the
ledger says why); after the compaction, which summarised the hint away, it is hinted again.
"""

import json

import pytest

from realhost import context
from realhost.fixtures import claude_cli, mage, make_project, note  # noqa: F401  (fixtures)
from realhost.session import run_session

pytestmark = pytest.mark.realhost

DEPLOY = "billing-deploy-restart-worker"
NOTES = {DEPLOY: note(
    DEPLOY, "Restart the queue worker before deploying billing",
    "Deploying the billing service fails while a stale queue worker holds the lock: run "
    "`systemctl restart billing-worker`, then `./deploy.sh billing`.", tags=["deploy", "billing"])}
# Newer lessons fill the session start's "recent lessons", so the deploy lesson reaches the model only as a hint.
NOTES.update({f"newer-lesson-{n}": note(f"newer-lesson-{n}", f"Newer lesson {n} about the {topic}",
                                        f"Something learned about the {topic}.").replace("updated: 2026-11-01",
                                                                                         "updated: 2026-11-20")
              for n, topic in enumerate(("font cache", "locale files", "icon sprites", "cron table", "mail queue"))})
PROMPTS = ["How do I deploy the billing service to production? FIRST_Q",
           "The billing deploy failed again on the worker lock, what now? SECOND_Q",
           "/compact",
           "Deploying billing to production once more: what first? THIRD_Q"]
SCENARIO = {"turns": [{"when": marker, "reply": [{"text": "Restart the worker, then deploy."}]}
                      for marker in ("FIRST_Q", "SECOND_Q", "THIRD_Q")]}


@pytest.fixture(scope="module", params=["one process", "resumed"])
def hinted_session(request, claude_cli, tmp_path_factory):
    root = tmp_path_factory.mktemp("rh-once")
    project = make_project(root / "project", notes=NOTES)
    mage(project, "index")
    mage(project, "connect", "claude-code")
    session = run_session(project, SCENARIO, root / "out", prompts=PROMPTS, one_process=request.param == "one process")
    assert session.ok, session.failure()
    return project, session


def prompt_decisions(project) -> list:
    """The ledger's hint decisions, in order."""
    lines = [json.loads(line) for line in (project / ".mage" / "injections.jsonl").read_text().splitlines()]
    return [line["decision"] for line in lines if line["event"] == "UserPromptSubmit"]


def sent_with(session, marker: str) -> str:
    return context.since_last_reply(context.answering(session.out, marker))


def test_the_first_prompt_gets_the_hint(hinted_session):
    _, session = hinted_session
    assert f"- {DEPLOY}: Restart the queue worker" in sent_with(session, "FIRST_Q")


def test_the_next_prompt_does_not_repeat_it_and_the_ledger_says_why(hinted_session):
    project, session = hinted_session
    assert DEPLOY not in sent_with(session, "SECOND_Q")
    second = prompt_decisions(project)[1]
    reasons = {row["id"]: row["reason"] for row in second["candidates"]}
    assert reasons[DEPLOY] == "hinted earlier in this session"
    assert second["outcome"] == "hinted earlier in this session" and second["hinted"] == []
    explained = mage(project, "hints", "--session", session.session_id).stdout
    assert "silent: hinted earlier in this session" in explained


def test_after_a_compaction_it_is_hinted_again(hinted_session):
    project, session = hinted_session
    assert f"- {DEPLOY}: Restart the queue worker" in sent_with(session, "THIRD_Q")
    assert prompt_decisions(project)[-1]["hinted"] == [DEPLOY]
