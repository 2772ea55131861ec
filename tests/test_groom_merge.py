"""Merging a draft into a note section by section: one `## Procedure`, title and summary as asked, $EDITOR first."""

from mage_engine.demo.build import DEMO_NOW, build_demo_kb
from mage_engine.grooming import groom
from mage_engine.grooming.merge import merged_note, split_sections
from mage_engine.kb.notes import Note, read_note
from helpers.process import run_mage

UV_DRAFT = "add-the-python-version-to-the-uv-cache-key"
UV_NOTE = "gha-uv-cache-key"


def headings(body: str) -> list[str]:
    return [s.heading for s in split_sections(body) if s.heading]


def demo(tmp_path):
    return build_demo_kb(tmp_path / "demo", now=DEMO_NOW).kb


def test_the_draft_s_procedure_replaces_the_note_s_one_heading_not_two(tmp_path):
    kb = demo(tmp_path)
    result = groom.merge(kb, UV_DRAFT, UV_NOTE)
    note = read_note(kb.note_path(UV_NOTE))
    assert headings(note.body) == ["## Procedure", "## Pointers", "## Evidence"]
    procedure = note.body.split("## Procedure")[1].split("## Pointers")[0]
    assert "py${{ matrix.python-version }}" in procedure  # the draft's step 1 ...
    assert "runner.os }}-${{ hashFiles" not in procedure  # ... not the note's contradicting one beside it
    assert procedure.count("1. ") == 1
    assert note.title == "Key the GitHub Actions uv cache on uv.lock" and note.id == UV_NOTE
    assert note.body.startswith("CI restores a stale uv cache")  # the summary stays the note's
    assert "another Python after the matrix moves to 3.12" in note.body  # the draft's new paragraph is kept
    assert "- .github/workflows/ci.yml" in note.body and note.body.count(".github/workflows/ci.yml\n") == 1
    assert not kb.draft_path(UV_DRAFT).exists()
    assert f"mage/notes/{UV_NOTE}.md" in result.written and "git add" in result.git_command


def test_steps_under_keeps_the_note_s_steps_and_heads_the_draft_s_by_its_title(tmp_path):
    kb = demo(tmp_path)
    groom.merge(kb, UV_DRAFT, UV_NOTE, steps="under")
    body = read_note(kb.note_path(UV_NOTE)).body
    assert headings(body) == ["## Procedure", "## Pointers", "## Evidence"]
    procedure = body.split("## Procedure")[1].split("## Pointers")[0]
    assert procedure.index("runner.os }}-${{ hashFiles") < procedure.index(
        "### Add the Python version to the uv cache key") < procedure.index("py${{ matrix.python-version }}")


def test_title_and_summary_are_the_person_s_when_given(tmp_path):
    kb = demo(tmp_path)
    groom.merge(kb, UV_DRAFT, UV_NOTE, title="Key the uv cache on uv.lock and the Python version",
                summary="The uv cache key must hash both uv.lock and the Python version.")
    note = read_note(kb.note_path(UV_NOTE))
    assert note.title == "Key the uv cache on uv.lock and the Python version"
    assert note.summary == "The uv cache key must hash both uv.lock and the Python version."
    assert "CI restores a stale uv cache" not in note.body


def test_bullets_gain_only_missing_items_and_prose_only_new_paragraphs():
    note = Note(id="n", title="N", body="Intro.\n\n## Pointers\n- a.py\n- b.py\n\n## Why\nBecause.\n")
    draft = Note(id="d", title="D", body="Intro.\n\n## pointers\n- b.py\n- c.py\n\n## Why\nBecause.\n\nAlso this.\n")
    body = merged_note(note, draft).body
    assert body == "Intro.\n\n## Pointers\n- a.py\n- b.py\n- c.py\n\n## Why\nBecause.\n\nAlso this.\n"


def test_a_heading_inside_a_code_fence_is_not_a_section():
    note = Note(id="n", title="N", body="Intro.\n\n```md\n## Procedure\n```\n\n## Procedure\n1. one\n")
    assert headings(note.body) == ["## Procedure"]
    draft = Note(id="d", title="D", body="## Procedure\n1. two\n")
    assert merged_note(note, draft).body.count("## Procedure") == 2  # the fenced one and the real one
    assert "1. two" in merged_note(note, draft).body and "1. one" not in merged_note(note, draft).body


def test_an_edited_text_is_written_as_the_person_left_it_with_the_note_s_id(tmp_path):
    kb = demo(tmp_path)
    text = groom.merge_text(kb, UV_DRAFT, UV_NOTE).replace("id: gha-uv-cache-key", "id: something-else")
    text = text.replace("## Evidence", "## Seen in CI") + \
        "\nThe token ghp_16C7e42F292c6912E7710c838347Ae178B4a was rotated.\n"
    groom.merge(kb, UV_DRAFT, UV_NOTE, text=text)
    note = read_note(kb.note_path(UV_NOTE))
    assert note.id == UV_NOTE and "## Seen in CI" in note.body
    assert "ghp_16C7e42F" not in note.body and "[REDACTED:" in note.body  # scrubbed on the way in
    assert not kb.note_path("something-else").exists()


def test_an_edited_text_that_does_not_parse_names_the_line_and_writes_nothing(tmp_path):
    import pytest

    from mage_engine.base.errors import NoteFormatError

    kb = demo(tmp_path)
    before = kb.note_path(UV_NOTE).read_text()
    with pytest.raises(NoteFormatError) as raised:
        groom.merge(kb, UV_DRAFT, UV_NOTE, text="---\ntitle: [unclosed\n---\nbody\n")
    assert str(raised.value).startswith(f"the merged text for mage/notes/{UV_NOTE}.md:2: malformed frontmatter")
    assert kb.note_path(UV_NOTE).read_text() == before and kb.draft_path(UV_DRAFT).exists()


def test_cli_merge_edit_opens_the_merged_note_in_the_editor_before_writing(tmp_path):
    kb = demo(tmp_path)
    editor = "sed -i 's/^title: .*/title: Key the uv cache on the lockfile and Python/'"
    done = run_mage("groom", "--merge", UV_DRAFT, "--into", UV_NOTE, "--edit", "--kb", kb.root,
                    env={"EDITOR": editor, "VISUAL": ""})
    assert done.returncode == 0, done.stderr
    note = read_note(kb.note_path(UV_NOTE))
    assert note.title == "Key the uv cache on the lockfile and Python"
    assert note.body.count("## Procedure") == 1 and "git add" in done.stdout


def test_cli_merge_edit_closed_without_saving_writes_nothing(tmp_path):
    kb = demo(tmp_path)
    before = kb.note_path(UV_NOTE).read_text()
    done = run_mage("groom", "--merge", UV_DRAFT, "--into", UV_NOTE, "--edit", "--kb", kb.root,
                    env={"EDITOR": "true", "VISUAL": ""})
    assert done.returncode == 1 and "closed without saving" in done.stderr and "Traceback" not in done.stderr
    assert kb.note_path(UV_NOTE).read_text() == before and kb.draft_path(UV_DRAFT).exists()


def test_cli_edit_without_merge_is_a_usage_error(tmp_path):
    kb = demo(tmp_path)
    done = run_mage("groom", "--accept", UV_DRAFT, "--edit", "--kb", kb.root)
    assert done.returncode == 2 and "--edit goes with --merge" in done.stderr


def test_cli_merge_edit_with_a_failing_editor_is_one_mage_line_and_writes_nothing(tmp_path):
    kb = demo(tmp_path)
    before = kb.note_path(UV_NOTE).read_text()
    done = run_mage("groom", "--merge", UV_DRAFT, "--into", UV_NOTE, "--edit", "--kb", kb.root,
                    env={"EDITOR": "false", "VISUAL": ""})
    (line,) = done.stderr.splitlines()
    assert done.returncode == 1 and line.startswith("mage: merge cancelled: the editor failed")
    assert "$EDITOR" in line and not line.startswith("Error")
    assert kb.note_path(UV_NOTE).read_text() == before and kb.draft_path(UV_DRAFT).exists()
