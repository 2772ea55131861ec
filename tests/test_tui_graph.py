"""The Graph view (`6`): the same graph as `mage session graph`, line for line, read-only."""

import subprocess

from helpers.process import run_mage
from mage_engine.recall.procedure.demo import seed_graph
from helpers.tui import SIZE, app_on, demo_kb, press, settle


async def test_6_shows_what_mage_session_graph_prints(tmp_path):
    kb = demo_kb(tmp_path)
    seed_graph(kb)
    printed = run_mage("session", "graph", cwd=kb.root)
    assert printed.returncode == 0, printed.stderr
    app = app_on(kb)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await press(pilot, "6")
        await app.activity.wait_idle()
        body = app.screen.query_one("#graph-body").render()
        assert str(body) == printed.stdout.rstrip("\n")
        assert "  → deploy — when the suite is green; do run make deploy from a clean tree; avoid deploying " \
               "without KUBECONFIG set [2 ok / 1 failed] (test-to-deploy-when-green)" in str(body)
        assert "test   ← open: demo-graph-open" in str(body)
        await press(pilot, "escape")
        assert not app.screen.query("#graph-body")


async def test_the_graph_view_says_how_to_start_one(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "6")
        await app.activity.wait_idle()
        assert "No steps yet" in str(app.screen.query_one("#graph-body").render())


async def test_the_palette_offers_the_graph(tmp_path):
    from mage_tui.app.commands.palette import binding_sections

    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ids = [binding.id for _, _, bindings in binding_sections(app) for binding in bindings]
        assert "app.graph" in ids
