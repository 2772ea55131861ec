"""`mage retire` / `mage restore`: out of recall, INDEX.md and MEMORY.md while archived;
back byte for byte; a kill at any step leaves the KB before or after (real processes)."""

import json
import shutil

import pytest

from helpers.process import run_mage

# A hand-written note: key order, a comment-free custom key, trailing spaces and no final
# newline, exactly as a person might leave it. The round trip must keep every byte.
ODD_NOTE = ("---\ntitle: Flaky deploy needs a warm cache\nkind: lesson\ncategory: infrastructure\n"
            "tags: [deploy, cache]\ncreated: 2026-01-05\nupdated: 2026-01-06\nowner: ops   \n---\n"
            "Warm the artifact cache before the blue-green deploy.  \n\n## Pointers\n- `deploy/warm.sh`")


def project(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    assert run_mage("init", cwd=root).returncode == 0
    (root / "mage/notes/flaky-deploy.md").write_bytes(ODD_NOTE.encode())
    run_mage("stage", "--title", "Pin the node version", "--body", "Use .nvmrc so CI and laptops agree.", cwd=root)
    assert run_mage("groom", "--accept", "pin-the-node-version", cwd=root).returncode == 0
    assert run_mage("index", cwd=root).returncode == 0
    return root


def recalled(root, query):
    done = run_mage("recall", query, "--json", cwd=root)
    assert done.returncode == 0, done.stderr
    return [hit["id"] for hit in json.loads(done.stdout)]


def test_retire_takes_a_note_out_of_recall_index_and_memory_and_restore_brings_it_back_exactly(tmp_path):
    root = project(tmp_path)
    assert "flaky-deploy" in recalled(root, "warm artifact cache deploy")
    assert "flaky-deploy" in (root / "mage/INDEX.md").read_text()

    done = run_mage("retire", "flaky-deploy", cwd=root)
    assert done.returncode == 0, done.stderr
    assert "git add" in done.stdout and "git commit" in done.stdout  # said, never run
    assert not (root / "mage/notes/flaky-deploy.md").exists()
    assert (root / "mage/archive/flaky-deploy.md").read_bytes() == ODD_NOTE.encode()
    assert "flaky-deploy" not in (root / "mage/INDEX.md").read_text()
    assert "flaky-deploy" not in (root / "mage/MEMORY.md").read_text()
    assert "flaky-deploy" not in recalled(root, "warm artifact cache deploy")
    assert "pin-the-node-version" in (root / "mage/INDEX.md").read_text()  # the others stay

    back = run_mage("restore", "flaky-deploy", "--json", cwd=root)
    assert back.returncode == 0, back.stderr
    assert json.loads(back.stdout)["to"] == "mage/notes/flaky-deploy.md"
    assert (root / "mage/notes/flaky-deploy.md").read_bytes() == ODD_NOTE.encode()
    assert not (root / "mage/archive/flaky-deploy.md").exists()
    assert "flaky-deploy" in (root / "mage/INDEX.md").read_text()
    assert "flaky-deploy" in recalled(root, "warm artifact cache deploy")


def test_unknown_ids_are_one_line_errors(tmp_path):
    root = project(tmp_path)
    for command in ("retire", "restore"):
        done = run_mage(command, "no-such-note", cwd=root)
        assert done.returncode == 1 and "no-such-note" in done.stderr and "Traceback" not in done.stderr
    assert run_mage("restore", "pin-the-node-version", cwd=root).returncode == 1  # not retired


def snapshot(root):
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "mage").rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    return project(tmp_path_factory.mktemp("retire"))


STEPS = ["before-journal", "after-journal", "after-write-1", "after-write-2", "after-write-3"]


@pytest.mark.parametrize("command", ["retire", "restore"])
@pytest.mark.parametrize("step", STEPS)
def test_a_kill_at_any_step_leaves_before_or_after(tmp_path, pristine, command, step):
    victim = tmp_path / "victim"
    shutil.copytree(pristine, victim)
    if command == "restore":
        assert run_mage("retire", "flaky-deploy", cwd=victim).returncode == 0
    before = snapshot(victim)
    clean = tmp_path / "clean"
    shutil.copytree(victim, clean)
    assert run_mage(command, "flaky-deploy", cwd=clean).returncode == 0
    after = snapshot(clean)

    crashed = run_mage(command, "flaky-deploy", cwd=victim, env={"MAGE_TEST_CRASH_AT": step})
    assert crashed.returncode == 137
    for path, data in snapshot(victim).items():  # no torn file, ever
        assert data in (before.get(path), after.get(path)), path
    assert run_mage("status", cwd=victim).returncode == 0  # the next command finishes the change
    assert snapshot(victim) in (before, after)
    if step != "before-journal":
        assert snapshot(victim) == after
