"""`mage groom --undo`: the last accept, reject or merge taken back, until it is committed or its files change."""

import json

from mage_engine.grooming import groom
from mage_engine.grooming.proposals import approve_proposals, propose
from mage_engine.grooming.stage import stage_draft
from helpers.process import git, run_mage


def files(kb) -> dict:
    """Every committed file and draft, as text: what an undo must put back exactly."""
    found = {}
    for folder in (kb.mage_dir, kb.staging_dir):
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                found[kb.relative(path)] = path.read_text()
    return found


def staged(kb, title, body):
    return stage_draft(kb, title=title, body=body).id


def test_undo_after_accept_puts_the_draft_back_and_removes_the_note(git_kb):
    kb = git_kb
    draft = staged(kb, "Caches need the lockfile hash", "Key the CI cache on the lockfile hash, or it goes stale.")
    before = files(kb)
    groom.accept(kb, [draft])
    assert kb.note_path(draft).exists()
    done = run_mage("groom", "--undo", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    assert f"undid accept of {draft}" in done.stdout and "mage/INDEX.md" in done.stdout
    assert files(kb) == before
    assert not kb.note_path(draft).exists() and kb.draft_path(draft).exists()


def test_undo_after_reject_drops_the_ledger_line_and_restores_the_draft(kb):
    draft = staged(kb, "A one-off", "It happened once and will not again, surely, on this machine.")
    before = files(kb)
    groom.reject(kb, [draft], "one-off")
    assert kb.rejected_path.exists()
    result = run_mage("groom", "--undo", "--json", "--kb", kb.root)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["done"] == [{"draft": draft, "note": None, "undid": "reject"}]
    assert files(kb) == before


def test_undo_after_merge_restores_the_note_text(kb):
    note = staged(kb, "Existing note", "Old body about caches and their keys in CI.")
    groom.accept(kb, [note])
    draft = staged(kb, "New lesson", "Caches need a key with the lockfile hash, or they go stale silently.")
    before = files(kb)
    groom.merge(kb, draft, note)
    assert files(kb) != before
    run_mage("groom", "--undo", "--kb", kb.root)
    assert files(kb) == before


def test_undo_steps_back_through_several_actions_newest_first(kb):
    first = staged(kb, "First lesson", "The first thing learnt, with enough words to be a lesson.")
    second = staged(kb, "Second lesson", "A different thing entirely, about deploy keys and rotation.")
    empty = files(kb)
    groom.accept(kb, [first])
    after_first = files(kb)
    groom.reject(kb, [second], "no")
    assert run_mage("groom", "--undo", "--kb", kb.root).returncode == 0
    assert files(kb) == after_first
    assert run_mage("groom", "--undo", "--kb", kb.root).returncode == 0
    assert files(kb) == empty
    nothing = run_mage("groom", "--undo", "--kb", kb.root)
    assert nothing.returncode == 1 and nothing.stderr.startswith("mage: nothing to undo")


def test_undo_refuses_once_the_accept_is_committed(git_kb):
    kb = git_kb
    draft = staged(kb, "Committed lesson", "This one the person read and committed with git straight away.")
    result = groom.accept(kb, [draft])
    git(kb.root, "add", *result.written)
    git(kb.root, "commit", "-q", "-m", "mage: accept")
    committed = files(kb)
    refused = run_mage("groom", "--undo", "--kb", kb.root)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "is committed" in refused.stderr and "git revert" in refused.stderr
    assert files(kb) == committed


def test_undo_refuses_when_a_file_changed_since(kb):
    draft = staged(kb, "Edited later", "The person edits the note by hand right after accepting it here.")
    groom.accept(kb, [draft])
    path = kb.note_path(draft)
    path.write_text(path.read_text() + "\nA hand edit.\n")
    refused = run_mage("groom", "--undo", "--kb", kb.root)
    assert refused.returncode == 1
    assert f"mage/notes/{draft}.md changed since" in refused.stderr
    assert "A hand edit." in path.read_text() and not kb.draft_path(draft).exists()


def test_undo_after_git_add_restores_and_says_the_index_still_holds_it(git_kb):
    kb = git_kb
    draft = staged(kb, "Added not committed", "The person ran git add, then thought better of the accept.")
    result = groom.accept(kb, [draft])
    git(kb.root, "add", *result.written)
    done = run_mage("groom", "--undo", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    assert kb.draft_path(draft).exists() and not kb.note_path(draft).exists()
    assert "git restore --staged" in done.stderr


def test_approving_proposals_is_undone_as_one_batch(kb):
    keep = staged(kb, "Worth keeping", "A real lesson about the cache key, worth a note of its own here.")
    drop = staged(kb, "Not worth it", "A passing remark about the weather in the build logs that day.")
    propose(kb, keep, "accept", "recurs", actor="person")
    propose(kb, drop, "reject", "noise", actor="person")
    before = files(kb)
    approve_proposals(kb)
    assert kb.note_path(keep).exists() and kb.rejected_path.exists()
    assert run_mage("groom", "--undo", "--kb", kb.root).returncode == 0
    assert files(kb) == before


def test_the_agent_may_not_undo_below_overseer(kb):
    draft = staged(kb, "Person accepted", "The person accepted this one; the agent may not take it back.")
    groom.accept(kb, [draft])
    refused = run_mage("groom", "--undo", "--kb", kb.root, env={"MAGE_ACTOR": "agent"})
    assert refused.returncode == 1 and "undo is refused to the agent" in refused.stderr
    assert kb.note_path(draft).exists()


def test_undo_takes_no_ids(kb):
    done = run_mage("groom", "--undo", "some-id", "--kb", kb.root)
    assert done.returncode == 2 and "--undo takes no ids" in done.stderr
