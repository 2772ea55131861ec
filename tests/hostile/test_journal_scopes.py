"""Each kind of change replays only its own journal, and only onto its own paths.

Grooming's journal (.mage/journal.json) may touch mage/ and .mage/staging/;
connect's (.mage/state/host-journal.json) only the host's files. A journal
that names anything else was not written by mage: it is set aside, never applied.
"""

import json

from helpers.process import run_mage
from mage_engine.kb import journal, lock, transaction


def plant(kb, journal: str, writes: dict) -> None:
    path = kb.root / journal
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"writes": writes, "deletes": []}))


def test_a_grooming_journal_naming_the_hosts_settings_is_set_aside(kb):
    plant(kb, journal.GROOMING.journal, {".claude/settings.local.json": '{"hooks": {}}'})
    done = run_mage("status", cwd=kb.root)
    assert done.returncode == 0, done.stderr
    assert not (kb.root / ".claude").exists()
    assert (kb.scratch_dir / "journal.refused.json").exists()


def test_a_host_journal_naming_a_note_or_the_config_is_set_aside(kb):
    for target in ("mage/notes/planted.md", "mage/config.yaml"):
        plant(kb, journal.HOST.journal, {target: "---\ntitle: planted\n---\nx\n"})
        before = (kb.root / "mage" / "config.yaml").read_text()
        assert run_mage("status", cwd=kb.root).returncode == 0
        assert not (kb.notes_dir / "planted.md").exists()
        assert (kb.root / "mage" / "config.yaml").read_text() == before
        assert not (kb.root / journal.HOST.journal).exists()


def test_an_interrupted_connect_is_finished_by_the_next_command(kb):
    plant(kb, journal.HOST.journal, {".claude/settings.local.json": "{}\n"})
    assert run_mage("status", cwd=kb.root).returncode == 0
    assert (kb.root / ".claude" / "settings.local.json").read_text() == "{}\n"


def test_the_hook_path_checks_the_same_journals_the_transactions_write():
    assert lock.JOURNALS == (journal.GROOMING.journal, journal.HOST.journal)


def test_a_linked_state_folder_neither_blocks_an_accept_nor_wedges_the_kb(kb, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (kb.scratch_dir / "state").mkdir(parents=True, exist_ok=True)
    (kb.scratch_dir / "state").rename(tmp_path / "old-state")
    (kb.scratch_dir / "state").symlink_to(elsewhere)  # as a cloned repository may commit it
    staged = run_mage("stage", "--title", "Run make test before pushing", "--body", "CI runs it.", cwd=kb.root)
    assert staged.returncode == 0, staged.stderr
    draft = next(kb.staging_dir.glob("*.md")).stem
    accepted = run_mage("groom", "--accept", draft, cwd=kb.root)
    assert accepted.returncode == 0, accepted.stderr
    assert (kb.notes_dir / f"{draft}.md").is_file() and list(elsewhere.iterdir()) == []
    assert not (kb.root / journal.GROOMING.journal).exists()  # nothing left to replay
    assert run_mage("status", cwd=kb.root).returncode == 0


def test_a_change_whose_folder_is_a_link_is_refused_before_anything_is_journaled(kb, tmp_path):
    from mage_engine.base.errors import MageError

    outside = tmp_path / "outside"
    outside.mkdir()
    (kb.root / "mage" / "skills").rename(tmp_path / "old-skills")
    (kb.root / "mage" / "skills").symlink_to(outside)
    tx = transaction.Transaction(kb)
    tx.write(kb.root / "mage" / "skills" / "planted" / "SKILL.md", "x")
    try:
        tx.commit()
        raise AssertionError("a write through a linked folder was applied")
    except MageError as refused:
        assert str(refused).startswith("nothing was changed")
    assert not (kb.root / journal.GROOMING.journal).exists() and list(outside.iterdir()) == []
