"""The hints view (`h` on Notes): recent hint decisions from the ledger, with reasons, read-only."""

from helpers.hook import run_hook
from helpers.recall import prompt_payload
from helpers.tui import SIZE, app_on, demo_kb, press, settle


async def test_h_on_notes_shows_what_was_hinted_and_why(tmp_path):
    kb = demo_kb(tmp_path)
    for prompt in ("the uv cache in CI keeps missing after we bumped python", "write a haiku about autumn"):
        assert run_hook("UserPromptSubmit", prompt_payload(kb, prompt, "s-tui")).returncode == 0
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2", "h")
        await app.activity.wait_idle()
        body = str(app.screen.query_one("#hints-body").render())
        assert "write a haiku about autumn" in body and "silent:" in body
        assert "the uv cache in CI keeps missing" in body and "floor 0.50" in body
        ledger = kb.ledger_path.read_text()
        await press(pilot, "escape")
        assert not app.screen.query("#hints-body")
        assert kb.ledger_path.read_text() == ledger  # the view writes nothing


async def test_the_hints_view_says_when_nothing_was_decided_yet(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "2", "h")
        await app.activity.wait_idle()
        assert "No hint decisions yet" in str(app.screen.query_one("#hints-body").render())
