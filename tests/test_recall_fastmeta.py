"""The fast frontmatter reader used for indexing gives yaml's answer or steps aside."""

from pathlib import Path

import pytest

from mage_engine.kb.notes import read_note
from mage_engine.recall.index.fastmeta import fast_record

NOTES = Path(__file__).parent / "fixtures" / "recall" / "notes"


def slow_record(path: Path) -> dict:
    note = read_note(path)
    return {"id": note.id, "title": note.title, "summary": note.summary, "kind": note.kind,
            "category": note.category, "tags": list(note.tags), "created": note.created,
            "updated": note.updated, "path": "p", "source": "note"}


@pytest.mark.parametrize("path", sorted(NOTES.glob("*.md")), ids=lambda p: p.stem)
def test_every_fixture_note_reads_the_same_as_with_yaml(path):
    fast = fast_record(path.read_text(encoding="utf-8"), path, "p")
    if fast is not None:
        assert fast[0] == slow_record(path)
        assert fast[1] == read_note(path).body


def test_the_fast_path_reads_most_notes_written_the_usual_way():
    fast = [fast_record(p.read_text(encoding="utf-8"), p, "p") for p in NOTES.glob("*.md")]
    assert sum(record is not None for record in fast) >= 30


@pytest.mark.parametrize("line", ["title: yes", "title: 'it''s'", "title: \"a \\\" b\"", "title: a: b",
                                  "title: x # comment", "tags: [2026, x]", "tags: [a, [b]]", "id: 42",
                                  "title: >", "  nested: 1", "title: &anchor x", "tags:\n  - a",
                                  "title: No", "title: ~", "title: [a, b]"])
def test_anything_beyond_the_plain_subset_falls_back(tmp_path, line):
    text = f"---\nid: x\n{line}\ntitle2: t\n---\nbody\n" if not line.startswith("title") else \
        f"---\nid: x\n{line}\n---\nbody\n"
    assert fast_record(text, tmp_path / "x.md", "p") is None


def test_quoted_titles_dates_and_lists_match_yaml(tmp_path):
    path = tmp_path / "note-n.md"
    path.write_text('---\nid: note-n\ntitle: "Goal: ship it, by March"\nkind: goal\ntags: [a-b, c_d, e.f]\n'
                    "created: 2026-01-02\nupdated: 2026-03-04\n---\nFirst paragraph.\n\nMore.\n")
    fast = fast_record(path.read_text(), path, "p")
    assert fast is not None and fast[0] == slow_record(path)
