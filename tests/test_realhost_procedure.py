"""On the real Claude Code: a position the agent declares in Bash puts Next/Then into what reaches the model.

The project's trail holds two ended sessions that went build → test → deploy
(one failed at deploy), and a groomed transition note says what follows
deploy. In a connected session the scripted agent runs `mage session turn
--current --at test` in its Bash tool; the next prompt's hook context, as the
model received it, holds Next: deploy and Then: verify. A session that declares
nothing gets no such block. Both ways the harness runs a session: a process
per prompt (resumed) and one process for every prompt.
"""

import os

import pytest

from realhost import context
from realhost.fixtures import BIN, claude_cli, mage, make_project  # noqa: F401  (fixtures)
from realhost.session import run_session

pytestmark = pytest.mark.realhost

SCENARIO = {"turns": [
    {"when": "DECLARE_TEST", "steps": [
        [{"tool_use": {"name": "Bash", "input": {"command": "mage session turn --current --at test",
                                                 "description": "declare where I am"}}}],
        [{"text": "Declared. DECLARED-DONE"}]]},
    {"when": "WHAT_NEXT", "reply": [{"text": "Deploying next."}]},
    {"when": "NO_DECLARATION", "reply": [{"text": "Nothing declared."}]}]}
NEXT = ("Next:\n- deploy — when the suite is green; do run make deploy; avoid deploying without KUBECONFIG "
        "[1 ok / 1 failed]")
THEN = "Then:\n- verify (after deploy) — when the rollout finished; do curl the health endpoint"


def agent_env() -> dict:
    return {"PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}"}


@pytest.fixture(scope="module")
def project(claude_cli, tmp_path_factory):
    project = make_project(tmp_path_factory.mktemp("rh-procedure") / "project")
    mage(project, "connect", "claude-code")
    for past, outcome in (("past-ok", "succeeded"), ("past-failed", "failed")):
        for step in ("build", "test", "deploy"):
            mage(project, "session", "turn", past, "--at", step)
        mage(project, "session", "end", past, "--outcome", outcome)
    mage(project, "session", "remember", "--from", "test", "--to", "deploy", "--when", "the suite is green",
         "--do", "run make deploy", "--avoid", "deploying without KUBECONFIG")
    mage(project, "session", "remember", "--from", "deploy", "--to", "verify", "--when", "the rollout finished",
         "--do", "curl the health endpoint")
    mage(project, "groom", "--accept-all")
    return project


@pytest.mark.parametrize("one_process", [False, True], ids=["resumed", "one-process"])
def test_a_declared_position_puts_next_and_then_into_what_reached_the_model(project, tmp_path, one_process):
    session = run_session(project, SCENARIO, tmp_path / "out", env=agent_env(), tools="Bash", one_process=one_process,
                          prompts=["DECLARE_TEST: the build is done, we are testing", "WHAT_NEXT: what now?"])
    assert session.ok, session.failure()
    declared = context.since_last_reply(context.answering(session.out, "DECLARE_TEST", step=1))
    assert f"session {session.session_id} at \"test\"" in declared, "--current found the agent's own session"
    sent = context.since_last_reply(context.answering(session.out, "WHAT_NEXT"))
    assert NEXT in sent and THEN in sent
    assert "- build" not in sent, "outgoing only"
    mage(project, "session", "end", session.session_id, "--outcome", "succeeded")


def test_a_session_that_declares_nothing_gets_no_guidance(project, tmp_path):
    session = run_session(project, SCENARIO, tmp_path / "out", env=agent_env(), tools="Bash",
                          prompts=["NO_DECLARATION: what now?"])
    assert session.ok, session.failure()
    sent = context.since_last_reply(context.answering(session.out, "NO_DECLARATION"))
    assert "Next:" not in sent and "Where you are" not in sent
    assert f"This session is `{session.session_id}`" in "\n".join(t for _, t in context.strings_of(
        context.answering(session.out, "NO_DECLARATION"))), "SessionStart named the session for the agent"
