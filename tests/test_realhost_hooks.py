"""On the real Claude Code: the settings `mage connect` writes load, and every hook fires.

One session in a connected project: a prompt with a failing then a passing
command, a /compact, a prompt after it. The trail must hold a line for every
hooked event, the user's own hook in the same file must still run, and after
`mage disconnect` the host runs none of mage's hooks.
"""

import json
import sys
from pathlib import Path

import pytest

from realhost.fixtures import claude_cli, mage, make_project  # noqa: F401  (fixtures)
from realhost.session import run_session

pytestmark = pytest.mark.realhost

HOOKED = {"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "PreCompact",
          "PostCompact", "Stop", "SubagentStop", "SessionEnd"}
SCENARIO = {"turns": [
    {"when": "RUN_CHECK", "steps": [
        [{"tool_use": {"name": "Bash", "input": {"command": "python3 -c \"import sys; print('CHECK-FAILED'); sys.exit(1)\""}}}],
        [{"tool_use": {"name": "Bash", "input": {"command": "echo CHECK-PASSED"}}}],
        [{"text": "The check passes now."}]]},
    {"when": "AFTER", "reply": [{"text": "Noted."}]}]}


def trail_lines(project: Path) -> list[dict]:
    return [json.loads(line) for path in sorted((project / ".mage" / "learnings").glob("*.jsonl"))
            for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def connected(claude_cli, tmp_path_factory):
    root = tmp_path_factory.mktemp("rh-hooks")
    project = make_project(root / "project")
    user_log = root / "user-hook.log"
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.local.json").write_text(json.dumps({"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": f"cat >> {user_log}; echo >> {user_log}"}]}]}}))
    mage(project, "connect", "claude-code")
    session = run_session(project, SCENARIO, root / "out", prompts=["Please RUN_CHECK", "/compact", "Thanks AFTER"])
    assert session.ok, session.failure()
    return project, session, user_log, root


def test_every_hooked_event_reaches_the_trail(connected):
    project, session, _, _ = connected
    events = {line["event"] for line in trail_lines(project) if line.get("session") == session.session_id}
    assert HOOKED <= events, f"missing from the trail: {sorted(HOOKED - events)}"


def test_the_failing_command_is_captured_as_failed(connected):
    project, session, _, _ = connected
    failures = [line for line in trail_lines(project) if line["event"] == "PostToolUseFailure"]
    assert failures and all(line.get("ok") is False for line in failures)


def test_the_users_own_hook_in_the_same_file_still_runs(connected):
    _, session, user_log, _ = connected
    payloads = [json.loads(line) for line in user_log.read_text().splitlines() if line.strip()]
    assert [p["prompt"] for p in payloads] == ["Please RUN_CHECK", "Thanks AFTER"]


def test_hooks_swallow_nothing_into_the_error_log(connected):
    project, _, _, _ = connected
    log = project / ".mage" / "errors.log"
    assert not log.exists() or not log.read_text().strip(), log.read_text()


def test_the_host_reports_no_hook_error(connected):
    _, session, _, _ = connected
    errors = [line["attachment"] for line in session.transcript() if line.get("type") == "attachment"
              and "error" in str(line["attachment"].get("type"))]
    assert errors == []


def test_after_disconnect_the_host_runs_none_of_mages_hooks(connected):
    project, _, user_log, root = connected
    mage(project, "disconnect", "claude-code")
    before = len(trail_lines(project))
    session = run_session(project, SCENARIO, root / "out-disconnected", prompts=["Please RUN_CHECK"])
    assert session.ok, session.failure()
    assert len(trail_lines(project)) == before
    assert user_log.read_text().count('"prompt"') == 3, "the user's hook survived the disconnect"


def test_shared_settings_fire_through_the_project_script_with_mage_on_path(claude_cli, tmp_path):
    """`--shared`: the committed settings run .claude/hooks/mage-hook, which finds mage on PATH."""
    project = make_project(tmp_path / "team")
    mage(project, "connect", "claude-code", "--shared")
    assert str(Path(sys.executable).parent) not in (project / ".claude" / "settings.json").read_text()
    path = f"{Path(sys.executable).parent}:/usr/bin:/bin"
    session = run_session(project, SCENARIO, tmp_path / "out", prompts=["Please RUN_CHECK"], env={"PATH": path})
    assert session.ok, session.failure()
    events = {line["event"] for line in trail_lines(project) if line.get("session") == session.session_id}
    assert {"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop"} <= events
    errors = [line["attachment"] for line in session.transcript() if line.get("type") == "attachment"
              and "error" in str(line["attachment"].get("type"))]
    assert errors == []
