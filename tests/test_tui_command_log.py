"""The git command as a first-class thing: shown whole, kept in a log, copied with `y` (OSC 52)."""

from helpers.tui import (EDITABLE, SIZE, UV_CACHE, app_on, demo_kb, main_screen, press, settle, type_text)


def bar_text(app) -> str:
    return str(main_screen(app).query_one("#command-bar").render())


async def test_the_whole_git_command_shows_at_80_columns(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "space", "space", "space", "A")  # a batch: a long `git add`
        command = main_screen(app).history[0].command
        assert command.endswith("'mage: accept add-the-python-version-to-the-uv-cache-key, "
                                "pytest-needs-pip-install-e-before-it-can-import-acme, "
                                "mock-outbound-http-with-httpx-mocktransport-not-monkeypatch'")
        bar = main_screen(app).query_one("#command-bar")
        shown = "".join(line.text for line in bar.render_lines(bar.region.reset_offset)).replace(" ", "")
        assert command.replace(" ", "") in shown  # wrapped over lines, nothing cut off


async def test_y_copies_the_command_to_the_clipboard_and_says_so(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a", "y")
        assert app.clipboard == main_screen(app).history[0].command
        assert app.clipboard.startswith(f"git add mage/notes/{UV_CACHE}.md")
        assert any(n.title == "copied" and "OSC 52" in n.message for n in app._notifications)


async def test_the_log_keeps_the_accept_after_a_reject_and_l_copies_an_older_one(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a", "r")
        await type_text(pilot, "dupe", "enter")
        assert "rejected " + EDITABLE in bar_text(app) and "L shows all 2" in bar_text(app)
        await press(pilot, "L")
        listed = str(app.screen.query_one("#log-list").get_option_at_index(1).prompt)
        assert f"git add mage/notes/{UV_CACHE}.md" in listed  # the accept's command is still there
        await press(pilot, "j", "y")
        assert app.clipboard.startswith(f"git add mage/notes/{UV_CACHE}.md")


async def test_a_proposal_says_who_approves_and_points_at_no_git_command(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "p", "a")
        await type_text(pilot, "recurs in CI", "enter")
        assert "a person approves with P" in bar_text(app) and "git" not in bar_text(app)
        assert not any("git command" in n.message for n in app._notifications)
        assert "copy command" not in str(main_screen(app).query_one("#keys").render())  # nothing to copy
