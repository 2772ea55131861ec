"""The merge screen: note, draft and merged note side by side; what it shows is what `y` writes."""

from mage_engine.grooming.merge import split_sections
from mage_engine.kb.notes import read_note
from helpers.tui import SIZE, UV_CACHE, app_on, demo_kb, main_screen, press, settle, type_text

NOTE = "gha-uv-cache-key"


def column_text(app, name: str) -> str:
    return str(app.screen.query_one(f"#merge-{name}-text").render())


def headings(body: str) -> list[str]:
    return [s.heading for s in split_sections(body) if s.heading]


async def test_m_shows_note_draft_and_merge_side_by_side_and_y_writes_one_procedure(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m")
        assert "runner.os }}-${{ hashFiles" in column_text(app, "note")  # the note's step as it is
        assert "py${{ matrix.python-version }}" in column_text(app, "draft")
        merged = column_text(app, "merged")
        assert merged.count("## Procedure") == 1 and "+ 1. In `.github/workflows/ci.yml`" in merged
        assert all(app.screen.query_one(f"#merge-{n}").region.width > 30 for n in ("note", "draft", "merged"))
        await press(pilot, "y")
        note = read_note(kb.note_path(NOTE))
        assert headings(note.body) == ["## Procedure", "## Pointers", "## Evidence"]
        assert "py${{ matrix.python-version }}" in note.body and not kb.draft_path(UV_CACHE).exists()
        assert note.updated == "2026-03-14"  # the app's clock, as the screen showed it


async def test_t_puts_the_draft_s_steps_under_the_note_s(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m", "t")
        assert "### Add the Python version to the uv cache key" in column_text(app, "merged")
        await press(pilot, "y")
        body = read_note(kb.note_path(NOTE)).body
        assert body.count("## Procedure") == 1 and "### Add the Python version to the uv cache key" in body
        assert "runner.os }}-${{ hashFiles" in body


async def test_the_title_and_summary_are_edited_in_place(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m", "tab")
        assert app.focused.id == "merge-title-input"
        app.focused.value = ""
        await type_text(pilot, "Key the uv cache on uv.lock and Python", "enter")
        assert "# Key the uv cache on uv.lock and Python" in column_text(app, "merged")
        await press(pilot, "y")
        assert read_note(kb.note_path(NOTE)).title == "Key the uv cache on uv.lock and Python"


async def test_e_opens_the_merged_note_in_the_editor_and_y_writes_what_was_saved(tmp_path, monkeypatch):
    kb = demo_kb(tmp_path)
    monkeypatch.setenv("EDITOR", "sed -i 's/^## Evidence/## Seen in CI/'")
    monkeypatch.delenv("VISUAL", raising=False)
    before = kb.note_path(NOTE).read_text()
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m", "e")
        assert kb.note_path(NOTE).read_text() == before  # nothing written yet
        assert "## Seen in CI" in column_text(app, "merged") and "edited in $EDITOR" in column_text(app, "merged")
        await press(pilot, "y")
        assert "## Seen in CI" in read_note(kb.note_path(NOTE)).body


async def test_an_edit_that_does_not_parse_is_named_and_nothing_is_written(tmp_path, monkeypatch):
    kb = demo_kb(tmp_path)
    monkeypatch.setenv("EDITOR", "sed -i 's/^title: .*/title: [unclosed/'")
    monkeypatch.delenv("VISUAL", raising=False)
    before = kb.note_path(NOTE).read_text()
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m", "e")
        status = str(app.screen.query_one("#merge-status").render())
        assert f"merged text for mage/notes/{NOTE}.md:" in status and "e edits again" in status
        await press(pilot, "y")  # refused: there is no text that parses
        assert kb.note_path(NOTE).read_text() == before and kb.draft_path(UV_CACHE).exists()


async def test_at_80_columns_one_column_shows_and_v_switches(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "m")
        shown = lambda: [n for n in ("note", "draft", "merged") if app.screen.query_one(f"#merge-{n}").region.width]
        assert shown() == ["merged"] and app.screen.query_one("#merge-merged").region.width >= 70
        await press(pilot, "v")
        assert shown() == ["note"]


async def test_the_list_marks_the_draft_being_merged_and_the_top_bar_says_so(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m")
        staging, screen = main_screen(app).pane("staging"), main_screen(app)
        shown = []
        real = staging.mark_busy
        staging.mark_busy = lambda ids: (shown.append((list(ids), screen.busy)), real(ids))
        await press(pilot, "y")
        assert shown == [([UV_CACHE], "merging")]
