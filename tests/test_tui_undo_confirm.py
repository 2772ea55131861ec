"""`u` undoes the last accept, reject or merge; what widens the agent's power asks first, lowering never."""

import json
import subprocess

from mage_engine.kb.autonomy_confirm import confirm
from mage_engine.kb.notes import read_note
from helpers.process import git
from helpers.tui import (EDITABLE, HTTPX, SIZE, UV_CACHE, app_on, demo_kb, main_screen, press, settle,
                               staged_ids, type_text)


def cursor_id(app) -> str:
    table = main_screen(app).query_one("#drafts")
    return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value


async def test_u_after_accept_puts_the_draft_back_and_removes_the_note(tmp_path):
    kb = demo_kb(tmp_path)
    index_before = kb.index_md.read_text()
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "a")
        assert kb.note_path(EDITABLE).exists() and cursor_id(app) == HTTPX
        await press(pilot, "u")
        assert not kb.note_path(EDITABLE).exists() and kb.draft_path(EDITABLE).exists()
        assert kb.index_md.read_text() == index_before
        assert EDITABLE in staged_ids(app) and cursor_id(app) == EDITABLE  # the cursor on the draft that came back
        assert "undid the accept of " + EDITABLE in str(main_screen(app).query_one("#command-bar").render())


async def test_u_after_reject_and_merge(tmp_path):
    kb = demo_kb(tmp_path)
    note_before = kb.note_path("gha-uv-cache-key").read_text()
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m", "y")
        assert kb.note_path("gha-uv-cache-key").read_text() != note_before
        await press(pilot, "u")
        assert kb.note_path("gha-uv-cache-key").read_text() == note_before and kb.draft_path(UV_CACHE).exists()
        await press(pilot, "r")
        await type_text(pilot, "no", "enter")
        assert kb.rejected_path.exists()
        await press(pilot, "u")
        assert not kb.rejected_path.exists() and kb.draft_path(UV_CACHE).exists()
        assert "undo" not in str(main_screen(app).query_one("#keys").render())  # nothing left to undo


async def test_u_refuses_once_the_person_committed_and_says_why(tmp_path):
    kb = demo_kb(tmp_path)
    git(kb.root, "init", "-q", "-b", "main")
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a")
        command = main_screen(app).history[0].command
        subprocess.run(command, shell=True, cwd=kb.root, check=True, capture_output=True,
                       env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                            "GIT_COMMITTER_EMAIL": "t@t", "PATH": "/usr/bin:/bin:/usr/local/bin"})
        await press(pilot, "u")
        assert kb.note_path(UV_CACHE).exists() and not kb.draft_path(UV_CACHE).exists()
        assert any("is committed" in n.message for n in app._notifications)


async def test_raising_autonomy_asks_and_says_what_the_level_permits(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "4", "o")
        body = str(app.screen.query_one(".dialog-body").render())
        assert "operator → approver" in body and "propose accept/reject" in body
        await press(pilot, "n")
        assert "autonomy: operator" in kb.config_path.read_text()
        await press(pilot, "o", "y", "o", "y")
        assert "autonomy: overseer" in kb.config_path.read_text()
        await press(pilot, "o")  # overseer → operator lowers it: no question
        assert "autonomy: operator" in kb.config_path.read_text()
        assert app.screen is main_screen(app)


async def test_approving_every_proposal_lists_them_first_and_n_changes_nothing(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "P")
        body = str(app.screen.query_one(".dialog-body").render())
        assert "accept" in body and "Mock outbound HTTP with httpx.MockTransport" in body
        assert "Approve 1 proposal?" in str(app.screen.query_one(".dialog-title").render())
        await press(pilot, "n")
        assert kb.draft_path(HTTPX).exists() and not kb.note_path(HTTPX).exists()


async def test_the_agent_at_operator_is_not_offered_what_it_may_not_do(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb, actor="agent")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = str(main_screen(app).query_one("#keys").render())
        assert "accept" not in footer and "reject" not in footer and "merge" not in footer
        assert "edit" in footer
        from mage_tui.app.commands.palette import palette_entries

        titles = [t for t, _h, _c in palette_entries(app)]
        assert "Staging: accept" not in titles and "Staging: edit" in titles
        await press(pilot, "a")  # the key still answers, with the reason
        assert any("refused to the agent" in n.message for n in app._notifications)
        assert not kb.note_path(UV_CACHE).exists()


async def test_the_agent_at_overseer_is_offered_accept(tmp_path):
    kb = demo_kb(tmp_path)
    kb.config_path.write_text(kb.config_path.read_text().replace("autonomy: operator", "autonomy: overseer"))
    confirm(kb, "overseer")  # what a person's `mage dial autonomy overseer` records on this machine
    app = app_on(kb, actor="agent")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "accept" in str(main_screen(app).query_one("#keys").render())
        await press(pilot, "a")
        assert kb.note_path(UV_CACHE).exists()
        assert read_note(kb.note_path(UV_CACHE)).title.startswith("Add the Python version")
        assert json.loads((kb.state_dir / "undo.json").read_text())["stack"][-1]["action"] == "accept"
