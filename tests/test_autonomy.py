"""The autonomy dial, as the agent (CLAUDECODE=1) meets it."""

import json

import pytest

from helpers.process import run_mage

AGENT = {"CLAUDECODE": "1"}


@pytest.fixture
def staged(kb):
    for title in ("First lesson", "Second lesson"):
        assert run_mage("stage", "--title", title, "--body", f"{title} body.", cwd=kb.root, env=AGENT).returncode == 0
    return kb


def set_autonomy(kb, level):
    assert run_mage("dial", "autonomy", level, cwd=kb.root).returncode == 0


def test_operator_lets_the_agent_only_stage(staged):
    kb = staged
    for args in (["--accept", "first-lesson"], ["--reject", "first-lesson"],
                 ["--merge", "first-lesson", "--into", "x"],
                 ["--propose", "first-lesson", "--verdict", "accept", "--reason", "r"]):
        result = run_mage("groom", *args, cwd=kb.root, env=AGENT)
        assert result.returncode == 1, args
        assert "refused to the agent at autonomy 'operator'" in result.stderr
        assert "a person" in result.stderr and result.stderr.count("\n") == 1
    assert kb.draft_path("first-lesson").exists() and not any(kb.notes_dir.iterdir())


def test_approver_lets_the_agent_propose_and_a_person_approve(staged):
    kb = staged
    set_autonomy(kb, "approver")
    refused = run_mage("groom", "--accept", "first-lesson", cwd=kb.root, env=AGENT)
    assert refused.returncode == 1 and "approver" in refused.stderr
    for draft, verdict in (("first-lesson", "accept"), ("second-lesson", "reject")):
        proposed = run_mage("groom", "--propose", draft, "--verdict", verdict, "--reason", "because",
                            cwd=kb.root, env=AGENT)
        assert proposed.returncode == 0, proposed.stderr
    drafts = json.loads(run_mage("drafts", "--json", cwd=kb.root).stdout)["drafts"]
    assert {d["id"]: d["proposal"]["verdict"] for d in drafts} == {"first-lesson": "accept",
                                                                  "second-lesson": "reject"}
    agent_approves = run_mage("groom", "--approve-proposals", cwd=kb.root, env=AGENT)
    assert agent_approves.returncode == 1 and "a person approves" in agent_approves.stderr
    approved = run_mage("groom", "--approve-proposals", cwd=kb.root)
    assert approved.returncode == 0, approved.stderr
    assert kb.note_path("first-lesson").is_file() and not kb.note_path("second-lesson").exists()
    assert "second-lesson" in kb.rejected_path.read_text()
    assert "mage/rejected.jsonl" in approved.stdout and "git commit" in approved.stdout


def test_overseer_lets_the_agent_accept(staged):
    kb = staged
    set_autonomy(kb, "overseer")
    result = run_mage("groom", "--accept", "first-lesson", cwd=kb.root, env=AGENT)
    assert result.returncode == 0, result.stderr
    assert kb.note_path("first-lesson").is_file()


def test_mage_actor_env_also_marks_the_agent(staged):
    result = run_mage("groom", "--accept", "first-lesson", cwd=staged.root, env={"MAGE_ACTOR": "agent"})
    assert result.returncode == 1 and "refused to the agent" in result.stderr


def test_a_person_may_always_groom(staged):
    assert run_mage("groom", "--accept", "first-lesson", cwd=staged.root).returncode == 0
