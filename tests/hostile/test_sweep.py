"""A link and a FIFO at every path mage reads or writes, then every hook and the commands:
no read or write goes through a link out of the KB, no FIFO makes anything wait.

The paths are those a lived-in KB holds (notes, drafts, skills, trail, transcript state,
index, metrics, ledger, caches, locks, logs). Files are swept all at once (each a link to an
outside file of its own, then each a FIFO); folders level by level (a linked folder hides
what is below it). Commands run in a forked child with a deadline, so a hang fails the test
instead of stopping the suite.
"""

import multiprocessing
import os
import shutil
from pathlib import Path

import pytest

from hostile.helpers import (COMMANDS, LESSONS, assert_hooks_behaved, run_commands_in_process, run_every_hook,
                             tree, unexpected_errors, write_transcript)

SENTINEL = "SWEEP-SENTINEL-5c1e"
HOOK_TIMEOUT = 10
COMMAND_DEADLINE = 90


def lived_in(root: Path) -> Path:
    """A KB with notes, a draft, a rejection, a skill, a trail, a fold, an index, metrics and a ledger."""
    from mage_engine.grooming import groom
    from mage_engine.grooming.stage import stage_draft
    from mage_engine.kb.init import init_kb
    from mage_engine.recall.index.lifecycle import rebuild_index
    from mage_engine.recurrence.pipeline import distill

    kb = init_kb(root).kb
    for title, body in LESSONS + [("A draft still waiting", "Waits."), ("A draft to reject", "One-off.")]:
        stage_draft(kb, title, body)
    groom.accept(kb, [d for d in groom.draft_ids(kb) if d.startswith(("run", "cache", "terraform"))], actor="person")
    groom.reject(kb, ["a-draft-to-reject"], "one-off", actor="person")
    (kb.skills_dir / "deploy").mkdir()
    (kb.skills_dir / "deploy" / "SKILL.md").write_text("---\nname: deploy\ndescription: Use to deploy\n---\n1. go\n")
    rebuild_index(kb)
    assert_hooks_behaved(run_every_hook(root, "sweep", write_transcript(root.parent / "t.jsonl", "sweep")))
    distill(kb)
    return root


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return lived_in(tmp_path_factory.mktemp("sweep") / "project")


def swept_paths(root: Path) -> tuple[list, list]:
    """(files, folders) under mage/ and .mage/, relative to the project."""
    files, folders = [], []
    for top in ("mage", ".mage"):
        for dirpath, dirnames, filenames in os.walk(root / top):
            folders.append(str(Path(dirpath).relative_to(root)))
            files += [str((Path(dirpath) / name).relative_to(root)) for name in filenames]
    return sorted(files), sorted(folders)


def _child(root: str, pipe) -> None:
    results = run_commands_in_process(Path(root), COMMANDS[:-2])  # doctor and dial: their own tests
    pipe.send([(args, code, output, repr(error) if error else None) for args, code, output, error in results]
              + [("unexpected", unexpected_errors(results))])
    pipe.close()


def battery(root: Path):
    """Every hook as a real process, then the commands in a forked child with a deadline."""
    hooks = run_every_hook(root, "sweep", root.parent / "t.jsonl", timeout=HOOK_TIMEOUT)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(str(root), send))
    child.start()
    got = receive.poll(COMMAND_DEADLINE)
    results = receive.recv() if got else None
    child.join(5)
    if child.is_alive():
        child.kill()
    assert results is not None, "a command hung (a FIFO waited on?)"
    return hooks, results


def check(hooks, results, outside: Path, before: dict, kb: Path) -> None:
    assert_hooks_behaved(hooks)
    unexpected = results[-1][1]
    assert not unexpected, unexpected
    assert tree(outside) == before  # nothing written outside, through any link
    texts = [done.stdout + done.stderr for _, done in hooks] + [output for _, _, output, _ in results[:-1]]
    assert not [t for t in texts if SENTINEL in t]
    for rel, entry in tree(kb).items():
        assert entry[0] != "file" or SENTINEL.encode() not in entry[1], rel


def test_every_file_a_link_out_of_the_kb(template, tmp_path):
    kb = shutil.copytree(template, tmp_path / "project", symlinks=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    files, _ = swept_paths(kb)
    for n, rel in enumerate(files):
        if rel == "mage/config.yaml":
            continue  # it stops most commands at once: swept on its own below
        target = outside / f"{n}-{Path(rel).name}"
        target.write_text(f"---\ntitle: {SENTINEL}\n---\n{SENTINEL} {rel}\n")
        (kb / rel).unlink()
        (kb / rel).symlink_to(target)
    before = tree(outside)
    check(*battery(kb), outside, before, kb)
    assert len(files) >= 40


def test_every_file_a_fifo(template, tmp_path):
    kb = shutil.copytree(template, tmp_path / "project", symlinks=True)
    files, _ = swept_paths(kb)
    for rel in files:
        if rel != "mage/config.yaml":
            (kb / rel).unlink()
            os.mkfifo(kb / rel)
    outside = tmp_path / "outside"
    outside.mkdir()
    check(*battery(kb), outside, {}, kb)


@pytest.mark.parametrize("kind", ["link", "fifo"])
def test_config_yaml_a_link_or_a_fifo(template, tmp_path, kind):
    kb = shutil.copytree(template, tmp_path / "project", symlinks=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "config.yaml").write_text(f"autonomy: overseer\nhint: {{count: 40}}\n# {SENTINEL}\n")
    (kb / "mage" / "config.yaml").unlink()
    if kind == "link":
        (kb / "mage" / "config.yaml").symlink_to(outside / "config.yaml")
    else:
        os.mkfifo(kb / "mage" / "config.yaml")
    before = tree(outside)
    hooks, results = battery(kb)
    check(hooks, results, outside, before, kb)
    status = next(error for args, _, _, error in results[:-1] if args[0] == "status")
    assert ("mage/config.yaml: cannot read" if kind == "link" else "no knowledge base at") in status


def folder_levels(folders: list) -> list:
    """Folders grouped so none in a group lies inside another: mage/ alone, then by depth."""
    levels = {}
    for rel in folders:
        if rel != "mage":
            levels.setdefault(rel.count("/"), []).append(rel)
    return [["mage"]] + [levels[depth] for depth in sorted(levels)]


@pytest.mark.parametrize("level", range(4))
def test_every_folder_a_link_out_of_the_kb(template, tmp_path, level):
    kb = shutil.copytree(template, tmp_path / "project", symlinks=True)
    _, folders = swept_paths(kb)
    groups = folder_levels(folders)
    outside = tmp_path / "outside"
    outside.mkdir()
    for group in groups[level:] if level == 3 else [groups[level]]:
        for rel in group:
            if not (kb / rel).is_dir() or (kb / rel).is_symlink():
                continue  # inside a folder this level already linked
            copy = outside / rel.replace("/", "__")
            shutil.move(str(kb / rel), copy)
            (copy / "planted.md").write_text(f"---\ntitle: {SENTINEL}\n---\n{SENTINEL}\n")
            (kb / rel).symlink_to(copy)
    before = tree(outside)
    check(*battery(kb), outside, before, kb)
