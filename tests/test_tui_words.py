"""Words and marks: every one reads right and is explained in `?`; long work shows it is working."""

import datetime as dt

from mage_engine.grooming.stage import stage_draft
from mage_engine.kb.notes import Note, write_note
from helpers.tui import SIZE, app_on, demo_kb, main_screen, press, settle
from helpers.process import run_mage


async def test_a_draft_staged_this_minute_reads_staged_just_now(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    app.service.clock = lambda: dt.datetime(2026, 3, 11, 8, 0, 30, tzinfo=dt.timezone.utc)  # 30 s after UV_CACHE
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        head = str(main_screen(app).query_one("#draft-head").render())
        assert "staged just now" in head and "now ago" not in head


async def test_a_perfect_duplicate_reads_1_00_in_the_list(tmp_path):
    kb = demo_kb(tmp_path)
    staged = stage_draft(kb, title="Run pytest only after an editable install, again",
                         body="Imports of the `acme` package fail under pytest with `ModuleNotFoundError: No module "
                              "named 'acme'` unless the package is installed editable into the venv.\n\n## Procedure\n"
                              "1. `pip install -e '.[test]'`\n2. `pytest -q`\n\n## Pointers\n- pyproject.toml")
    path = kb.draft_path(staged.id)
    path.write_text(path.read_text().replace(f"similarity: {staged.nearest['similarity']}", "similarity: 1.0"))
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        row = main_screen(app).query_one("#drafts").get_row(staged.id)
        assert str(row[-1]) == "1.00"


async def test_the_skills_detail_keeps_labels_and_values_apart(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "3")
        head = str(main_screen(app).query_one("#skill-head").render())
        assert "from note  release-checklist" in head and "from_note" not in head


async def test_help_explains_every_mark_the_app_draws(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        text = str(app.screen.query_one("#help-text").render())
        for mark in ("●", "→", "⇢accept", "⚠", "⟳", "sim", "score", "▶", "╱"):
            assert mark in text, mark
        view = app.screen.query_one("#help-keys")
        assert view.max_scroll_y > 0  # at 80x24 it scrolls rather than being cut off
        await press(pilot, "space")
        assert view.scroll_y > 0
        assert app.screen.query_one("#help-dialog").region.right <= 80


async def test_distill_shows_it_is_working_and_says_when_it_is_done(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "5")
        screen, busy = main_screen(app), []
        screen.watch(screen, "busy", lambda value: busy.append(value), init=False)
        await press(pilot, "d")
        assert busy[0] == "distilling the trail" and busy[-1] == ""
        assert any(n.title == "trail folded again" and "signatures" in n.message for n in app._notifications)


async def test_a_note_over_256_kb_previews_its_first_part_and_says_so(tmp_path):
    kb = demo_kb(tmp_path)
    paragraph = "A line about caches, keys and lockfiles in CI, repeated to make a huge note.\n\n"
    write_note(kb.note_path("aaa-huge-note"), Note(id="aaa-huge-note", title="Aaa huge note", category="human",
                                                   body=paragraph * 8000))  # about 600 KB
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen, busy = main_screen(app), []
        screen.watch(screen, "busy", lambda value: busy.append(value), init=False)
        await press(pilot, "2")
        rendered = screen.query_one("#note-preview").shown
        assert rendered.doc.head.plain.splitlines()[0] == "Aaa huge note"
        assert "the preview shows its first 256 KB" in rendered.doc.head.plain and "e opens the whole note" in \
            rendered.doc.head.plain
        assert len(rendered.doc.body.encode()) < 260 * 1024
        assert any(value.startswith("rendering a ") for value in busy)


def test_cli_words_read_right(kb):
    run_mage("stage", "--title", "Only one", "--body", "A single note, so the count is singular.", cwd=kb.root)
    run_mage("groom", "--accept", "only-one", cwd=kb.root)
    assert "indexed 1 note;" in run_mage("index", cwd=kb.root).stdout
    run_mage("stage", "--title", "Rejected one", "--body", "This one is rejected and must not come back.",
             cwd=kb.root)
    run_mage("groom", "--reject", "rejected-one", "--reason", "noise", cwd=kb.root)
    again = run_mage("stage", "--title", "Rejected one", "--body", "This one is rejected and must not come back.",
                     cwd=kb.root).stdout
    assert "not staged: rejected before, as 'rejected-one' (reason: noise)" in again
