"""The labelled real prompts kept in benchmarks/real_labels/ (SOURCES.md there): notes mage reads
as its own, labels that name prompts only by hash, and nothing the scrub would redact.

The sessions they label are not in the project, so the replay itself is a benchmark
(benchmarks/eval_recall_real.py); what is checked here is what is committed.
"""

import json
import re
from pathlib import Path

import pytest

from mage_engine.kb.notes import read_note
from mage_engine.scrub import scrub

LABELS = Path(__file__).resolve().parent.parent / "benchmarks" / "real_labels"
SETS = sorted(path.parent for path in LABELS.glob("*/labels.json"))


def test_there_are_labelled_sets():
    assert len(SETS) >= 2


@pytest.mark.parametrize("folder", SETS, ids=lambda path: path.name)
def test_every_label_names_a_note_and_a_prompt_hash_only(folder):
    notes = {path.stem: read_note(path) for path in (folder / "notes").glob("*.md")}
    assert all(note.id == stem for stem, note in notes.items())  # the file name and the id agree
    labels = json.loads((folder / "labels.json").read_text(encoding="utf-8"))
    assert set(labels) == set(notes)
    for keys in labels.values():
        assert keys == sorted(set(keys))
        assert all(re.fullmatch(r"[0-9a-f]{12}", key) for key in keys), keys


@pytest.mark.parametrize("folder", SETS, ids=lambda path: path.name)
def test_nothing_committed_holds_what_the_scrub_redacts(folder):
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            assert scrub(text) == text, path
