"""Keeping the person's place: the next draft after an action, g/G, a detail that scrolls, focus on the pane shown."""

from textual import events

from mage_engine.kb.notes import Note, write_note

from helpers.tui import (BASTION, EDITABLE, HTTPX, ORDER, SIZE, UV_CACHE, app_on, demo_kb, main_screen, press,
                               settle, type_text)


def cursor_id(app) -> str:
    table = main_screen(app).query_one("#drafts")
    return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value


async def test_after_accept_the_cursor_is_on_the_next_draft_not_the_top(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "j", "a")  # accept the third
        assert HTTPX not in [r["id"] for r in main_screen(app).pane("staging").rows]
        assert cursor_id(app) == BASTION  # the one after it took its place


async def test_after_reject_and_merge_the_cursor_moves_on_too(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "r")
        await type_text(pilot, "covered", "enter")
        assert cursor_id(app) == HTTPX  # EDITABLE was second: the next one is
        await press(pilot, "k", "m", "y")  # merge UV_CACHE into its nearest note
        assert cursor_id(app) == HTTPX


async def test_the_last_draft_accepted_leaves_the_cursor_on_the_new_last(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "G", "a")
        assert cursor_id(app) == ORDER[-2]
        await press(pilot, "g")
        assert cursor_id(app) == UV_CACHE


async def test_shift_j_scrolls_the_detail_while_the_list_keeps_the_focus(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        detail = main_screen(app).query_one("#draft-preview")
        assert detail.max_scroll_y > 0  # at 80x24 the draft does not fit
        await press(pilot, "J")
        assert detail.scroll_y > 0 and app.focused.id == "drafts"
        await press(pilot, "K")
        assert detail.scroll_y == 0


async def test_enter_opens_the_detail_j_scrolls_it_and_escape_comes_back(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        staging = main_screen(app).pane("staging")
        assert app.focused.id == "draft-preview" and staging.has_class("-detail-only")
        assert staging.query_one("#staging-list").region.height == 0  # the detail has the whole pane
        await press(pilot, "j", "j")
        assert staging.query_one("#draft-preview").scroll_y == 2 and cursor_id(app) == UV_CACHE
        await press(pilot, "escape")
        assert app.focused.id == "drafts" and staging.query_one("#staging-list").region.height > 0


async def test_notes_enter_focuses_the_note_and_j_scrolls_it_not_the_search_box(tmp_path):
    kb = demo_kb(tmp_path)
    steps = "\n".join(f"{n}. Step {n} of the long runbook." for n in range(1, 61))
    write_note(kb.note_path("zz-long-runbook"), Note(id="zz-long-runbook", title="Zz long runbook",
                                                      category="workflow", body=f"A long one.\n\n{steps}\n"))
    app = app_on(kb)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "2", "slash", *"runbook", "enter", "enter", "j", "j", "j")
        notes = main_screen(app).pane("notes")
        assert app.focused.id == "note-preview" and notes.query_one("#note-preview").scroll_y == 3
        assert notes.query_one("#notes-search").value == "runbook"  # j scrolled, it typed nothing


async def test_a_key_sent_right_after_a_pane_s_number_reaches_that_pane(tmp_path):
    """`4` then `o` back to back, as a loaded machine delivers them: `o` must cycle autonomy on Dials."""
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("4", "s", "3", "j", "1", "j"):
            app.post_message(events.Key(key, key))
        await settle(pilot)
        assert "sensitivity: high" in kb.config_path.read_text()  # `s` reached Dials
        assert main_screen(app).query_one("#skills-table").cursor_row == 1  # the first `j` reached Skills
        assert main_screen(app).query_one("#panes").active == "staging"
        assert cursor_id(app) == EDITABLE  # the second reached Staging's list


async def test_a_number_pressed_before_its_pane_is_built_still_takes_the_next_key(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("4", "s"):  # before the app has settled: Dials is not built yet
            app.post_message(events.Key(key, key))
        await settle(pilot)
        assert "sensitivity: high" in kb.config_path.read_text()


async def test_a_tab_clicked_with_the_mouse_takes_the_focus_to_its_pane(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#--content-tab-dials")
        await settle(pilot)
        assert main_screen(app).query_one("#panes").active == "dials" and app.focused.id == "dials-pane"
        await press(pilot, "s")
        assert "sensitivity: high" in kb.config_path.read_text()


async def test_text_typed_right_after_slash_lands_in_the_search_box(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("slash", *"dockeq"):  # as a paste or a fast typist delivers them: all at once
            app.post_message(events.Key(key, "/" if key == "slash" else key))
        await settle(pilot)
        assert main_screen(app).query_one("#notes-search").value == "dockeq"  # e did not edit, q did not quit
        assert app.is_running


async def test_digits_and_slash_typed_in_a_field_stay_in_it(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash", *"5433", "slash")
        assert main_screen(app).query_one("#notes-search").value == "5433/"
        assert main_screen(app).query_one("#panes").active == "notes"
