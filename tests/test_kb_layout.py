"""`mage init` and how commands find a knowledge base."""

from mage_engine.kb.init import init_kb
from mage_engine.kb.discover import find_kb
from mage_engine.base.errors import KBNotFound
from helpers.process import run_mage

import pytest


def test_init_creates_the_layout_and_ignores_scratch(tmp_path):
    result = run_mage("init", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "mage" / "config.yaml").is_file()
    assert (tmp_path / "mage" / "notes").is_dir()
    assert (tmp_path / ".mage" / "staging").is_dir()
    assert ".mage/" in (tmp_path / ".gitignore").read_text().splitlines()


def test_init_is_idempotent_and_keeps_user_edits(tmp_path):
    init_kb(tmp_path)
    config = tmp_path / "mage" / "config.yaml"
    config.write_text("sensitivity: high\n")
    (tmp_path / ".gitignore").write_text("node_modules/\n.mage/\n")
    again = run_mage("init", cwd=tmp_path)
    assert again.returncode == 0
    assert "already a knowledge base" in again.stdout
    assert config.read_text() == "sensitivity: high\n"
    assert (tmp_path / ".gitignore").read_text() == "node_modules/\n.mage/\n"


def test_init_appends_to_an_existing_gitignore_without_newline(tmp_path):
    (tmp_path / ".gitignore").write_text("dist/")
    init_kb(tmp_path)
    assert (tmp_path / ".gitignore").read_text().splitlines()[0] == "dist/"
    assert ".mage/" in (tmp_path / ".gitignore").read_text().splitlines()


def test_commands_find_the_kb_by_walking_up(kb):
    deep = kb.root / "src" / "pkg" / "deep"
    deep.mkdir(parents=True)
    assert find_kb(deep).root == kb.root
    result = run_mage("status", "--json", cwd=deep)
    assert result.returncode == 0, result.stderr
    assert str(kb.root) in result.stdout


def test_kb_option_and_env_override_the_walk(kb, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert run_mage("status", "--kb", kb.root, cwd=elsewhere).returncode == 0
    assert run_mage("status", cwd=elsewhere, env={"MAGE_KB": str(kb.root)}).returncode == 0


def test_missing_kb_is_one_line_and_exit_1(tmp_path):
    result = run_mage("drafts", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert "no knowledge base found" in result.stderr and "mage init" in result.stderr
    assert "Traceback" not in result.stderr


def test_kb_option_naming_a_folder_without_kb_is_refused(tmp_path):
    with pytest.raises(KBNotFound):
        find_kb(explicit=tmp_path)
