"""`mage connect claude-code --shared`: committed settings that work on every teammate's machine.

The committed .claude/settings.json must not name a path of this machine: its
hooks run the project script .claude/hooks/mage-hook, which finds the mage
installed wherever it runs. These tests run that command as the host runs it
(`sh -c`, CLAUDE_PROJECT_DIR set), on "this" machine and on a teammate's
without mage, and ask doctor about a committed file holding this machine's paths.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.process import run_mage

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SECRET = "ghp_R7x2Kq9PlantedSecretToken0000abcdEF12"


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "team-repo"
    root.mkdir()
    run_mage("init", cwd=root)
    return root


def shared(project) -> dict:
    return json.loads((project / ".claude" / "settings.json").read_text())


def run_as_host(project, event: str, payload: dict, path: str, home: Path) -> subprocess.CompletedProcess:
    (group,) = [g for g in shared(project)["hooks"][event] if g.get("id", "").startswith("mage:")]
    env = {"PATH": path, "HOME": str(home), "CLAUDE_PROJECT_DIR": str(project)}
    return subprocess.run(["/bin/sh", "-c", group["hooks"][0]["command"]], input=json.dumps(payload),
                          capture_output=True, text=True, cwd=project, env=env, timeout=30)


def without_mage(path: str) -> str:
    return os.pathsep.join(p for p in path.split(os.pathsep) if p and not (Path(p) / "mage-hook").exists()
                           and not (Path(p) / "python3").exists())


def test_shared_settings_name_no_path_of_this_machine(project):
    out = run_mage("connect", "claude-code", "--shared", cwd=project).stdout
    text = (project / ".claude" / "settings.json").read_text()
    assert str(project) not in text and str(BIN) not in text and "/home/" not in text
    for event, groups in shared(project)["hooks"].items():
        assert groups[-1]["hooks"][0]["command"] == f'"$CLAUDE_PROJECT_DIR"/.claude/hooks/mage-hook {event}'
    script = project / ".claude" / "hooks" / "mage-hook"
    assert os.access(script, os.X_OK) and script.read_text() == (ROOT / "hooks" / "mage-hook").read_text()
    assert "created .claude/hooks/mage-hook (commit it with .claude/settings.json)" in out
    personal = json.loads((project / ".claude" / "settings.local.json").read_text())
    assert personal == {"autoMemoryDirectory": str(project.resolve() / "mage")}, "this machine's path stays personal"


def test_the_shared_command_runs_the_mage_found_on_this_machine(project, tmp_path):
    run_mage("connect", "claude-code", "--shared", cwd=project)
    payload = {"session_id": "s", "cwd": str(project), "hook_event_name": "PreToolUse", "tool_name": "Write",
               "tool_input": {"file_path": str(project / "mage" / "t.md"), "content": SECRET}}
    done = run_as_host(project, "PreToolUse", payload, f"{BIN}:/usr/bin:/bin", tmp_path)
    assert done.returncode == 0, done.stderr
    assert SECRET not in json.loads(done.stdout)["hookSpecificOutput"]["updatedInput"]["content"]


def test_a_teammate_without_mage_is_warned_once_at_session_start_and_never_blocked(project, tmp_path):
    run_mage("connect", "claude-code", "--shared", cwd=project)
    path = without_mage(os.environ.get("PATH", "/usr/bin:/bin"))
    start = run_as_host(project, "SessionStart", {"session_id": "s", "cwd": str(project),
                                                  "hook_event_name": "SessionStart", "source": "startup"},
                        path, tmp_path)
    assert start.returncode == 0 and start.stderr == ""
    warning = json.loads(start.stdout)["systemMessage"]  # shown to the user; not a hook error
    assert "mage is not installed on this machine: install it from a checkout of mage" in warning
    assert "`pipx install /path/to/mage`" in warning, "PyPI's `mage` is another project: never advised"
    tool = run_as_host(project, "PostToolUse", {"session_id": "s", "cwd": str(project),
                                                "hook_event_name": "PostToolUse", "tool_name": "Bash"},
                       path, tmp_path)
    assert (tool.returncode, tool.stdout, tool.stderr) == (0, "", "")


def test_doctor_flags_a_committed_file_holding_this_machines_paths(project):
    run_mage("connect", "claude-code", cwd=project)
    personal = json.loads((project / ".claude" / "settings.local.json").read_text())
    (project / ".claude" / "settings.json").write_text(json.dumps(personal, indent=2))  # committed by mistake
    (project / ".claude" / "settings.local.json").unlink()
    report = json.loads(run_mage("doctor", "--json", cwd=project).stdout)
    check = next(c for c in report["checks"] if c["name"] == "shared-settings")
    assert check["status"] == "warn" and str(BIN / "python") in check["detail"]
    assert str(project.resolve() / "mage") in check["detail"], "autoMemoryDirectory is this machine's too"
    assert "mage connect claude-code --shared" in check["fix"]
    run_mage("connect", "claude-code", "--shared", cwd=project)
    data = shared(project)
    data.pop("autoMemoryDirectory")
    (project / ".claude" / "settings.json").write_text(json.dumps(data, indent=2))
    with_mage = {"PATH": f"{BIN}:{os.environ.get('PATH', '/usr/bin:/bin')}"}  # where the shared hooks find it
    report = json.loads(run_mage("doctor", "--json", cwd=project, env=with_mage).stdout)
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["shared-settings"]["status"] == "ok"
    assert checks["hooks-wired"]["status"] == "ok", checks["hooks-wired"]
    prompt_hook = checks["hook:UserPromptSubmit"]
    # the shared script found this machine's mage and the hook answered (only its time, which a loaded
    # machine stretches past the budget, may warn)
    assert prompt_hook["status"] == "ok" or prompt_hook["detail"].startswith("ran in"), prompt_hook


def test_disconnect_removes_the_script_and_its_folder(project):
    run_mage("connect", "claude-code", "--shared", cwd=project)
    out = run_mage("disconnect", "claude-code", cwd=project).stdout
    assert "removed .claude/hooks/mage-hook" in out
    assert not (project / ".claude").exists()


def test_a_projects_own_script_of_that_name_is_never_overwritten(project):
    own = project / ".claude" / "hooks" / "mage-hook"
    own.parent.mkdir(parents=True)
    own.write_text("#!/bin/sh\necho ours\n")
    done = run_mage("connect", "claude-code", "--shared", cwd=project)
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "is not mage's launcher" in done.stderr and own.read_text() == "#!/bin/sh\necho ours\n"
    assert not (project / ".claude" / "settings.json").exists()


def test_moving_back_to_the_personal_file_removes_the_shared_script(project):
    run_mage("connect", "claude-code", cwd=project)
    out = run_mage("connect", "claude-code", "--shared", cwd=project).stdout
    assert "moved mage's hooks from .claude/settings.local.json to .claude/settings.json" in out  # not "updated"
    out = run_mage("connect", "claude-code", cwd=project).stdout
    assert "moved mage's hooks from .claude/settings.json to .claude/settings.local.json" in out
    assert "removed .claude/hooks/mage-hook" in out and not (project / ".claude" / "hooks").exists()
    assert "hooks" not in shared(project), "the groups moved, none left to run a missing script"


def _doctor_checks(project, path: str, home: Path) -> tuple[int, dict]:
    """`mage doctor --json` run by its full path (as after `make venv`), with `path` as PATH."""
    env = {"PATH": path, "HOME": str(home)}
    done = subprocess.run([str(BIN / "mage"), "doctor", "--json"], cwd=project, env=env, capture_output=True,
                          text=True, timeout=120)
    return done.returncode, {check["name"]: check for check in json.loads(done.stdout)["checks"]}


def test_doctor_says_the_shared_hooks_cannot_find_mage_when_mage_hook_is_not_on_path(project, tmp_path):
    run_mage("connect", "claude-code", "--shared", cwd=project)
    code, checks = _doctor_checks(project, without_mage(os.environ.get("PATH", "/usr/bin:/bin")), tmp_path)
    assert code == 1
    hooks = checks["hooks"]
    assert hooks["status"] == "fail"
    assert hooks["detail"].startswith("the shared hooks cannot find mage: mage-hook is not on PATH")
    assert "pipx install /path/to/mage" in hooks["fix"] and f'export PATH="{BIN}:$PATH"' in hooks["fix"]
    misleading = [c for c in checks.values() if "report this" in c["fix"] or "let a sample secret" in c["detail"]]
    assert not misleading, misleading


def test_with_mage_hook_on_path_doctor_runs_the_shared_hooks_for_real(project, tmp_path):
    run_mage("connect", "claude-code", "--shared", cwd=project)
    code, checks = _doctor_checks(project, f"{BIN}:/usr/bin:/bin", tmp_path)
    assert "hooks" not in checks
    assert checks["hook:PreToolUse"]["status"] == "ok" and "Gate-0 scrubbed" in checks["hook:PreToolUse"]["detail"]
    assert checks["hook:SessionStart"]["status"] != "fail"
