"""A layout that fits any terminal: 80×24 stacks the detail under the list; wider ones share the width."""

import pytest

from helpers.tui import ORDER, app_on, demo_kb, main_screen, press, settle

SIZES = [(80, 24), (120, 36), (200, 50)]


def title_width(app, table_id: str) -> int:
    table = main_screen(app).query_one(f"#{table_id}")
    return next(c.width for c in table.columns.values() if str(c.key.value) == "title")


@pytest.mark.parametrize("size", SIZES)
async def test_the_list_and_the_detail_both_get_room(tmp_path, size):
    width, height = size
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        listed = main_screen(app).query_one("#staging-list").region
        detail = main_screen(app).query_one("#staging-side").region
        if width < 100:  # stacked: each has the whole width
            assert listed.width == detail.width == width and detail.y > listed.y and detail.height >= 8
        else:  # side by side, sharing the width
            assert listed.width >= 40 and detail.width >= width // 2 - 2 and detail.x >= listed.right
        assert title_width(app, "drafts") >= 24


async def test_titles_widen_with_the_terminal(tmp_path):
    widths = []
    for size in ((120, 36), (160, 40), (200, 50)):
        app = app_on(demo_kb(tmp_path / f"w{size[0]}"))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            widths.append(title_width(app, "drafts"))
    assert widths == sorted(widths) and widths[1] > 30 and widths[2] >= 55


async def test_the_title_column_follows_a_resize(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        wide = title_width(app, "drafts")
        await pilot.resize_terminal(120, 36)
        await settle(pilot)
        assert title_width(app, "drafts") < wide and main_screen(app).query_one("#drafts").row_count == len(ORDER)


@pytest.mark.parametrize("size", SIZES)
async def test_the_top_bar_and_the_key_bar_fit_in_whole_words_on_every_pane(tmp_path, size):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for pane in "12345":
            await press(pilot, pane)
            screen = main_screen(app)
            keys = screen.query_one("#keys")
            text = str(keys.render())
            assert len(text) <= keys.content_region.width and text.split()[-1] in ("help", "keys", "quit"), text
            top = str(screen.query_one("#topbar-left").render()) + str(screen.query_one("#topbar-right").render())
            assert len(top) <= size[0] and "mage" in top
            if size[0] >= 120:
                assert "sensitivity" in top and "autonomy" in top


async def test_the_first_diff_uses_the_whole_width_at_once(tmp_path):
    """The first `d` drew each side about 20 columns wide with 40 free until the cursor moved."""
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await press(pilot, "d")
        view = main_screen(app).query_one("#draft-diff")
        left = main_screen(app).query_one("#diff-left")
        lines = str(left.render()).splitlines()
        assert view.column_width() >= 30 and {len(line) for line in lines} == {view.column_width()}
