"""The Maintenance pane (7): the proposals with their evidence; m merges, x dismisses (and it stays
dismissed), r retires; its snapshot."""

from mage_tui.testing.maintenance_demo import prepare_maintenance
from helpers.tui import SIZE, app_on, demo_kb, main_screen, press, settle


def prepared(tmp_path):
    kb = demo_kb(tmp_path)
    prepare_maintenance(kb)
    return kb


def kinds(app):
    return [p["kind"] for p in main_screen(app).pane("maintenance").proposals]


async def test_seven_shows_the_proposals_and_x_dismisses_for_good(tmp_path):
    kb = prepared(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "7")
        pane = main_screen(app).pane("maintenance")
        assert sorted(kinds(app)) == ["index", "merge", "summary"]
        detail = str(pane.query_one("#proposal-detail").render())
        assert "similarity" in detail and "m merges them" in detail
        await press(pilot, "G")  # the last: the summary proposal
        assert pane.current()["kind"] == "summary"
        await press(pilot, "x")
        assert sorted(kinds(app)) == ["index", "merge"]
    assert '"key": "summary:deploy-freeze-dates"' in (kb.root / "mage/dismissed.jsonl").read_text()
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:  # a new session: still dismissed
        await settle(pilot)
        await press(pilot, "7")
        assert sorted(kinds(app)) == ["index", "merge"]


async def test_m_merges_the_duplicates_and_the_log_says_so(tmp_path):
    kb = prepared(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "7")
        pane = main_screen(app).pane("maintenance")
        assert pane.current()["kind"] == "merge"
        await press(pilot, "m")
        assert "merge" not in kinds(app) and "index" not in kinds(app)  # the merge rewrote INDEX.md too
        assert main_screen(app).history[0].command.startswith("git add ")
    assert (kb.root / "mage/archive/uv-cache-key-lockfile.md").exists()
    assert not (kb.notes_dir / "uv-cache-key-lockfile.md").exists()


def test_the_maintenance_pane_snapshot(snap_compare, tmp_path):
    app = app_on(prepared(tmp_path))

    async def run_before(pilot):
        await settle(pilot)
        await pilot.press("7")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
