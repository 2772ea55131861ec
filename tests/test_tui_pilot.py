"""The app driven by its keys (docs/tui.md#keys), asserting on the files each action writes."""

import json

from mage_engine.kb.notes import read_note
from helpers.tui import (BASTION, COMMITS, EDITABLE, HTTPX, ORDER, SIZE, UV_CACHE, app_on, demo_kb,
                               main_screen, merge_first_draft_into_docker_desktop, press, settle, staged_ids,
                               type_text, until)


async def test_the_app_opens_on_staging_with_the_batch_oldest_first(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert staged_ids(app) == ORDER
        assert main_screen(app).query_one("#panes").active == "staging"


async def test_a_accepts_the_draft_into_a_note_and_shows_the_git_command(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a")
        note = read_note(kb.note_path(UV_CACHE))
        assert note.title == "Add the Python version to the uv cache key" and note.draft is None
        assert not kb.draft_path(UV_CACHE).exists()
        assert UV_CACHE not in staged_ids(app)
        result = str(main_screen(app).query_one("#command-bar").render())
        assert f"git add mage/notes/{UV_CACHE}.md" in result and "accepted" in result


async def test_r_asks_a_reason_and_writes_the_rejected_ledger(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "r")
        await type_text(pilot, "covered by a note", "enter")
        entries = [json.loads(line) for line in kb.rejected_path.read_text().splitlines()]
        assert [(e["id"], e["reason"], e["by"]) for e in entries] == [(EDITABLE, "covered by a note", "person")]
        assert entries[0]["fingerprint"]
        assert not kb.draft_path(EDITABLE).exists()


async def test_escape_on_the_reason_cancels_the_reject(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "r", "escape")
        assert kb.draft_path(UV_CACHE).exists() and not kb.rejected_path.exists()


async def test_space_selects_and_shift_a_accepts_the_selection(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "space", "j", "space", "A")  # select the 1st; space moves down, so j skips the 2nd
        assert kb.note_path(UV_CACHE).exists() and kb.note_path(HTTPX).exists()
        assert kb.draft_path(EDITABLE).exists()
        assert staged_ids(app) == [EDITABLE, BASTION, COMMITS, *ORDER[5:]]


async def test_shift_r_rejects_the_selection_after_one_confirmation(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "space", "space", "R")
        assert "Reject 2 drafts?" in str(app.screen.query_one(".dialog-title").render())
        await type_text(pilot, "one-offs", "enter")
        rejected = [json.loads(line)["id"] for line in kb.rejected_path.read_text().splitlines()]
        assert rejected == [UV_CACHE, EDITABLE]
        assert staged_ids(app) == ORDER[2:]


async def test_m_merges_into_the_nearest_note_after_showing_it(tmp_path):
    kb = demo_kb(tmp_path)
    before = read_note(kb.note_path("pytest-needs-editable-install"))
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j", "m")
        assert "mage/notes/pytest-needs-editable-install.md" in str(app.screen.query_one("#merge-title").render())
        await press(pilot, "y")
        after = read_note(kb.note_path("pytest-needs-editable-install"))
        assert "uv run pytest" in after.body and "uv run pytest" not in before.body
        assert not kb.draft_path(EDITABLE).exists()


async def test_m_then_c_merges_into_a_chosen_note(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m", "c")
        await merge_first_draft_into_docker_desktop(pilot, app, kb)


async def test_cancelling_the_merge_changes_nothing(tmp_path):
    kb = demo_kb(tmp_path)
    text = kb.note_path("gha-uv-cache-key").read_text()
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "m", "escape")
        assert kb.note_path("gha-uv-cache-key").read_text() == text and kb.draft_path(UV_CACHE).exists()


async def test_dial_keys_write_config_yaml(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "4", "s")
        assert "sensitivity: high" in kb.config_path.read_text()
        await press(pilot, "o", "y")  # raising autonomy asks first
        assert "autonomy: approver" in kb.config_path.read_text()
        top = str(main_screen(app).query_one("#topbar-left").render())
        assert "autonomy approver" in top and "K 2 · M 4" in top


async def test_the_agent_is_refused_accept_at_operator_and_told_why(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb, actor="agent")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "agent" in str(main_screen(app).query_one("#topbar-left").render())
        await press(pilot, "a")
        assert kb.draft_path(UV_CACHE).exists() and not kb.note_path(UV_CACHE).exists()
        assert any("refused to the agent" in str(n.message) for n in app._notifications)


async def test_p_proposes_and_shift_p_approves_every_proposal(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "p", "r")
        await type_text(pilot, "a one-off", "enter")
        proposal = read_note(kb.draft_path(UV_CACHE)).draft["proposal"]
        assert (proposal["verdict"], proposal["reason"], proposal["by"]) == ("reject", "a one-off", "person")
        await press(pilot, "P", "y")  # approving every proposal asks first
        assert kb.note_path(HTTPX).exists()  # the demo's agent proposed accepting it
        assert json.loads(kb.rejected_path.read_text().splitlines()[0])["id"] == UV_CACHE
        assert UV_CACHE not in staged_ids(app) and HTTPX not in staged_ids(app)


async def test_e_opens_editor_and_the_app_rereads_the_draft(tmp_path, monkeypatch):
    kb = demo_kb(tmp_path)
    monkeypatch.setenv("EDITOR", "sed -i 's/Add the Python version/Add the Python minor version/'")
    monkeypatch.delenv("VISUAL", raising=False)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "e")
        assert read_note(kb.draft_path(UV_CACHE)).title == "Add the Python minor version to the uv cache key"
        row = main_screen(app).query_one("#drafts").get_row(UV_CACHE)
        assert "minor version" in str(row[1])
        assert not app._notifications or not any("internal error" in str(n.message) for n in app._notifications)


async def test_a_draft_staged_from_outside_appears_without_restart(tmp_path):
    from helpers.process import run_mage

    kb = demo_kb(tmp_path)
    app = app_on(kb, poll_seconds=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        staged = run_mage("stage", "--kb", kb.root, "--title", "Seed data needs the admin role first",
                          "--body", "make seed fails with a foreign key error until the admin role exists.")
        assert staged.returncode == 0, staged.stderr
        # the watcher looks every 0.1 s: wait (bounded) for its next look to bring the draft in
        await until(pilot, lambda: "seed-data-needs-the-admin-role-first" in staged_ids(app))
