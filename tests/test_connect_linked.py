"""connect and disconnect refuse, in one line, to write through a symbolic link in the project's host files.

Real `mage` processes in a real project; the link's target is a folder outside it
that must stay exactly as it was.
"""

import os

import pytest

from helpers.process import run_mage


def snapshot(folder) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def outside(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("the victim's own file\n")
    return victim


def assert_refused(done, linked: str):
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert f"{linked} is a symbolic link" in lines[0] and "nothing was changed" in lines[0]


@pytest.mark.parametrize("args", [["connect", "claude-code"], ["connect", "claude-code", "--shared"],
                                  ["disconnect", "claude-code"]])
def test_claude_code_refuses_a_linked_claude_folder(kb, outside, args):
    os.symlink(outside, kb.root / ".claude")
    before, ignored = snapshot(outside), (kb.root / ".gitignore").read_bytes()
    assert_refused(run_mage(*args, cwd=kb.root), ".claude")
    assert snapshot(outside) == before
    assert (kb.root / ".gitignore").read_bytes() == ignored, "connect went on after refusing"


def test_claude_code_refuses_a_linked_gitignore_and_settings_file(kb, outside):
    target = outside / "gitignore"
    target.write_text("*.log\n")
    os.unlink(kb.root / ".gitignore")
    os.symlink(target, kb.root / ".gitignore")
    assert_refused(run_mage("connect", "claude-code", cwd=kb.root), ".gitignore")
    assert target.read_text() == "*.log\n"
    os.unlink(kb.root / ".gitignore")
    (kb.root / ".gitignore").write_text(".mage/\n")
    (kb.root / ".claude").mkdir()
    os.symlink(outside / "settings.json", kb.root / ".claude" / "settings.local.json")
    assert_refused(run_mage("connect", "claude-code", cwd=kb.root), ".claude/settings.local.json")
    assert not (outside / "settings.json").exists()


@pytest.mark.parametrize("linked", ["AGENTS.md", ".agents"])
def test_generic_refuses_a_linked_agents_file_or_folder(kb, outside, linked):
    os.symlink(outside / "AGENTS.md" if linked == "AGENTS.md" else outside, kb.root / linked)
    before = snapshot(outside)
    assert_refused(run_mage("connect", "generic", cwd=kb.root), linked)
    assert_refused(run_mage("disconnect", "generic", cwd=kb.root), linked)
    assert snapshot(outside) == before and not (outside / "AGENTS.md").exists()


def test_a_real_claude_folder_still_connects(kb):
    done = run_mage("connect", "claude-code", cwd=kb.root)
    assert done.returncode == 0, done.stderr
    assert (kb.root / ".claude" / "settings.local.json").is_file()


def test_a_linked_skills_folder_gets_no_mirror_made_or_removed_through_it(kb, outside):
    skill = kb.skills_dir / "deploy-checklist"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: deploy-checklist\ndescription: Steps before a deploy\n---\n1. Tag.\n")
    (outside / "skills").mkdir()
    (kb.root / ".claude").mkdir()
    os.symlink(outside / "skills", kb.root / ".claude" / "skills")
    connect = run_mage("connect", "claude-code", cwd=kb.root)
    assert connect.returncode == 0 and os.listdir(outside / "skills") == [], "nothing made through the link"
    assert "skills not linked: .claude/skills is a symbolic link" in connect.stdout + connect.stderr
    os.symlink(skill, outside / "skills" / "deploy-checklist")  # a mirror of mage's, as the outside folder holds it
    assert run_mage("disconnect", "claude-code", cwd=kb.root).returncode == 0
    assert os.listdir(outside / "skills") == ["deploy-checklist"], "nothing removed through the link"
