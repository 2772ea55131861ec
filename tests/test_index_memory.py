"""INDEX.md is byte-deterministic; MEMORY.md stays inside the host's budget."""

from mage_engine.kb.config import load_config
from mage_engine.kb.notes import Note, load_folder, write_note
from mage_engine.grooming.derived import rebuild_all
from mage_engine.kb.render_index import render_index
from mage_engine.kb.render_memory import MAX_BYTES, render_memory
from helpers.process import run_mage


def make_notes(n, body_words=12):
    cats = ["tools", "security", "workflow", "infrastructure"]
    return [Note(id=f"note-{i:04d}", title=f"Lesson number {i}", body=("word " * body_words) + f"end {i}.",
                 category=cats[i % 4], tags=[f"t{i % 3}"], created="2026-01-01",
                 updated=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}") for i in range(n)]


def test_index_is_the_same_bytes_whatever_the_input_order():
    notes = make_notes(30)
    assert render_index(notes) == render_index(list(reversed(notes)))
    text = render_index(notes)
    assert text.index("## infrastructure") < text.index("## tools") < text.index("## workflow") \
        < text.index("## security")
    assert "- [Lesson number 1](notes/note-0001.md) — word" in text


def test_memory_respects_the_line_budget_and_counts_the_rest():
    text = render_memory(make_notes(500), budget_lines=200)
    lines = text.splitlines()
    assert len(lines) <= 200
    listed = sum(1 for l in lines if l.startswith("- [Lesson"))
    assert lines[-1] == f"- {500 - listed} more notes not listed here: see [INDEX.md](INDEX.md)."
    assert "mage recall" in text and "mage stage" in text


def test_memory_respects_25_kb_even_with_a_big_line_budget():
    text = render_memory(make_notes(2000, body_words=60), budget_lines=10_000)
    assert len(text.encode()) <= MAX_BYTES
    assert text.splitlines()[-1].startswith("- ") and "more notes not listed" in text.splitlines()[-1]


def test_memory_ranks_recent_notes_first_without_metrics():
    notes = [Note(id="old", title="Old", body="x", updated="2025-01-01"),
             Note(id="new", title="New", body="y", updated="2026-11-30")]
    lines = render_memory(notes).splitlines()
    assert lines.index(next(l for l in lines if "(notes/new.md)" in l)) < \
        lines.index(next(l for l in lines if "(notes/old.md)" in l))


def test_memory_lines_stay_short_for_the_host():
    long = Note(id="long", title="T", body="word " * 500)
    entry = [l for l in render_memory([long]).splitlines() if "notes/long.md" in l][0]
    assert len(entry) <= 200


def test_mage_index_rewrites_derived_files_only_when_they_change(kb):
    for note in make_notes(5):
        write_note(kb.note_path(note.id), note)
    first = rebuild_all(kb, load_config(kb))
    assert sorted(first["written"]) == ["mage/INDEX.md", "mage/MEMORY.md"]
    assert rebuild_all(kb, load_config(kb))["written"] == []
    result = run_mage("index", cwd=kb.root)
    assert result.returncode == 0 and "indexed 5 notes" in result.stdout


def test_a_hand_edited_note_shows_in_the_index_after_mage_index(kb):
    for note in make_notes(2):
        write_note(kb.note_path(note.id), note)
    rebuild_all(kb, load_config(kb))
    path = kb.note_path("note-0001")
    path.write_text(path.read_text().replace("title: Lesson number 1", "title: Renamed by hand"))
    run_mage("index", cwd=kb.root)
    assert "[Renamed by hand](notes/note-0001.md)" in kb.index_md.read_text()
    notes, _ = load_folder(kb.notes_dir)
    assert len(notes) == 2


def test_mage_index_reports_a_malformed_note_and_indexes_the_rest(kb):
    for note in make_notes(3):
        write_note(kb.note_path(note.id), note)
    (kb.notes_dir / "broken.md").write_text("---\ntitle: [oops\n---\nbody\n")
    result = run_mage("index", cwd=kb.root)
    assert result.returncode == 0
    assert "indexed 3 notes" in result.stdout
    assert "broken.md:" in result.stderr and "malformed frontmatter" in result.stderr
    assert "broken" not in kb.index_md.read_text()
