"""pytest pieces shared by the real-host tests: the CLI (or a loud skip) and a project.

Import into a test module with `from realhost.fixtures import claude_cli, make_project`.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from realhost.install import Unavailable, claude_binary

BIN = Path(sys.executable).parent


@pytest.fixture(scope="session")
def claude_cli():
    """(binary, version) of the pinned Claude Code; skips loudly only when node/npm are absent."""
    try:
        return claude_binary()
    except Unavailable as error:
        if error.missing_tools:
            pytest.skip(f"REAL HOST NOT TESTED: {error}")
        raise


def mage(project: Path, *args, input=None) -> subprocess.CompletedProcess:
    """Run the installed `mage` in `project` as its user would; fails the test on a non-zero exit."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_") and k != "CLAUDECODE"}
    done = subprocess.run([str(BIN / "mage"), *map(str, args)], cwd=project, env=env, input=input,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"mage {' '.join(map(str, args))}: {done.stderr}"
    return done


def make_project(root: Path, notes: dict | None = None, memory: str | None = None) -> Path:
    """A git project with a KB holding `notes` ({id: note text}) and, optionally, a MEMORY.md."""
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    (root / "README.md").write_text("# billing service\n")
    mage(root, "init")
    for note_id, text in (notes or {}).items():
        (root / "mage" / "notes" / f"{note_id}.md").write_text(text)
    if memory is not None:
        (root / "mage" / "MEMORY.md").write_text(memory)
    return root


def note(note_id: str, title: str, body: str, kind: str = "lesson", category: str = "lessons", tags=()) -> str:
    """The text of a note file in mage's format."""
    return (f"---\nid: {note_id}\ntitle: {title}\nkind: {kind}\ncategory: {category}\n"
            f"tags: [{', '.join(tags)}]\ncreated: 2026-11-01\nupdated: 2026-11-01\norigin: lesson\n"
            f"signatures: []\n---\n{body}\n")
