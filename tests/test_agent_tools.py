"""The host agent's own tools: connect installs the groom and onboard skills and the keeper
subagent, owns them by content, and disconnect removes exactly them.

Each test runs the installed `mage` on a real project folder and reads the files back, as a
person reviewing `git status` would.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mage_engine.hosts.agent_files import ALL, GROOM, KEEPER, SKILLS, digest, files_for

BIN = Path(sys.executable).parent
TOOLS = [".claude/agents/mage-keeper.md", ".claude/skills/mage-groom/SKILL.md", ".claude/skills/mage-onboard/SKILL.md"]
PORTABLE = {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}


def mage(project: Path, *args, check=True, env=None):
    full = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_") and k != "CLAUDECODE"}
    full.update(env or {})
    done = subprocess.run([str(BIN / "mage"), *args], cwd=project, env=full, capture_output=True, text=True)
    if check:
        assert done.returncode == 0, done.stderr
    return done


@pytest.fixture
def project(tmp_path):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    mage(tmp_path, "init")
    return tmp_path


def files_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder.parent)) for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def frontmatter(text: str) -> dict:
    assert text.startswith("---\n")
    return yaml.safe_load(text.split("---\n", 2)[1])


def test_connect_installs_exactly_the_three_tools_and_disconnect_removes_exactly_them(project):
    out = mage(project, "connect", "claude-code").stdout
    assert files_under(project / ".claude") == sorted([".claude/settings.local.json", *TOOLS])
    for rel, text in files_for("project"):
        assert (project / rel).read_text() == text and f"installed {rel}" in out
    assert "?? .claude" not in subprocess.run(["git", "status", "--porcelain", "-uall"], cwd=project,
                                              capture_output=True, text=True).stdout, "personal: git ignores them"
    assert mage(project, "connect", "claude-code").stdout.startswith("already connected")
    gone = mage(project, "disconnect", "claude-code").stdout
    assert all(f"removed {rel}" in gone for rel in TOOLS)
    assert not (project / ".claude").exists()


def test_a_users_own_skill_of_that_name_is_left_alone_with_a_warning(project):
    own = project / ".claude" / "skills" / "mage-groom"
    own.mkdir(parents=True)
    (own / "SKILL.md").write_text("---\nname: mage-groom\ndescription: our own grooming rules\n---\nours\n")
    (own / "checklist.md").write_text("our checklist\n")
    done = mage(project, "connect", "claude-code")
    assert "warning: left .claude/skills/mage-groom/SKILL.md alone" in done.stderr
    assert "skill mage-groom is not installed" in done.stderr
    assert (own / "SKILL.md").read_text().endswith("ours\n") and (own / "checklist.md").exists()
    assert (project / ".claude" / "agents" / "mage-keeper.md").read_text() == KEEPER.text("project")
    mage(project, "disconnect", "claude-code")
    assert files_under(project / ".claude") == [".claude/skills/mage-groom/SKILL.md",
                                                ".claude/skills/mage-groom/checklist.md"]


def test_a_users_folder_without_a_skill_file_is_not_written_into(project):
    own = project / ".claude" / "skills" / "mage-onboard"
    own.mkdir(parents=True)
    (own / "notes.txt").write_text("mine\n")
    done = mage(project, "connect", "claude-code")
    assert "left .claude/skills/mage-onboard/SKILL.md alone: its folder holds files of yours" in done.stderr
    assert not (own / "SKILL.md").exists()


def test_mages_copy_edited_by_the_person_is_theirs_from_then_on(project):
    mage(project, "connect", "claude-code")
    skill = project / ".claude" / "skills" / "mage-groom" / "SKILL.md"
    skill.write_text(skill.read_text() + "\nAlso: never stage anything about the vendor folder.\n")
    gone = mage(project, "disconnect", "claude-code").stdout
    assert "left .claude/skills/mage-groom/SKILL.md: changed since mage wrote it" in gone
    assert "vendor folder" in skill.read_text() and not (project / ".claude" / "agents").exists()
    again = mage(project, "connect", "claude-code")
    assert "it is not the copy mage wrote" in again.stderr and "vendor folder" in skill.read_text()
    mage(project, "disconnect", "claude-code")
    assert "vendor folder" in skill.read_text()


def test_an_earlier_mages_unchanged_copy_is_updated(project):
    mage(project, "connect", "claude-code")
    old = "---\nname: mage-groom\ndescription: an older mage's wording\n---\nold\n"
    rel = ".claude/skills/mage-groom/SKILL.md"
    (project / rel).write_text(old)
    record = project / ".mage" / "state" / "claude-code.json"
    state = json.loads(record.read_text())
    state["agent_files"][rel] = digest(old)  # what that earlier mage wrote and recorded
    record.write_text(json.dumps(state))
    assert f"updated {rel}" in mage(project, "connect", "claude-code").stdout
    assert (project / rel).read_text() == GROOM.text("project")


def test_the_plugin_route_removes_the_installed_tools(project):
    mage(project, "connect", "claude-code")
    out = mage(project, "connect", "claude-code", "--no-hooks").stdout
    assert all(f"removed {rel}" in out for rel in TOOLS), "the plugin ships its own: no tool listed twice"
    assert files_under(project / ".claude") == [".claude/settings.local.json"]
    assert "mage-groom" not in (project / ".gitignore").read_text()


def test_shared_hooks_leave_the_tools_for_the_team_to_commit(project):
    mage(project, "connect", "claude-code", "--shared")
    status = subprocess.run(["git", "status", "--porcelain", "-uall"], cwd=project, capture_output=True,
                            text=True).stdout
    assert all(f"?? {rel}" in status for rel in TOOLS)
    mage(project, "connect", "claude-code")
    mage(project, "disconnect", "claude-code")
    assert not (project / ".claude").exists(), "nothing left, not even the emptied settings.json"


def test_a_symbolic_link_on_the_path_is_never_written_through(project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere")
    (project / ".claude").mkdir()
    os.symlink(outside, project / ".claude" / "agents")
    done = mage(project, "connect", "claude-code")
    assert "left .claude/agents/mage-keeper.md alone: .claude/agents is a symbolic link" in done.stderr
    assert list(outside.iterdir()) == []


def test_a_crash_after_the_first_tool_is_written_is_finished_by_the_next_command(project):
    crashed = mage(project, "connect", "claude-code", check=False, env={"MAGE_TEST_CRASH_AT": "after-write-1"})
    assert crashed.returncode == 137
    assert (project / TOOLS[0]).exists() and not (project / ".mage" / "state" / "claude-code.json").exists()
    mage(project, "status")  # any command replays the journal
    assert all((project / rel).exists() for rel in TOOLS)
    mage(project, "disconnect", "claude-code")
    assert not (project / ".claude").exists()


def test_without_its_record_disconnect_still_removes_exactly_mages_text(project):
    mage(project, "connect", "claude-code")
    (project / ".mage" / "state" / "claude-code.json").unlink()
    onboard = project / ".claude" / "skills" / "mage-onboard" / "SKILL.md"
    onboard.write_text("a person's rewrite\n")
    mage(project, "disconnect", "claude-code")
    assert not (project / TOOLS[0]).exists() and not (project / TOOLS[1]).exists()
    assert onboard.read_text() == "a person's rewrite\n"


def test_each_tool_is_in_its_hosts_format():
    for tool in SKILLS:
        for route in ("project", "plugin", "generic"):
            data = frontmatter(tool.text(route))
            assert set(data) <= PORTABLE, "portable Agent Skills frontmatter only"
            assert data["name"] == tool.paths[route].split("/")[-2], "the name is the folder's name"
            assert 1 <= len(data["description"]) <= 1024 and len(data["compatibility"]) <= 500
            assert all(isinstance(v, str) for v in data["metadata"].values()) and data["metadata"]["managed_by"] == "mage"
    keeper = frontmatter(KEEPER.text("project"))
    assert keeper["name"] == "mage-keeper" and keeper["model"] == "haiku" and keeper["tools"] == "Bash(mage:*)"
    groom = frontmatter(GROOM.text("project"))["description"]
    for trigger in ("groom", "review the memory drafts", "nudge", "Grooming backlog"):
        assert trigger in groom
    assert {tool.listed_as("plugin") for tool in ALL} == {"mage:groom", "mage:onboard", "mage:keeper"}


def agent_tools_check(project: Path, *flags) -> dict:
    report = json.loads(mage(project, "doctor", "--json", *flags, check=False).stdout)
    return next(check for check in report["checks"] if check["name"] == "agent-tools")


def test_doctor_sees_the_tools_and_fix_reinstalls_a_missing_one(project):
    mage(project, "connect", "claude-code")
    assert agent_tools_check(project)["status"] == "ok"
    (project / TOOLS[0]).unlink()
    missing = agent_tools_check(project)
    assert missing["status"] == "warn" and TOOLS[0] in missing["detail"] and "--fix" in missing["fix"]
    fixed = agent_tools_check(project, "--fix")
    assert fixed["status"] == "ok" and f"installed {TOOLS[0]}" in fixed["fixed"]
    assert (project / TOOLS[0]).read_text() == KEEPER.text("project")


def test_doctor_names_a_file_of_the_persons_and_fix_leaves_it(project):
    mage(project, "connect", "claude-code")
    (project / TOOLS[1]).write_text("our own grooming\n")
    check = agent_tools_check(project, "--fix")
    assert check["status"] == "warn" and "a file of yours holds the place of mage's" in check["detail"]
    assert (project / TOOLS[1]).read_text() == "our own grooming\n"


def test_doctor_on_the_plugin_route_says_the_plugin_ships_them(project):
    mage(project, "connect", "claude-code", "--no-hooks")
    check = agent_tools_check(project)
    assert check["status"] == "ok" and "mage:groom, mage:onboard, mage:keeper" in check["detail"]


def mage_spans() -> list[tuple[str, list[str]]]:
    """(tool, words) for every `mage …` command the three texts tell the agent to run."""
    import re
    import shlex

    found = []
    for tool in ALL:
        text = tool.text("project")
        blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
        spans = re.findall(r"`(mage [^`]+)`", re.sub(r"```sh\n.*?```", "", text, flags=re.S))
        for span in spans + [block.replace("\\\n", " ") for block in blocks]:
            words = shlex.split(span.replace("…", "x").replace("|", " "))
            found.append((tool.names["project"], words[1:]))
    return found


@pytest.mark.parametrize("tool, words", mage_spans(), ids=lambda value: " ".join(value)[:50] if isinstance(value, list) else value)
def test_every_command_the_tools_name_is_a_real_command_with_those_flags(tool, words):
    import re

    from click.testing import CliRunner

    from mage_cli.main import cli

    shown = CliRunner().invoke(cli, [words[0], "--help"], terminal_width=200)
    assert shown.exit_code == 0, f"{tool} names `mage {words[0]}`, which does not exist"
    for flag in (w for w in words[1:] if w.startswith("-")):
        assert re.search(rf"(?<![\w-]){re.escape(flag)}\b", shown.output), f"{tool}: `mage {words[0]}` has no {flag}"


def test_the_checks_onboard_explains_are_the_ones_doctor_runs(project):
    import re

    mage(project, "connect", "claude-code")
    names = {check["name"] for check in json.loads(mage(project, "doctor", "--json", check=False).stdout)["checks"]}
    text = SKILLS[1].text("project")
    causes = text[text.index("## Likely causes"):text.index("## What `mage doctor --fix`")]
    named = set(re.findall(r"`([a-z][a-z-]*(?::<Event>)?)`", causes))
    assert {"kb", "hooks-wired", "trail", "hook:<Event>", "agent-tools"} <= named
    for name in named:
        assert name in names or (name == "hook:<Event>" and any(n.startswith("hook:") for n in names)), name
