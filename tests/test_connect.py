"""`mage connect claude-code` / `mage disconnect claude-code` on a real project folder.

Each test runs the installed `mage` command as a subprocess and reads back the
settings files it wrote, as a user would.
"""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
          "PreCompact", "PostCompact", "Stop", "SubagentStop", "SessionEnd"]
USER_SETTINGS = (
    '{"permissions": {"allow": ["Bash(ls)"]},\n'
    ' "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo mine"}]}],\n'
    '           "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]},\n'
    ' "autoMemoryDirectory": "/home/me/notes"}\n'
)


def mage(project: Path, *args, check=True):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_")}
    result = subprocess.run([str(BIN / "mage"), *args], cwd=project, env=env, capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture
def project(tmp_path):
    mage(tmp_path, "init")
    return tmp_path


def local(project):
    return project / ".claude" / "settings.local.json"


def read(path):
    return json.loads(path.read_text())


def mage_groups(settings):
    return {event: group for event, groups in settings.get("hooks", {}).items()
            for group in groups if str(group.get("id", "")).startswith("mage:")}


def test_connect_writes_one_identified_group_per_event(project):
    mage(project, "connect", "claude-code")
    settings = read(local(project))
    groups = mage_groups(settings)
    assert sorted(groups) == sorted(EVENTS)
    for event, group in groups.items():
        role = group["id"].split(":")[1]
        assert group["id"] == f"mage:{role}:{event}"
        (handler,) = group["hooks"]
        words = shlex.split(handler["command"])
        assert words[-1] == event and Path(words[0]).is_absolute()
        assert Path(words[0]) == BIN / "python" and os.access(words[0], os.X_OK)
        assert words[1:3] == ["-I", "-S"] and words[3] == "-c" and "from mage_engine.hooks import main" in words[4]
        assert isinstance(handler["timeout"], int) and handler["timeout"] > 0
    assert groups["PreToolUse"]["matcher"] == "Write|Edit|MultiEdit"
    assert groups["UserPromptSubmit"]["hooks"][0]["timeout"] <= 10
    assert groups["SessionEnd"]["hooks"][0]["timeout"] <= 1.5
    assert settings["autoMemoryDirectory"] == str(project.resolve() / "mage")
    assert local(project).read_text() == json.dumps(settings, indent=2) + "\n"


def test_user_hooks_and_keys_are_untouched_and_rerun_changes_nothing(project):
    local(project).parent.mkdir()
    local(project).write_text(USER_SETTINGS)
    mage(project, "connect", "claude-code")
    first = local(project).read_bytes()
    settings = read(local(project))
    assert list(settings) == ["permissions", "hooks", "autoMemoryDirectory"]
    assert settings["hooks"]["Stop"][0] == {"hooks": [{"type": "command", "command": "echo mine"}]}
    assert settings["hooks"]["PreToolUse"][0]["matcher"] == "Bash"
    again = mage(project, "connect", "claude-code")
    assert "already connected" in again.stdout
    assert local(project).read_bytes() == first


def test_rerun_replaces_exactly_mages_groups_in_place(project):
    mage(project, "connect", "claude-code")
    settings = read(local(project))
    stop = settings["hooks"]["Stop"]
    stop[0]["hooks"][0]["command"] = "/old/venv/bin/mage-hook Stop"   # an older mage, through pip's launcher
    stop.append({"hooks": [{"type": "command", "command": "echo after"}]})
    settings["hooks"]["Stop"] = [{"hooks": [{"type": "command", "command": "echo before"}]}] + stop
    local(project).write_text(json.dumps(settings, indent=2) + "\n")
    mage(project, "connect", "claude-code")
    commands = [g["hooks"][0]["command"] for g in read(local(project))["hooks"]["Stop"]]
    assert commands[0] == "echo before" and commands[2] == "echo after"
    assert commands[1].startswith(f"{BIN / 'python'} -I -S -c ") and commands[1].endswith(" Stop")


def test_disconnect_restores_the_file_byte_for_byte(project):
    local(project).parent.mkdir()
    local(project).write_text(USER_SETTINGS)
    mage(project, "connect", "claude-code")
    out = mage(project, "disconnect", "claude-code")
    assert "restored .claude/settings.local.json" in out.stdout
    assert local(project).read_text() == USER_SETTINGS


def test_disconnect_keeps_what_the_user_changed_since_connect(project):
    local(project).parent.mkdir()
    local(project).write_text(USER_SETTINGS)
    mage(project, "connect", "claude-code")
    settings = read(local(project))
    settings["model"] = "opus"
    settings["hooks"]["SessionStart"].insert(0, {"hooks": [{"type": "command", "command": "echo hi"}]})
    local(project).write_text(json.dumps(settings, indent=2) + "\n")
    mage(project, "disconnect", "claude-code")
    after = read(local(project))
    assert after["model"] == "opus" and after["autoMemoryDirectory"] == "/home/me/notes"
    assert after["hooks"]["SessionStart"] == [{"hooks": [{"type": "command", "command": "echo hi"}]}]
    assert not mage_groups(after) and "UserPromptSubmit" not in after["hooks"]


def test_disconnect_removes_files_and_folder_mage_created(project):
    mage(project, "connect", "claude-code")
    mage(project, "disconnect", "claude-code")
    assert not (project / ".claude").exists()
    again = mage(project, "disconnect", "claude-code")
    assert "not connected" in again.stdout


@pytest.mark.parametrize("text, problem", [
    ('{"hooks": {"Stop": [', "not valid JSON (line 1"),
    ("[1, 2]", "expected a JSON object"),
    ('{"hooks": {"Stop": {"command": "x"}}}', '"hooks.Stop" must be a list'),
])
def test_malformed_settings_are_refused_untouched_with_a_backup(project, text, problem):
    local(project).parent.mkdir()
    local(project).write_text(text)
    result = mage(project, "connect", "claude-code", check=False)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("mage: .claude/settings.local.json is not usable: ")
    assert problem in result.stderr
    assert local(project).read_text() == text
    backups = list((project / ".mage" / "backups").glob("settings.local.json.*.bak"))
    assert [b.read_text() for b in backups] == [text]
    assert mage(project, "disconnect", "claude-code", check=False).returncode == 1


def test_shared_puts_hooks_in_settings_json_and_the_memory_path_in_the_local_file(project):
    mage(project, "connect", "claude-code")
    mage(project, "connect", "claude-code", "--shared")
    shared = read(project / ".claude" / "settings.json")
    assert sorted(mage_groups(shared)) == sorted(EVENTS)
    personal = read(local(project))
    assert not mage_groups(personal), "groups moved, not duplicated"
    assert personal["autoMemoryDirectory"] == str(project.resolve() / "mage")
    mage(project, "disconnect", "claude-code")
    assert not (project / ".claude").exists()


def test_auto_memory_directory_absent_before_is_absent_after(project):
    local(project).parent.mkdir()
    local(project).write_text('{"model": "sonnet"}\n')
    mage(project, "connect", "claude-code")
    mage(project, "connect", "claude-code")
    mage(project, "disconnect", "claude-code")
    assert read(local(project)) == {"model": "sonnet"}


def test_settings_file_keeps_its_permissions(project):
    local(project).parent.mkdir()
    local(project).write_text("{}\n")
    local(project).chmod(0o640)
    mage(project, "connect", "claude-code")
    assert local(project).stat().st_mode & 0o777 == 0o640


def test_skills_are_mirrored_for_the_host_and_unmirrored(project):
    for name in ("deploy-billing", "rotate-keys"):
        (project / "mage" / "skills" / name).mkdir(parents=True)
        (project / "mage" / "skills" / name / "SKILL.md").write_text(f"---\nname: {name}\n---\nsteps\n")
    own = project / ".claude" / "skills" / "rotate-keys"
    own.mkdir(parents=True)
    (own / "SKILL.md").write_text("the project's own\n")
    mage(project, "connect", "claude-code")
    link = project / ".claude" / "skills" / "deploy-billing"
    assert link.is_symlink() and (link / "SKILL.md").read_text().startswith("---\nname: deploy-billing")
    assert not os.path.isabs(os.readlink(link))
    assert not own.is_symlink()
    mage(project, "disconnect", "claude-code")
    assert not link.exists() and (own / "SKILL.md").read_text() == "the project's own\n"


def test_the_wired_command_runs_as_the_host_would_run_it(project):
    mage(project, "connect", "claude-code")
    command = mage_groups(read(local(project)))["PostToolUse"]["hooks"][0]["command"]
    payload = json.dumps({"session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse",
                          "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_response": {}})
    done = subprocess.run(["sh", "-c", command], input=payload, capture_output=True, text=True,
                          cwd="/", timeout=30)
    assert done.returncode == 0 and done.stdout == ""


def test_shared_is_refused_for_generic(project):
    result = mage(project, "connect", "generic", "--shared", check=False)
    assert result.returncode == 2 and "apply to claude-code only" in result.stderr


def test_connect_without_a_kb_is_one_line_error(tmp_path):
    result = mage(tmp_path, "connect", "claude-code", check=False)
    assert result.returncode == 1 and result.stderr.startswith("mage: no knowledge base found")


def test_no_hooks_wires_only_the_twin_and_removes_mages_groups(project):
    mage(project, "connect", "claude-code")
    mage(project, "connect", "claude-code", "--no-hooks")
    settings = read(local(project))
    assert not mage_groups(settings) and "hooks" not in settings
    assert settings["autoMemoryDirectory"] == str(project.resolve() / "mage")
    mage(project, "disconnect", "claude-code")
    assert not (project / ".claude").exists()


def test_json_output_names_the_files_and_the_hook(project):
    first = json.loads(mage(project, "connect", "claude-code", "--json").stdout)
    assert first["changed"] and first["settings"] == ".claude/settings.local.json"
    assert first["hook"].startswith(f"{BIN / 'python'} -I -S -c ") and first["launcher"] == "lean"
    assert first["interpreter"] == str(BIN / "python")
    assert first["auto_memory_directory"] == str(project.resolve() / "mage")
    again = json.loads(mage(project, "connect", "claude-code", "--json").stdout)
    assert again["changed"] is False
    gone = json.loads(mage(project, "disconnect", "claude-code", "--json").stdout)
    assert gone["changed"] and any("removed .claude/settings.local.json" in a for a in gone["actions"])


def test_right_after_init_and_connect_the_memory_folder_holds_a_memory_md(tmp_path):
    """connect points Claude Code's autoMemoryDirectory at mage/: init has written MEMORY.md (and INDEX.md) there."""
    out = mage(tmp_path, "init").stdout
    assert "created mage/MEMORY.md" in out and "created mage/INDEX.md" in out
    mage(tmp_path, "connect", "claude-code")
    folder = Path(read(local(tmp_path))["autoMemoryDirectory"])
    assert (folder / "MEMORY.md").is_file() and "[INDEX.md](INDEX.md)" in (folder / "MEMORY.md").read_text()
    assert (folder / "INDEX.md").is_file()
    report = json.loads(mage(tmp_path, "doctor", "--json", check=False).stdout)
    assert not [c for c in report["checks"] if "MEMORY.md" in c["detail"] and c["status"] != "ok"]
