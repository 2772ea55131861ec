"""Shared fixtures: a fresh knowledge base, a clean environment. Helpers the tests import live in helpers/."""

import pytest

from helpers.process import AGENT_ENV_VARS, git
from mage_engine.kb.init import init_kb


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in AGENT_ENV_VARS:
        monkeypatch.delenv(name, raising=False)
    # no test reads the personal KB of the machine it runs on (tests that want one set their own)
    monkeypatch.setenv("MAGE_PERSONAL_KB", "/nonexistent/mage-tests-personal-kb")


@pytest.fixture
def kb(tmp_path):
    """An initialised, empty knowledge base in a temporary project folder."""
    return init_kb(tmp_path / "project").kb


@pytest.fixture
def git_kb(tmp_path):
    """A knowledge base inside a real git repository with one commit."""
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("demo\n")
    git(root, "add", "README.md")
    git(root, "commit", "-q", "-m", "initial")
    return init_kb(root).kb
