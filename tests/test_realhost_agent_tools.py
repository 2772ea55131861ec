"""On the real Claude Code: mage's own skills and keeper subagent, after `mage connect claude-code`.

The skills' names and descriptions and the subagent are in what reached the
model (the host's listings). A scripted turn invokes the mage-groom skill: at
autonomy operator it stages a draft and its accept is refused; at overseer it
accepts, and the git command mage prints is in the tool result the model read.
The keeper runs on the small model with only the Bash tool. On the plugin
route the host lists the plugin's copies as mage:groom, mage:onboard and
mage:keeper instead.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from realhost import context
from realhost.fixtures import BIN, claude_cli, mage, make_project  # noqa: F401  (fixtures)
from realhost.session import run_session

pytestmark = pytest.mark.realhost

PLUGIN_ROOT = Path(__file__).resolve().parent.parent
TOOLS = "Bash,Read,Write,Edit,Skill,Agent"
TITLE = "Deploys fail while the billing worker holds the queue lock"
STAGE = (f'mage stage --kind procedure --tags deploy,billing --title "{TITLE}" '
         '--body "Restart the worker before deploying billing: the stale worker keeps the lock."')


def groom_turn(marker: str) -> dict:
    """Load the skill, stage the lesson, try to accept every draft, then reply."""
    return {"when": marker, "steps": [
        [{"tool_use": {"name": "Skill", "input": {"skill": "mage-groom"}}}],
        [{"tool_use": {"name": "Bash", "input": {"command": STAGE, "description": "stage the lesson"}}}],
        [{"tool_use": {"name": "Bash", "input": {"command": "mage groom --accept-all", "description": "accept"}}}],
        [{"text": f"Groomed. {marker}-DONE"}]]}


SCENARIO = {"turns": [
    {"when": "LIST_TOOLS", "reply": [{"text": "Listed."}]},
    groom_turn("GROOM_OPERATOR"),
    {"when": "ASK_KEEPER", "steps": [
        [{"tool_use": {"name": "Agent", "input": {"subagent_type": "mage-keeper", "description": "backlog",
                                                  "prompt": "KEEPER_BACKLOG: report mage's grooming backlog."}}}],
        [{"text": "The keeper is on it."}]]},
    {"when": "KEEPER_BACKLOG", "steps": [
        [{"tool_use": {"name": "Bash", "input": {"command": "mage status", "description": "backlog"}}}],
        [{"text": "mage: 1 draft waiting in staging, autonomy operator"}]]}]}
OVERSEER = {"turns": [groom_turn("GROOM_OVERSEER")]}


def agent_env() -> dict:
    """The agent's shell finds this install's `mage` on PATH, as after `pipx install mage`."""
    return {"PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}"}


def tool_results(body: dict) -> str:
    """Every tool result the model had read when it sent `body`."""
    return "\n".join(text for where, text in context.strings_of(body) if "tool_result" in where)


@pytest.fixture(scope="module")
def connected(claude_cli, tmp_path_factory):
    root = tmp_path_factory.mktemp("rh-agent-tools")
    project = make_project(root / "project")
    mage(project, "connect", "claude-code")
    session = run_session(project, SCENARIO, root / "out", env=agent_env(), tools=TOOLS,
                          prompts=["LIST_TOOLS: what can you do here?", "Please GROOM_OPERATOR the memory drafts.",
                                   "ASK_KEEPER what the memory backlog is."])
    assert session.ok, session.failure()
    return project, session, root


def drafts(project: Path) -> list:
    return json.loads(mage(project, "drafts", "--json").stdout)["drafts"]


def test_the_skills_and_the_subagent_are_listed_to_the_model(connected):
    _, session, _ = connected
    first = context.answering(session.out, "LIST_TOOLS")
    sent = "\n".join(text for _, text in context.strings_of(first))
    assert "- mage-groom: Groom this project's mage memory" in sent
    assert "- mage-onboard: Check that mage, this project's coding-agent memory, is set up" in sent
    assert "- mage-keeper: mage's memory keeper for this project" in sent and "(Tools: Bash(mage:*))" in sent


def test_at_operator_the_groom_skill_stages_and_the_accept_is_refused(connected):
    project, session, _ = connected
    loaded = context.since_last_reply(context.answering(session.out, "GROOM_OPERATOR", step=1))
    assert "What you may do at each autonomy level" in loaded, "the skill's text reached the model"
    last = tool_results(context.answering(session.out, "GROOM_OPERATOR", step=3))
    assert "staged deploys-fail-while-the-billing-worker-holds-the-queue-lock" in last
    assert "accept is refused to the agent at autonomy 'operator'" in last
    assert [d["title"] for d in drafts(project)] == [TITLE]
    assert not list((project / "mage" / "notes").glob("*.md")), "nothing was accepted"


def test_the_keeper_runs_on_the_small_model_with_only_bash(connected):
    _, session, _ = connected
    keeper = context.answering(session.out, "KEEPER_BACKLOG", step=1)
    assert "haiku" in keeper["model"] and [tool["name"] for tool in keeper["tools"]] == ["Bash"]
    assert "drafts 1" in tool_results(keeper) and "autonomy operator" in tool_results(keeper)
    assert "You are mage's memory keeper" in json.dumps(keeper["system"])


def test_the_groom_skill_load_reaches_optimize_as_evidence(connected):
    project, _, _ = connected
    rows = json.loads(mage(project, "optimize", "--dry-run", "--json").stdout)["skills"]
    groom = next(row for row in rows if row["skill"] == "mage-groom")
    assert groom["loads"] == 1 and groom["matched"] == 1 and groom["shipped"]


def test_at_overseer_the_groom_skill_accepts_and_the_git_command_reaches_the_model(connected):
    project, _, root = connected
    mage(project, "dial", "autonomy", "overseer")  # a person raises the dial
    session = run_session(project, OVERSEER, root / "out-overseer", env=agent_env(), tools=TOOLS,
                          prompts=["Please GROOM_OVERSEER the memory drafts."])
    assert session.ok, session.failure()
    last = tool_results(context.answering(session.out, "GROOM_OVERSEER", step=3))
    note = "mage/notes/deploys-fail-while-the-billing-worker-holds-the-queue-lock.md"
    assert f"accept deploys-fail-while-the-billing-worker-holds-the-queue-lock -> {note}" in last
    assert "Nothing is committed. Read the diff, then:" in last and "git add " in last and "git commit -m" in last
    assert (project / note).is_file() and drafts(project) == []
    commits = subprocess.run(["git", "rev-list", "--all", "--count"], cwd=project, capture_output=True, text=True)
    assert commits.stdout.strip() in ("", "0"), "mage never commits; the person runs the command"


def test_on_the_plugin_route_the_host_lists_the_plugins_copies(claude_cli, tmp_path):
    project = make_project(tmp_path / "project")
    mage(project, "connect", "claude-code", "--no-hooks")
    session = run_session(project, {"turns": [{"when": "LIST_TOOLS", "reply": [{"text": "Listed."}]}]},
                          tmp_path / "out", env=agent_env(), tools=TOOLS, prompts=["LIST_TOOLS please"],
                          claude_args=["--plugin-dir", str(PLUGIN_ROOT)])
    assert session.ok, session.failure()
    sent = "\n".join(text for _, text in context.strings_of(context.answering(session.out, "LIST_TOOLS")))
    for listed in ("- mage:groom: Groom this project's mage memory", "- mage:onboard: Check that mage",
                   "- mage:keeper: mage's memory keeper"):
        assert listed in sent
    assert "- mage-groom:" not in sent, "one route, so each tool is listed once"
