"""Kill the process at any step of accept or merge: the KB is as before or as after.

The engine journals a multi-file change before applying it; MAGE_TEST_CRASH_AT
makes the real `mage` process die (os._exit) at a named step. Right after the
crash every file is whole (old or new content); the next command finishes the
change, so the KB ends exactly as a clean run leaves it, or untouched.
"""

import re
import shutil

import pytest

from helpers.process import run_mage

def snapshot(root):
    files = {}
    for folder in ("mage", ".mage/staging"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                files[str(path.relative_to(root))] = path.read_text()
    return files


def prepared(tmp_path, name):
    root = tmp_path / name
    root.mkdir()
    assert run_mage("init", cwd=root).returncode == 0
    run_mage("stage", "--title", "Existing note", "--body", "Old body about caches.", cwd=root)
    run_mage("groom", "--accept", "existing-note", cwd=root)
    run_mage("stage", "--title", "New lesson", "--body", "Caches need a key with the lockfile hash.", cwd=root)
    return root


ACTIONS = {
    "accept": (["groom", "--accept", "new-lesson"], 4),   # the undo record, note, INDEX.md, MEMORY.md
    "merge": (["groom", "--merge", "new-lesson", "--into", "existing-note"], 4),
    "reject": (["groom", "--reject", "new-lesson", "--reason", "no"], 2),  # the undo record, rejected.jsonl
}
CASES = [(action, step) for action, (_, writes) in sorted(ACTIONS.items())
         for step in ["before-journal", "after-journal"] + [f"after-write-{n}" for n in range(1, writes + 1)]]


@pytest.fixture(scope="module")
def references(tmp_path_factory):
    """Per action: a pristine project to copy, and the files before and after a clean run."""
    base = tmp_path_factory.mktemp("crash")
    pristine = prepared(base, "pristine")
    refs = {}
    for action, (args, _) in ACTIONS.items():
        clean = base / f"clean-{action}"
        shutil.copytree(pristine, clean)
        before = snapshot(clean)
        assert run_mage(*args, cwd=clean).returncode == 0
        refs[action] = (before, snapshot(clean))
        assert refs[action][1] != before
    return pristine, refs


@pytest.mark.parametrize("action,step", CASES)
def test_a_crash_leaves_the_kb_before_or_after(tmp_path, references, action, step):
    pristine, refs = references
    before, after = (_normalise(files) for files in refs[action])
    victim = tmp_path / "victim"
    shutil.copytree(pristine, victim)
    crashed = run_mage(*ACTIONS[action][0], cwd=victim, env={"MAGE_TEST_CRASH_AT": step})
    assert crashed.returncode == 137
    for path, text in _normalise(snapshot(victim)).items():  # no torn file, ever
        assert text in (before.get(path), after.get(path)), path
    assert run_mage("status", cwd=victim).returncode == 0  # any command recovers
    assert _normalise(snapshot(victim)) in (before, after)


def _normalise(files):
    # the rejection ledger carries a timestamp: compare it without the time
    return {k: re.sub(r'"at": "[^"]+"', '"at": "T"', v) for k, v in files.items()}
