"""Notes search with scores (escape clears, enter opens, results and detail agree); Staging sort and filter."""

from helpers.tui import (EDITABLE, ORDER, RESTART, SIZE, UV_CACHE, app_on, demo_kb,
                               main_screen, notes_ids, press, settle, staged_ids, type_text)


def preview_title(app) -> str:
    view = main_screen(app).query_one("#note-preview")
    return view.shown.doc.head.plain.splitlines()[0] if view.shown else ""


async def test_search_shows_each_result_s_score_best_first(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash", *"postgres port")
        table = main_screen(app).query_one("#notes-table")
        assert [str(c.label) for c in table.columns.values()][0] == "score"
        scores = [float(str(table.get_row_at(i)[0])) for i in range(table.row_count)]
        assert scores and scores == sorted(scores, reverse=True) and all(0 < s <= 1 for s in scores)
        assert notes_ids(app)[0] == "local-postgres-port"


async def test_the_detail_shows_the_top_result_and_follows_the_cursor(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2", "j", "j", "j")  # the preview is on some other note first
        await press(pilot, "slash", *"docker")
        ids = notes_ids(app)
        notes = {n.id: n.title for n in main_screen(app).notes}
        assert preview_title(app) == notes[ids[0]]
        await press(pilot, "enter", "j")  # enter leaves the box for the list
        assert preview_title(app) == notes[ids[1]]


async def test_a_search_with_no_result_leaves_no_note_in_the_detail(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash", *"xylophonequartz")
        assert notes_ids(app) == [] and main_screen(app).query_one("#note-preview").shown is None


async def test_escape_clears_the_search_and_shows_every_note_again(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash", *"postgres")
        assert len(notes_ids(app)) < 13
        await press(pilot, "escape")
        search = main_screen(app).query_one("#notes-search")
        assert search.value == "" and len(notes_ids(app)) == 13 and app.focused.id == "notes-table"
        await press(pilot, "slash", *"docker", "enter", "escape")  # from the list too
        assert search.value == "" and len(notes_ids(app)) == 13


async def test_enter_on_a_result_opens_its_detail(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "slash", *"postgres", "enter", "enter")
        assert app.focused.id == "note-preview" and preview_title(app) == "Local Postgres listens on 5433, not 5432"


async def test_s_sorts_staging_by_age_kind_source_and_similarity(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert staged_ids(app) == ORDER
        caption = lambda: str(main_screen(app).query_one("#staging-caption").render())
        await press(pilot, "s")
        kinds = [r["kind"] for r in sorted(main_screen(app).pane("staging").rows, key=lambda r: r["id"])]
        assert "by kind" in caption() and sorted(kinds) == [main_screen(app).pane("staging").row(i)["kind"]
                                                             for i in staged_ids(app)]
        await press(pilot, "s", "s")
        assert "by similarity" in caption()
        assert staged_ids(app)[:3] == [EDITABLE, UV_CACHE, RESTART]  # .90, .70, .33, then no nearest note
        await press(pilot, "s")
        assert staged_ids(app) == ORDER and "by age" in caption()


async def test_f_filters_staging_and_escape_clears_the_filter(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "f")
        await type_text(pilot, "nudge", "enter")  # the drafts the boundary nudge staged
        assert staged_ids(app) == [EDITABLE, RESTART] and app.focused.id == "drafts"
        caption = str(main_screen(app).query_one("#staging-caption").render())
        assert f"2 of {len(ORDER)} drafts" in caption and "filter “nudge”" in caption
        await press(pilot, "escape")
        assert staged_ids(app) == ORDER
