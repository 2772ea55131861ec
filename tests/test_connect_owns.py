"""Connect owns only what it wrote: the user's look-alike hooks, their file's bytes, a crash mid-write.

Each test runs the installed `mage` as a subprocess on a real project folder
and compares the settings files byte for byte, as a user reviewing the diff
would.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.process import git

BIN = Path(sys.executable).parent
EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
          "PreCompact", "PostCompact", "Stop", "SubagentStop", "SessionEnd"]

# The look-alikes: an id in mage's pattern that mage never writes, the user's own mage-hook for Gate-0's
# event with their own matcher, and a bare `mage-hook` call with a matcher.
LOOK_ALIKES = {
    "Stop": [{"id": "mage:mine:Stop", "hooks": [{"type": "command", "command": "notify-send done"}]}],
    "PreToolUse": [{"matcher": "Write|Edit",
                    "hooks": [{"type": "command", "command": "/usr/local/bin/mage-hook PreToolUse"}]}],
    "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "mage-hook SessionStart"}]}],
}


def mage(project: Path, *args, check=True, env=None):
    full = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_")}
    full.update(env or {})
    done = subprocess.run([str(BIN / "mage"), *args], cwd=project, env=full, capture_output=True, text=True)
    if check:
        assert done.returncode == 0, done.stderr
    return done


@pytest.fixture
def project(tmp_path):
    mage(tmp_path, "init")
    (tmp_path / ".claude").mkdir()
    return tmp_path


def local(project):
    return project / ".claude" / "settings.local.json"


def test_the_users_look_alike_groups_are_left_alone_by_connect_and_disconnect(project):
    original = json.dumps({"hooks": LOOK_ALIKES}, indent=2) + "\n"
    local(project).write_text(original)
    mage(project, "connect", "claude-code")
    hooks = json.loads(local(project).read_text())["hooks"]
    for event, groups in LOOK_ALIKES.items():
        assert hooks[event][: len(groups)] == groups, f"{event}: the user's group was changed"
        assert [g.get("id") for g in hooks[event]][-1] != groups[0].get("id")
        assert len(hooks[event]) == len(groups) + 1, f"{event}: mage's group is added beside the user's"
    mage(project, "connect", "claude-code")  # a re-run replaces mage's groups only
    again = json.loads(local(project).read_text())["hooks"]
    assert {e: again[e][:-1] for e in LOOK_ALIKES} == LOOK_ALIKES
    mage(project, "disconnect", "claude-code")
    assert local(project).read_text() == original


def test_doctor_does_not_count_the_users_look_alikes_as_wiring(project):
    local(project).write_text(json.dumps({"hooks": LOOK_ALIKES}))
    status = json.loads(mage(project, "status", "--json").stdout)
    assert not status.get("hooks")


@pytest.mark.parametrize("newline", ["\r\n", "\n"])
def test_disconnect_restores_crlf_indentation_and_empty_arrays_byte_for_byte(project, newline):
    lines = ["{", '    "model": "sonnet",', '    "hooks": {', '        "SessionEnd": [],',
             '        "Stop": []', "    },", '    "permissions": {}', "}"]
    original = newline.join(lines)  # no final newline either
    local(project).write_bytes(original.encode())
    mage(project, "connect", "claude-code")
    connected = local(project).read_bytes().decode()
    assert connected.count("\r\n") == (connected.count("\n") if newline == "\r\n" else 0), "line endings kept"
    assert '\n    "hooks": {' in connected and not connected.endswith("\n"), "indentation and ending kept"
    mage(project, "disconnect", "claude-code")
    assert local(project).read_bytes() == original.encode()


def test_an_edited_file_keeps_the_users_empty_arrays_and_style_on_disconnect(project):
    local(project).write_bytes(b'{\r\n\t"hooks": {\r\n\t\t"SessionEnd": []\r\n\t}\r\n}\r\n')
    mage(project, "connect", "claude-code")
    data = json.loads(local(project).read_text())
    data["model"] = "opus"  # the user edits after connect: no byte-exact restore is possible
    local(project).write_bytes(json.dumps(data, indent="\t").replace("\n", "\r\n").encode() + b"\r\n")
    mage(project, "disconnect", "claude-code")
    after = local(project).read_bytes().decode()
    assert json.loads(after) == {"hooks": {"SessionEnd": []}, "model": "opus"}
    assert after == json.dumps(json.loads(after), indent="\t").replace("\n", "\r\n") + "\r\n"


def test_a_crash_between_the_settings_and_connects_record_loses_nothing(project):
    local(project).write_text('{"autoMemoryDirectory": "/home/me/my-memory"}\n')
    # writes go in path order: .claude/agents/mage-keeper.md, then .claude/settings.local.json, …, the record last
    crashed = mage(project, "connect", "claude-code", check=False, env={"MAGE_TEST_CRASH_AT": "after-write-2"})
    assert crashed.returncode == 137, "the crash point between the two writes must exist"
    assert json.loads(local(project).read_text())["autoMemoryDirectory"] == str(project.resolve() / "mage")
    assert not (project / ".mage" / "state" / "claude-code.json").exists(), "crashed before the record"
    mage(project, "connect", "claude-code")  # recovery finishes the journaled step first
    mage(project, "disconnect", "claude-code")
    assert json.loads(local(project).read_text()) == {"autoMemoryDirectory": "/home/me/my-memory"}


def test_a_crash_before_the_journal_changes_nothing(project):
    local(project).write_text('{"autoMemoryDirectory": "/home/me/my-memory"}\n')
    crashed = mage(project, "connect", "claude-code", check=False, env={"MAGE_TEST_CRASH_AT": "before-journal"})
    assert crashed.returncode == 137
    assert local(project).read_text() == '{"autoMemoryDirectory": "/home/me/my-memory"}\n'
    assert "not connected" in mage(project, "disconnect", "claude-code").stdout


def test_connect_git_ignores_the_personal_file_with_its_own_two_lines(tmp_path):
    git(tmp_path, "init", "-q")
    mage(tmp_path, "init")
    before = (tmp_path / ".gitignore").read_bytes()
    out = mage(tmp_path, "connect", "claude-code").stdout
    assert "added .claude/settings.local.json to .gitignore" in out
    added = (tmp_path / ".gitignore").read_bytes()[len(before):].decode().splitlines()
    assert added[1] == ".claude/settings.local.json" and added[0].startswith("# mage")
    assert added[2].startswith("# mage connect: mage's skills and subagent") and added[3:] == [
        ".claude/agents/mage-keeper.md", ".claude/skills/mage-groom/SKILL.md", ".claude/skills/mage-onboard/SKILL.md"]
    assert ".claude" not in git(tmp_path, "status", "--porcelain", "--untracked-files=all")
    assert "gitignore" not in mage(tmp_path, "connect", "claude-code").stdout
    mage(tmp_path, "disconnect", "claude-code")
    assert (tmp_path / ".gitignore").read_bytes() == before


def test_an_already_ignored_file_leaves_gitignore_alone(tmp_path):
    git(tmp_path, "init", "-q")
    (tmp_path / ".gitignore").write_text(".claude/\n")
    mage(tmp_path, "init")
    before = (tmp_path / ".gitignore").read_bytes()
    assert "gitignore" not in mage(tmp_path, "connect", "claude-code").stdout
    assert (tmp_path / ".gitignore").read_bytes() == before


def test_disconnect_removes_the_ignore_lines_connect_added_even_when_the_personal_file_stays(tmp_path):
    """Connect says its lines are "removed by disconnect": so they are, also when the file predates connect."""
    git(tmp_path, "init", "-q")
    mage(tmp_path, "init")
    before = (tmp_path / ".gitignore").read_bytes()
    (tmp_path / ".claude").mkdir()
    local(tmp_path).write_text('{"model": "opus"}\n')
    assert "removed by disconnect" in mage(tmp_path, "connect", "claude-code").stdout
    assert ".claude/settings.local.json" in (tmp_path / ".gitignore").read_text().splitlines()
    out = mage(tmp_path, "disconnect", "claude-code").stdout
    assert local(tmp_path).read_text() == '{"model": "opus"}\n'
    assert (tmp_path / ".gitignore").read_bytes() == before, "as it was before connect"
    assert "removed mage's .claude/settings.local.json lines from .gitignore" in out and "not ignored" in out


def test_a_record_from_before_the_lines_were_recorded_still_has_them_removed(tmp_path):
    git(tmp_path, "init", "-q")
    mage(tmp_path, "init")
    before = (tmp_path / ".gitignore").read_bytes()
    (tmp_path / ".claude").mkdir()
    local(tmp_path).write_text('{"model": "opus"}\n')
    mage(tmp_path, "connect", "claude-code")
    record = tmp_path / ".mage" / "state" / "claude-code.json"
    state = json.loads(record.read_text())
    assert ".claude/settings.local.json" in state["gitignore"], "connect records the lines it added"
    record.write_text(json.dumps({**state, "gitignore": True}))  # as older versions wrote it
    mage(tmp_path, "disconnect", "claude-code")
    assert (tmp_path / ".gitignore").read_bytes() == before
