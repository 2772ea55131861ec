"""Each kind of change replays only its own journal, and only onto its own paths.

Grooming's journal (.mage/journal.json) may touch mage/ and .mage/staging/;
connect's (.mage/state/host-journal.json) only the host's files. A journal
that names anything else was not written by mage: it is set aside, never applied.
"""

import json

from helpers.process import run_mage
from mage_engine.kb import journal, lock


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
