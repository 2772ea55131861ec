"""Shared fixtures: a fresh knowledge base, and `mage` run as a real process."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mage_engine.kb.init import init_kb

BIN = Path(sys.executable).parent
# Hooks and commands must not think the test runner is an agent's shell.
AGENT_ENV_VARS = ("CLAUDECODE", "MAGE_ACTOR", "MAGE_KB", "MAGE_SENSITIVITY", "MAGE_HINT_MIN_SCORE",
                  "MAGE_HINT_COUNT", "MAGE_CAPTURE_MIN_CHARS")


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


def git(cwd, *args) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def run_mage(*args, cwd=None, env=None, input=None, timeout=60) -> subprocess.CompletedProcess:
    """Run the installed `mage` console script as a user would."""
    full_env = {k: v for k, v in os.environ.items() if k not in AGENT_ENV_VARS}
    full_env.update(env or {})
    return subprocess.run([str(BIN / "mage"), *map(str, args)], cwd=cwd, env=full_env, input=input,
                          capture_output=True, text=True, timeout=timeout)
