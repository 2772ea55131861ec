"""`mage connect generic` / `mage disconnect generic`: a marked AGENTS.md section."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

MAGE = str(Path(sys.executable).parent / "mage")
BEGIN = "<!-- mage:begin"
END = "<!-- mage:end -->"


def mage(project, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_")}
    result = subprocess.run([MAGE, *args], cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


@pytest.fixture
def project(tmp_path):
    mage(tmp_path, "init")
    return tmp_path


def test_connect_writes_a_marked_section_telling_the_agent_the_loop(project):
    out = mage(project, "connect", "generic")
    assert "created AGENTS.md" in out.stdout
    text = (project / "AGENTS.md").read_text()
    assert text.startswith(BEGIN) and text.endswith(END + "\n")
    for instruction in ("mage/MEMORY.md", "mage recall", "mage stage --title"):
        assert instruction in text


def test_existing_agents_md_is_kept_and_restored_exactly(project):
    original = "# Agents\n\nUse tabs, not spaces.\n"
    (project / "AGENTS.md").write_text(original)
    mage(project, "connect", "generic")
    text = (project / "AGENTS.md").read_text()
    assert text.startswith(original) and text.count(BEGIN) == 1
    assert "already connected" in mage(project, "connect", "generic").stdout
    assert (project / "AGENTS.md").read_text() == text
    mage(project, "disconnect", "generic")
    assert (project / "AGENTS.md").read_text() == original


def test_a_stale_section_is_refreshed_not_duplicated(project):
    stale = f"# Agents\n\n{BEGIN} old -->\nold words\n{END}\n\n## Later\nkeep me\n"
    (project / "AGENTS.md").write_text(stale)
    mage(project, "connect", "generic")
    text = (project / "AGENTS.md").read_text()
    assert text.count(BEGIN) == 1 and "old words" not in text and "mage recall" in text
    assert text.startswith("# Agents\n") and text.endswith("## Later\nkeep me\n")


def test_disconnect_deletes_a_file_that_held_only_the_section(project):
    mage(project, "connect", "generic")
    out = mage(project, "disconnect", "generic")
    assert "removed AGENTS.md" in out.stdout and not (project / "AGENTS.md").exists()
    assert "not connected" in mage(project, "disconnect", "generic").stdout


def test_the_section_points_at_the_grooming_instructions_written_beside_it(project):
    from mage_engine.hosts.agent_files import files_for

    out = mage(project, "connect", "generic").stdout
    text = (project / "AGENTS.md").read_text()
    for path, skill in files_for("generic"):
        assert f"`{path}`" in text and (project / path).read_text() == skill and f"installed {path}" in out
    assert "operator" in (project / ".agents/skills/mage-groom/SKILL.md").read_text()
    own = project / ".agents" / "skills" / "mage-onboard"
    (own / "SKILL.md").write_text("our own onboarding\n")
    mage(project, "disconnect", "generic")
    assert not (project / ".agents" / "skills" / "mage-groom").exists()
    assert (own / "SKILL.md").read_text() == "our own onboarding\n", "an edited copy is the person's"


def test_the_committed_section_names_no_path_of_this_machine(project):
    mage(project, "connect", "generic")
    text = (project / "AGENTS.md").read_text()
    here = str(Path(sys.executable).parent)
    assert here not in text and str(Path(here).parent) not in text and str(project) not in text
    assert "`command -v mage`" in text and "`.venv/bin/mage`" in text, "it still says where to look"
