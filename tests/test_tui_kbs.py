"""The Staging pane with a personal KB: each draft's destination shown, `t` flips it, accept honours it."""

from mage_engine.grooming.stage import stage_draft
from mage_engine.kb.init import init_kb
from helpers.tui import SIZE, app_on, main_screen, press, settle, staged_ids

HABIT = "bind-ctrl-r-to-fzf-history-search"
PROJECT = "restart-uvicorn-after-editing-src-api-app-py"


def _kbs(tmp_path, monkeypatch):
    personal = init_kb(tmp_path / "personal").kb
    monkeypatch.setenv("MAGE_PERSONAL_KB", str(personal.root))
    kb = init_kb(tmp_path / "project").kb
    (kb.root / "src" / "api").mkdir(parents=True)
    (kb.root / "src" / "api" / "app.py").write_text("app = None\n")
    stage_draft(kb, title="Bind ctrl-r to fzf history search", body="In ~/.zshrc: source fzf's key bindings.",
                kind="procedure")
    stage_draft(kb, title="Restart uvicorn after editing src/api/app.py", body="The container does not reload it.")
    return kb, personal


def _titles(app) -> dict:
    table = main_screen(app).query_one("#drafts")
    return {draft_id: str(table.get_cell(draft_id, "title")) for draft_id in staged_ids(app)}


async def test_staging_marks_the_drafts_suggested_for_the_personal_kb(tmp_path, monkeypatch):
    kb, _ = _kbs(tmp_path, monkeypatch)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = _titles(app)
        assert titles[HABIT].startswith("[personal] Bind ctrl-r")
        assert titles[PROJECT].startswith("Restart uvicorn")  # names a project file: the project's


async def test_a_accepts_a_suggested_draft_into_the_personal_kb(tmp_path, monkeypatch):
    kb, personal = _kbs(tmp_path, monkeypatch)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert staged_ids(app)[0] == HABIT
        await press(pilot, "a")
        assert personal.note_path(HABIT).exists() and not kb.note_path(HABIT).exists()
        assert HABIT not in staged_ids(app)
        assert f"git -C {personal.root}" in str(main_screen(app).query_one("#command-bar").render())


async def test_t_flips_where_the_draft_goes_and_accept_honours_it(tmp_path, monkeypatch):
    kb, personal = _kbs(tmp_path, monkeypatch)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "t")  # the habit stays with the project after all
        assert not _titles(app)[HABIT].startswith("[personal]")
        await press(pilot, "a")
        assert kb.note_path(HABIT).exists() and not personal.note_path(HABIT).exists()
        await press(pilot, "t")  # the project draft goes to the personal KB instead
        assert _titles(app)[PROJECT].startswith("[personal] ")
        await press(pilot, "a")
        assert personal.note_path(PROJECT).exists() and not kb.note_path(PROJECT).exists()


async def test_without_a_personal_kb_there_is_no_destination_to_flip(tmp_path):
    kb = init_kb(tmp_path / "project").kb
    stage_draft(kb, title="Bind ctrl-r to fzf history search", body="In ~/.zshrc.", kind="procedure")
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not _titles(app)[HABIT].startswith("[personal]")
        assert "to KB" not in str(main_screen(app).query_one("#keys").render())
        await press(pilot, "t", "a")
        assert kb.note_path(HABIT).exists()
