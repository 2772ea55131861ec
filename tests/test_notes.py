"""Notes and drafts on disk: round trips, safe ids, malformed files."""

import pytest

from mage_engine.base.errors import NoteFormatError
from mage_engine.grooming.stage import stage_draft
from mage_engine.kb.ids import is_safe_id, slugify
from mage_engine.kb.notes import load_folder, parse_note, read_note, render_note, write_note

NOTE = """---
id: pytest-needs-editable-install
title: Run pytest only after an editable install
kind: procedure
category: tools
tags: [pytest, packaging]
created: 2026-11-30
updated: 2026-11-30
origin: lesson
signatures: []
owner: platform-team
review:
  due: 2027-01-01
  by: [ana, bo]
---
Imports of the package fail under pytest unless it is installed editable.

## Procedure
1. `pip install -e .`
"""


def test_a_note_round_trips_byte_for_byte():
    note = parse_note(NOTE, "pytest-needs-editable-install.md")
    assert note.summary == "Imports of the package fail under pytest unless it is installed editable."
    assert render_note(note) == NOTE


def test_unknown_frontmatter_keys_survive_a_rewrite(tmp_path):
    path = tmp_path / "n.md"
    path.write_text(NOTE)
    note = read_note(path)
    note.title = "Run pytest after an editable install"
    write_note(path, note)
    again = read_note(path)
    assert again.extra == {"owner": "platform-team", "review": {"due": __import__("datetime").date(2027, 1, 1),
                                                               "by": ["ana", "bo"]}}
    assert "owner: platform-team" in path.read_text()


def test_rendering_is_deterministic_whatever_the_key_order(tmp_path):
    shuffled = NOTE.replace("id: pytest-needs-editable-install\ntitle: Run pytest only after an editable install\n",
                            "title: Run pytest only after an editable install\nid: pytest-needs-editable-install\n")
    assert render_note(parse_note(shuffled)) == render_note(parse_note(NOTE))


@pytest.mark.parametrize("title", [
    "../../etc/passwd", "..", "/", "a\x00b\x1b[31mc\n\rd", "x" * 10_000, "!!!???...", "Ünïcödé — tìtle",
    "CON", "name.md", "-leading-and-trailing-", "日本語のタイトル",
])
def test_hostile_titles_yield_safe_unique_ids_inside_notes(kb, title):
    ids = set()
    for n in range(2):
        result = stage_draft(kb, title=title, body=f"body {n} for {title[:20]!r}")
        assert result.status == "staged"
        ids.add(result.id)
        path = kb.draft_path(result.id).resolve()
        assert path.parent == kb.staging_dir.resolve()
        assert is_safe_id(result.id) and len(result.id) <= 64
    assert len(ids) == 2


def test_empty_title_is_refused(kb):
    from mage_engine.base.errors import MageError

    with pytest.raises(MageError, match="no title"):
        stage_draft(kb, title="   ", body="something")


def test_slugify_keeps_words_and_falls_back_to_a_hash():
    assert slugify("Run pytest: only after `pip install -e .`") == "run-pytest-only-after-pip-install-e"
    assert slugify("???").startswith("note-")
    assert slugify("???") == slugify("???")


def test_malformed_notes_are_reported_with_line_and_do_not_stop_the_rest(kb):
    (kb.notes_dir / "good.md").write_text(NOTE.replace("pytest-needs-editable-install", "good"))
    (kb.notes_dir / "bad-yaml.md").write_text("---\nid: bad-yaml\ntitle: [unclosed\nkind: lesson\n---\nbody\n")
    (kb.notes_dir / "no-front.md").write_text("just text\n")
    (kb.notes_dir / "binary.md").write_bytes(b"---\nid: binary\n\xff\xfe\x00---\n")
    notes, problems = load_folder(kb.notes_dir)
    assert [n.id for n in notes] == ["good"]
    messages = sorted(str(p) for p in problems)
    assert len(messages) == 3
    assert any("bad-yaml.md:" in m and "malformed frontmatter" in m for m in messages)
    assert any("no-front.md:1" in m for m in messages)
    assert any("binary.md:1" in m and "UTF-8" in m for m in messages)


def test_yaml_is_read_safely(kb):
    (kb.notes_dir / "evil.md").write_text("---\nid: evil\ntitle: !!python/object/apply:os.system ['true']\n---\nx\n")
    notes, problems = load_folder(kb.notes_dir)
    assert notes == [] and "evil.md" in str(problems[0])


def test_an_id_in_frontmatter_that_is_a_path_is_never_used(kb):
    (kb.notes_dir / "sneaky.md").write_text("---\nid: ../../etc/passwd\ntitle: t\n---\nx\n")
    note = read_note(kb.notes_dir / "sneaky.md")
    assert note.id == "sneaky" and "id '../../etc/passwd' differs from the file name" in note.warnings[0]
    with pytest.raises(NoteFormatError, match="not a safe id"):
        parse_note("---\nid: ../../etc/passwd\ntitle: t\n---\nx\n")


def test_unreadable_note_is_a_problem_not_a_crash(kb):
    # a folder named like a note cannot be read as one (works as root too, unlike chmod)
    (kb.notes_dir / "locked.md").mkdir()
    (kb.notes_dir / "fine.md").write_text(NOTE.replace("pytest-needs-editable-install", "fine"))
    notes, problems = load_folder(kb.notes_dir)
    assert [n.id for n in notes] == ["fine"] and "locked.md:1: unreadable" in str(problems[0])


def test_written_files_keep_normal_permissions(kb, tmp_path):
    import os
    import stat

    from mage_engine.kb.atomic import write_text_atomic

    fresh = tmp_path / "fresh.md"
    old = os.umask(0o022)
    try:
        write_text_atomic(fresh, "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
    fresh.chmod(0o664)
    write_text_atomic(fresh, "y")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o664


COLON_TITLE = """---
id: bash-has-no-tty
title: Claude's Bash has no TTY: sudo and the YubiKey PIN run in my terminal
kind: lesson
category: lessons
tags: [sudo, tty]
created: 2026-11-01
updated: 2026-11-01
---
Interactive prompts hang in the agent's shell.
"""


def test_a_title_with_a_colon_in_it_means_what_its_writer_meant(kb):
    """YAML rejects a second `: ` in a plain value; people write titles like this all the time."""
    (kb.notes_dir / "bash-has-no-tty.md").write_text(COLON_TITLE)
    notes, problems = load_folder(kb.notes_dir)
    (note,) = [n for n in notes if n.id == "bash-has-no-tty"]
    assert note.title == "Claude's Bash has no TTY: sudo and the YubiKey PIN run in my terminal"
    assert note.tags == ["sudo", "tty"] and note.kind == "lesson" and not problems


@pytest.mark.parametrize("bad", ["title: [unclosed: list", "title: a: b\nsummary: |\n  nested: block",
                                 "title: 'quoted: but never closed"])
def test_a_colon_is_read_as_text_only_where_nothing_else_could_be_meant(kb, bad):
    (kb.notes_dir / "odd.md").write_text(f"---\nid: odd\n{bad}\nkind: lesson\n---\nbody\n")
    notes, problems = load_folder(kb.notes_dir)
    assert "odd" not in [n.id for n in notes]
    assert any("odd.md:" in str(p) and "malformed frontmatter" in str(p) for p in problems)
