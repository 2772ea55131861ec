"""On the real Claude Code: the plugin route (`claude --plugin-dir <mage checkout>`).

No `mage connect`: the hooks come from hooks/hooks.json through the plugin's
hooks/mage-hook script, which must find `mage-hook` where pipx puts it
(~/.local/bin) even when the venv is not on PATH, and must fail open (no hook
error, the session unharmed) when mage is not installed at all.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from realhost.fixtures import BIN, claude_cli, make_project  # noqa: F401  (fixtures)
from realhost.session import run_session

pytestmark = pytest.mark.realhost

PLUGIN_ROOT = Path(__file__).resolve().parent.parent
SECRET = "ghp_R7x2Kq9PlantedSecretToken0000abcdEF12"
SCENARIO = {"turns": [{"when": "REMEMBER", "steps": [
    [{"tool_use": {"name": "Write", "input": {"file_path": "{{project}}/mage/token.md",
                                              "content": f"---\nname: token\ndescription: t\n---\n{SECRET}\n"}}}],
    [{"tool_use": {"name": "Bash", "input": {"command": "false"}}}],
    [{"text": "Done."}]]}]}


def system_path_without_mage() -> str:
    """PATH minus every folder that holds a mage-hook (the venv a developer may have activated)."""
    folders = [p for p in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
               if p and not (Path(p) / "mage-hook").exists()]
    return os.pathsep.join(folders)


def run_plugin(root: Path, installed: bool):
    project = make_project(root / "project")
    out = root / "out"
    home_bin = out / "home" / ".local" / "bin"
    home_bin.mkdir(parents=True)
    if installed:  # what `pipx install mage` leaves behind
        os.symlink(BIN / "mage-hook", home_bin / "mage-hook")
    session = run_session(project, SCENARIO, out, prompts=["Please REMEMBER this."],
                          claude_args=["--plugin-dir", str(PLUGIN_ROOT)], env={"PATH": system_path_without_mage()})
    assert session.ok, session.failure()
    return project, session


def trail_events(project: Path) -> set:
    return {json.loads(line)["event"] for path in (project / ".mage" / "learnings").glob("*.jsonl")
            for line in path.read_text().splitlines() if line.strip()}


def test_plugin_hooks_fire_through_a_pipx_style_install(claude_cli, tmp_path):
    project, session = run_plugin(tmp_path, installed=True)
    written = (project / "mage" / "token.md").read_text()
    assert SECRET not in written and "[REDACTED:github-token]" in written, "Gate-0 ran through the plugin"
    assert {"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop"} <= trail_events(project)
    assert not (project / ".claude").exists(), "the plugin route writes no settings"


def test_plugin_without_mage_hook_falls_back_or_fails_open(claude_cli, tmp_path):
    probe = tmp_path / "probe"
    probe.mkdir()
    python_has_mage = subprocess.run(["python3", "-c", "import mage_engine"], cwd=probe, capture_output=True,
                                     env={"PATH": system_path_without_mage()}).returncode == 0
    project, session = run_plugin(tmp_path, installed=False)
    errors = [line for line in session.transcript() if line.get("type") == "attachment"
              and "error" in str(line["attachment"].get("type"))]
    assert errors == [], "a missing mage must never show the user a hook error"
    written = (project / "mage" / "token.md").read_text()
    if python_has_mage:  # mage importable by the system python3: the script's last fallback ran it
        assert SECRET not in written
    else:  # mage not installed at all: nothing ran, and the host went on unharmed
        assert SECRET in written
        shown = [line for line in session.transcript() if "mage is not installed on this machine" in json.dumps(line)]
        assert shown, "the user is told, once, at session start, how to install mage"
        learnings = project / ".mage" / "learnings"
        assert not learnings.exists() or not any(learnings.iterdir())


def test_the_real_cli_validates_the_plugin(claude_cli, tmp_path):
    binary, _ = claude_cli
    env = {"HOME": str(tmp_path), "PATH": os.environ.get("PATH", ""), "DISABLE_AUTOUPDATER": "1",
           "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1"}
    done = subprocess.run([str(binary), "plugin", "validate", str(PLUGIN_ROOT), "--strict"], capture_output=True,
                          text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and "Validation passed" in done.stdout, done.stdout + done.stderr
    for event in ("SessionStart", "PreToolUse Write|Edit|MultiEdit", "SessionEnd"):
        assert f"hooks: {event} command" in done.stdout
    for line in ("skills: mage:groom", "skills: mage:onboard", "agents: mage:keeper"):
        assert line in done.stdout, "the plugin's own skills and subagent, under the names the host lists"
