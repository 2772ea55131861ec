"""The note preview: rendered in the worker that reads the note, shown as ready lines, redrawn on resize or theme."""

from textual import events

from helpers.tui import SIZE, app_on, demo_kb, main_screen, press, settle


def preview(app):
    return main_screen(app).query_one("#note-preview")


def preview_lines(app) -> list[str]:
    """The preview as the person reads it, one string per line, trailing spaces dropped."""
    return ["".join(segment.text for segment in strip).rstrip() for strip in preview(app).shown.lines]


def styled(app, text: str):
    """The style of the first segment of the preview that reads exactly `text`."""
    return next(s.style for strip in preview(app).shown.lines for s in strip if s.text.strip() == text)


async def test_the_preview_shows_the_highlighted_note_rendered(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2", "j")  # from "Keep pull requests…" to the uv cache note
        lines = preview_lines(app)
        assert lines[1].strip() == "Key the GitHub Actions uv cache on uv.lock"
        assert any(line.strip() == "mage/notes/gha-uv-cache-key.md" for line in lines[2:6])  # the head names the file
        assert "Procedure" in lines and "Pointers" in lines  # headings, their markup gone
        assert any(line.startswith(" 1. In .github/workflows/ci.yml, set") for line in lines)  # a numbered list
        assert not any("`" in line or "##" in line for line in lines)
        assert styled(app, "Procedure").underline  # a level-2 heading, as Textual's Markdown shows it
        assert not preview(app).children  # ready lines: nothing was mounted to show them


async def test_a_resize_rewraps_the_preview_to_the_new_width(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2")
        wide = preview(app).shown.frame.width
        await pilot.resize_terminal(110, 36)  # narrower, still wide enough for the note's path on one line
        await settle(pilot)
        narrow = preview(app).scrollable_content_region.width
        assert narrow < wide
        assert {strip.cell_length for strip in preview(app).shown.lines} == {narrow}
        words = " ".join(preview_lines(app)).split()
        assert "separately." in words and "mage/notes/small-pull-requests.md" in words


async def test_the_preview_takes_the_new_theme_s_colours(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2")
        dark = styled(app, "mage/notes/small-pull-requests.md")
        app.theme = "textual-light"
        await settle(pilot)
        light = styled(app, "mage/notes/small-pull-requests.md")
        assert light.color != dark.color and light.bgcolor != dark.bgcolor
        assert light.bgcolor.triplet.hex.upper() == app.theme_variables["background"].upper()


async def test_a_held_key_draws_one_preview_the_one_it_stops_on(tmp_path):
    """Holding j draws no preview nobody could read: only the note it stops on."""
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2")
        view, shown = preview(app), []
        real_show = view.show
        view.show = lambda rendered: (shown.append(rendered), real_show(rendered))
        for _ in range(4):  # key events as a held key delivers them: back to back, nothing waited for between
            app.post_message(events.Key("j", "j"))
        await settle(pilot)
        assert [r.doc.head.plain.splitlines()[0] for r in shown] == ["Summaries use the small model; code review uses the large one"]
        assert preview_lines(app)[1].strip().startswith("Summaries use the small model")
