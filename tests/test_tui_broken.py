"""Files that do not parse stay in the app: a ⚠ mark, the file and line, the error in the preview, `e` to fix."""

from helpers.tui import ORDER, SIZE, app_on, demo_kb, main_screen, notes_ids, press, settle, staged_ids

BROKEN_DRAFT = "---\ntitle: [unclosed\nkind: lesson\n---\nThe body is fine.\n"


def preview_lines(app) -> list[str]:
    view = main_screen(app).query_one("#note-preview")
    return ["".join(segment.text for segment in strip).rstrip() for strip in view.shown.lines]


async def test_a_broken_draft_is_listed_with_its_line_and_its_preview_shows_the_error(tmp_path):
    kb = demo_kb(tmp_path)
    (kb.staging_dir / "half-written.md").write_text(BROKEN_DRAFT)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert staged_ids(app) == ["half-written", *ORDER]
        row = main_screen(app).query_one("#drafts").get_row("half-written")
        assert str(row[0]) == "⚠" and str(row[1]) == "half-written.md:2 (unreadable)"
        head = str(main_screen(app).query_one("#draft-head").render())
        assert "half-written.md cannot be read" in head and "line 2: malformed frontmatter" in head
        assert "e opens it" in head
        footer = str(main_screen(app).query_one("#keys").render())
        assert "edit" in footer and "accept" not in footer  # only e applies to it
        await press(pilot, "a")
        assert (kb.staging_dir / "half-written.md").exists() and not list(kb.notes_dir.glob("half-written*"))


async def test_e_reopens_a_broken_draft_and_the_fixed_draft_is_read_again(tmp_path, monkeypatch):
    kb = demo_kb(tmp_path)
    (kb.staging_dir / "half-written.md").write_text(BROKEN_DRAFT)
    monkeypatch.setenv("EDITOR", "sed -i 's/^title: .unclosed$/title: Half written, now whole/'")
    monkeypatch.delenv("VISUAL", raising=False)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "e")
        row = main_screen(app).query_one("#drafts").get_row("half-written")
        assert str(row[0]) == " " and str(row[1]) == "Half written, now whole"
        assert "Half written, now whole" in str(main_screen(app).query_one("#draft-head").render())


async def test_a_note_broken_by_an_edit_stays_listed_with_the_error_and_e_fixes_it(tmp_path, monkeypatch):
    """Editing a note used to crash its preview (a missing argument) and a broken note vanished."""
    kb = demo_kb(tmp_path)
    monkeypatch.setenv("EDITOR", "sed -i 's/^title: Key the GitHub Actions uv cache on uv.lock$/title: [oops/'")
    monkeypatch.delenv("VISUAL", raising=False)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2", "j", "e")  # the uv cache note, opened and broken
        assert not any("internal error" in n.message for n in app._notifications)
        assert notes_ids(app)[0] == "gha-uv-cache-key"  # listed first, among the unreadable
        row = main_screen(app).query_one("#notes-table").get_row("gha-uv-cache-key")
        assert "unreadable" in str(row[0]) and str(row[1]) == "gha-uv-cache-key.md:3"  # the line the [ opens on
        await press(pilot, "g")
        lines = preview_lines(app)
        assert any("gha-uv-cache-key.md cannot be read" in line for line in lines)
        assert any("3 │ title: [oops" in line for line in lines)  # the file's text, numbered
        monkeypatch.setenv("EDITOR", "sed -i 's/^title: .oops$/title: Key the uv cache on uv.lock/'")
        await press(pilot, "e")
        assert "gha-uv-cache-key" in notes_ids(app)
        assert not main_screen(app).pane("notes").broken
        assert any(line.strip() == "Key the uv cache on uv.lock" for line in preview_lines(app))


async def test_editing_a_note_refreshes_its_preview(tmp_path, monkeypatch):
    kb = demo_kb(tmp_path)
    monkeypatch.setenv("EDITOR", "sed -i 's/^CI restores a stale uv cache/CI restores an old uv cache/'")
    monkeypatch.delenv("VISUAL", raising=False)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2", "j", "e")
        assert not any("internal error" in n.message for n in app._notifications)
        assert any("CI restores an old uv cache" in line for line in preview_lines(app))
