"""Graduate (docs/recurrence.md#graduate): a procedure note proven in M chapters becomes an Agent Skill."""

import os

from helpers.process import git, run_mage
from mage_engine.kb import frontmatter
from mage_engine.kb.notes import Note, read_note, write_note
from mage_engine.recurrence.graduate import graduate
from mage_engine.kb.skills import Skill, render_skill
from replay.lines import import_fix, write_chapters

IMPORT_FIX = "fix: pytest | ModuleNotFoundError: No module named <name> | pip install -e ."


def procedure_note(kb, kind="procedure", note_id="pytest-editable-install"):
    note = Note(id=note_id, title="Install the package editable before running pytest", kind=kind,
                category="tools", tags=["pytest", "packaging"], signatures=[IMPORT_FIX],
                body="Imports of the package fail under pytest until it is installed editable.\n\n"
                     "## Evidence\n\n- seen in 3 chapters\n\n## Procedure\n\n1. `pip install -e .`\n2. `pytest -q`\n")
    write_note(kb.note_path(note.id), note)
    return note


def test_a_note_used_in_M_chapters_becomes_a_portable_skill(git_kb):
    kb = git_kb
    procedure_note(kb)
    write_chapters(kb, 5)
    result = graduate(kb)
    assert [row["skill"] for row in result.graduated] == ["pytest-editable-install"]
    text = (kb.skills_dir / "pytest-editable-install" / "SKILL.md").read_text()
    data, body, _ = frontmatter.split(text, "SKILL.md")
    assert list(data) == ["name", "description", "metadata"] and data["name"] == "pytest-editable-install"
    assert all(isinstance(v, str) for v in data["metadata"].values())
    assert data["metadata"]["generated_by"] == "mage" and data["metadata"]["from_note"] == "pytest-editable-install"
    assert data["description"].startswith("Install the package editable before running pytest. Use when `pytest` "
                                          "fails with `ModuleNotFoundError: No module named <name>`.")
    assert len(data["description"]) <= 1024 and "## Procedure" in body and "## Evidence" not in body
    assert read_note(kb.note_path("pytest-editable-install")).graduated_skill == "pytest-editable-install"
    assert result.git_command.startswith("git add mage/skills/pytest-editable-install/SKILL.md "
                                         "mage/notes/pytest-editable-install.md && git commit -m")
    assert git(kb.root, "log", "--oneline").count("\n") == 1  # nothing was committed


def test_short_of_M_it_waits_and_the_dial_moves_M(kb):
    procedure_note(kb)
    write_chapters(kb, 4)
    result = graduate(kb)
    assert result.graduated == [] and [(w["note"], w["chapter_count"], w["needed"]) for w in result.waiting] == [
        ("pytest-editable-install", 4, 5)]
    assert run_mage("dial", "sensitivity", "high", "--kb", kb.root).returncode == 0  # M=4
    assert [row["note"] for row in graduate(kb).graduated] == ["pytest-editable-install"]


def test_chapters_with_a_mage_skill_loaded_do_not_count(kb):
    procedure_note(kb)
    other = Skill(name="deploy-staging", description="Deploy to staging. Use when deploying.", body="1. `make deploy`",
                  metadata={"generated_by": "mage", "from_note": "deploy-staging"})
    (kb.skills_dir / "deploy-staging").mkdir(parents=True)
    (kb.skills_dir / "deploy-staging" / "SKILL.md").write_text(render_skill(other))

    def with_skill_loaded(trail):
        trail.skill("deploy-staging")
        import_fix(trail)

    write_chapters(kb, 4)
    write_chapters(kb, 1, pattern=with_skill_loaded, prefix="loaded", day=20)
    result = graduate(kb, dry_run=True)
    assert result.graduated == [] and result.waiting[0]["chapter_count"] == 4


def test_only_procedure_notes_graduate_and_a_dry_run_writes_nothing(kb):
    procedure_note(kb, kind="lesson")
    procedure_note(kb, note_id="also-a-procedure")
    write_chapters(kb, 5)
    result = graduate(kb, dry_run=True)
    assert [row["note"] for row in result.graduated] == ["also-a-procedure"]
    assert not kb.skills_dir.exists() or not any(kb.skills_dir.iterdir())
    assert read_note(kb.note_path("also-a-procedure")).graduated_skill is None and result.git_command is None


def test_a_hand_written_skill_keeps_its_name(kb):
    procedure_note(kb)
    mine = kb.skills_dir / "pytest-editable-install"
    mine.mkdir(parents=True)
    (mine / "SKILL.md").write_text("---\nname: pytest-editable-install\ndescription: mine\n---\nMine.\n")
    write_chapters(kb, 5)
    assert [row["skill"] for row in graduate(kb).graduated] == ["pytest-editable-install-2"]
    assert (mine / "SKILL.md").read_text().endswith("Mine.\n")


def test_when_connected_the_skill_is_visible_to_claude_code(kb):
    from mage_engine.hosts.claude_code.connect import connect

    connect(kb)
    procedure_note(kb)
    write_chapters(kb, 5)
    result = graduate(kb)
    link = kb.root / ".claude" / "skills" / "pytest-editable-install"
    assert result.linked == [".claude/skills/pytest-editable-install"] and link.is_symlink()
    assert os.path.realpath(link / "SKILL.md") == os.path.realpath(kb.skills_dir / "pytest-editable-install" /
                                                                    "SKILL.md")


def test_not_connected_nothing_is_written_under_claude(kb):
    procedure_note(kb)
    write_chapters(kb, 5)
    assert graduate(kb).linked == [] and not (kb.root / ".claude").exists()


def test_graduated_notes_do_not_graduate_twice_and_the_cli_prints_the_git_command(kb):
    procedure_note(kb)
    write_chapters(kb, 5)
    done = run_mage("graduate", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    assert "graduated 1 note into skills (M=5)" in done.stdout and "git add mage/skills/" in done.stdout
    again = run_mage("graduate", "--kb", kb.root)
    assert "graduated 0 notes" in again.stdout
