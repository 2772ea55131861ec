"""Git worktrees, with a real `git worktree add`: notes are each checkout's files; .mage/ scratch
(trail, staging, index) is each worktree's own, unless `scratch: shared` points a linked
worktree at the main worktree's."""

import json

import pytest

from helpers.process import git, run_mage
from helpers.hook import run_hook

PROMPT = "the widget importer drops rows with a trailing comma: where is the csv dialect set?"


def _repo(tmp_path, shared: bool):
    main = tmp_path / "main"
    main.mkdir()
    git(main, "init", "-q", "-b", "main")
    assert run_mage("init", cwd=main).returncode == 0
    if shared:
        config = main / "mage" / "config.yaml"
        config.write_text(config.read_text() + "scratch: shared\n")
    git(main, "add", "-A")
    git(main, "commit", "-q", "-m", "mage")
    feature = tmp_path / "feature"
    git(main, "worktree", "add", "-q", str(feature), "-b", "feature")
    assert (feature / ".git").is_file()  # a linked worktree, not a copy
    return main, feature


def _prompt(root, session="wt-session"):
    payload = {"session_id": session, "transcript_path": f"/tmp/{session}.jsonl", "cwd": str(root),
               "hook_event_name": "UserPromptSubmit", "prompt": PROMPT, "permission_mode": "default"}
    done = run_hook("UserPromptSubmit", payload)
    assert done.returncode == 0 and done.stderr == ""


def _trail_holds_prompt(root) -> bool:
    learnings = root / ".mage" / "learnings"
    return learnings.is_dir() and any("trailing comma" in path.read_text(errors="replace")
                                      for path in learnings.rglob("*") if path.is_file())


def _stage(root, title):
    done = run_mage("stage", "--title", title, "--body", "A lesson learnt in one checkout.", "--json", cwd=root)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["id"]


def _drafts(root) -> list:
    return [d["id"] for d in json.loads(run_mage("drafts", "--json", cwd=root).stdout)["drafts"]]


def test_by_default_each_worktree_keeps_its_own_scratch(tmp_path):
    main, feature = _repo(tmp_path, shared=False)
    _prompt(feature)
    assert _trail_holds_prompt(feature) and not _trail_holds_prompt(main)
    draft = _stage(feature, "Widget csv dialect lives in importer settings")
    assert _drafts(feature) == [draft] and _drafts(main) == []


def test_scratch_shared_makes_drafts_and_the_trail_one_across_worktrees(tmp_path):
    main, feature = _repo(tmp_path, shared=True)
    _prompt(feature)
    assert _trail_holds_prompt(main) and not _trail_holds_prompt(feature)
    draft = _stage(feature, "Widget csv dialect lives in importer settings")
    assert _drafts(main) == [draft] == _drafts(feature)
    assert not (feature / ".mage" / "staging" / f"{draft}.md").exists()


def test_with_shared_scratch_notes_stay_each_checkouts_own(tmp_path):
    main, feature = _repo(tmp_path, shared=True)
    draft = _stage(main, "Widget csv dialect lives in importer settings")
    done = run_mage("groom", "--accept", draft, cwd=feature)  # groomed from the other worktree
    assert done.returncode == 0, done.stderr
    assert (feature / "mage" / "notes" / f"{draft}.md").is_file()
    assert not (main / "mage" / "notes" / f"{draft}.md").exists()
    assert _drafts(main) == []
    # one index folder serves both, and each search sees its own checkout's notes
    assert draft in run_mage("recall", "widget csv dialect", cwd=feature).stdout
    assert draft not in run_mage("recall", "widget csv dialect", cwd=main).stdout
    assert draft in run_mage("recall", "widget csv dialect", cwd=feature).stdout


@pytest.mark.parametrize("shared", [False, True])
def test_the_grooming_journal_stays_in_each_checkout(tmp_path, shared):
    main, feature = _repo(tmp_path, shared=shared)
    from mage_engine.kb.discover import find_kb

    kb = find_kb(feature)
    assert kb.journal_path == feature.resolve() / ".mage" / "journal.json"
    assert kb.staging_dir == (main if shared else feature).resolve() / ".mage" / "staging"


def test_a_copied_tree_cannot_point_its_scratch_at_another_folder(tmp_path):
    """A `.git` file is only a file: a tarball can carry one naming any folder with a `.git` in it."""
    victim = tmp_path / "victim"
    (victim / ".git").mkdir(parents=True)
    project = tmp_path / "project"
    project.mkdir()
    assert run_mage("init", cwd=project).returncode == 0
    config = project / "mage" / "config.yaml"
    config.write_text(config.read_text() + "scratch: shared\n")
    (tmp_path / "wt").mkdir()
    (tmp_path / "wt" / "commondir").write_text(f"{victim / '.git'}\n")
    (tmp_path / "wt" / "gitdir").write_text(f"{project / '.git'}\n")  # even naming the checkout back
    (project / ".git").write_text("gitdir: ../wt\n")
    _prompt(project)
    assert not (victim / ".mage").exists(), "nothing of mage's in a folder that is no knowledge base"
    assert _trail_holds_prompt(project), "the copied tree keeps its own trail"


def test_a_worktree_whose_main_checkout_is_no_kb_keeps_its_own_scratch(tmp_path):
    main, feature = _repo(tmp_path, shared=True)
    git(main, "rm", "-q", "-r", "mage")  # the main checkout no longer holds a knowledge base
    (feature / "mage" / "config.yaml").write_text("scratch: shared\n")
    _prompt(feature)
    assert not _trail_holds_prompt(main) and _trail_holds_prompt(feature)
