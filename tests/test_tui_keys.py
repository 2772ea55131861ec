"""Every key is visible and remappable: footer, `?` help, the command palette, config `keys:`."""

from textual.command import CommandInput, CommandList

from mage_tui.app.commands.palette import SECTION_LABELS, binding_sections, palette_entries
from mage_tui.testing.settle import keys_handled
from helpers.tui import SIZE, UV_CACHE, app_on, demo_kb, main_screen, notes_ids, press, settle, until

DEFAULT_KEYS = {"app.pane.staging": "1", "app.pane.notes": "2", "app.pane.skills": "3", "app.pane.dials": "4",
                "app.pane.recurrence": "5", "move.down": "j", "move.up": "k", "staging.select": "space",
                "staging.accept": "a", "staging.accept_selection": "A", "staging.reject": "r",
                "staging.reject_selection": "R", "staging.merge": "m", "staging.edit": "e", "staging.propose": "p",
                "staging.approve_proposals": "P", "staging.diff": "d", "app.search": "slash",
                "dials.sensitivity": "s", "dials.autonomy": "o", "app.help": "question_mark", "app.quit": "q"}


def palette_hits(app) -> list[str]:
    """The commands the open palette lists, as plain text."""
    hits = app.screen.query_one(CommandList)
    return [str(hits.get_option_at_index(i).prompt).split("\n")[0] for i in range(hits.option_count)]


async def test_the_default_keys_are_spec_section_14(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        keys = {b.id: b.key for _section, _node, bindings in binding_sections(app) for b in bindings}
        assert {binding_id: keys.get(binding_id) for binding_id in DEFAULT_KEYS} == DEFAULT_KEYS


async def test_every_binding_has_an_id_a_tooltip_a_name_and_a_help_line(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        bindings = [b for _section, _node, found in binding_sections(app) for b in found]
        assert all(b.id and b.tooltip and b.description for b in bindings), [b.id for b in bindings]
        await press(pilot, "question_mark")
        shown = str(app.screen.query_one("#help-text").render())
        assert all(b.id in shown and b.description in shown for b in bindings)


async def test_the_palette_names_each_key_as_the_footer_does_and_holds_nothing_else(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = str(main_screen(app).query_one("#keys").render())
        titles = [title for title, _help, _callback in palette_entries(app)]
        assert "a accept" in footer and "Staging: accept" in titles and "Staging: accept selected" not in titles
        assert all(title.split(": ")[0] in SECTION_LABELS.values() for title in titles)
        await press(pilot, "ctrl+p")
        await until(pilot, lambda: isinstance(app.focused, CommandInput))
        await until(pilot, lambda: bool(palette_hits(app)))
        assert all(hit.split(": ")[0] in SECTION_LABELS.values() for hit in palette_hits(app)), palette_hits(app)


async def test_the_palette_lists_pane_commands_and_runs_them(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = [title for title, _help, _callback in palette_entries(app)]
        assert "Staging: accept" in titles and "Dials: autonomy" in titles
        assert "Staging: accept selected" not in titles  # nothing selected: check_action hides it
        await press(pilot, "ctrl+p")
        await until(pilot, lambda: isinstance(app.focused, CommandInput))
        await pilot.press(*"Staging: accept")
        await until(pilot, lambda: palette_hits(app)[:1] == ["Staging: accept"])
        await press(pilot, "enter")
        assert kb.note_path(UV_CACHE).exists()


async def test_keys_are_remapped_from_config_yaml(tmp_path):
    kb = demo_kb(tmp_path)
    with kb.config_path.open("a") as config:
        config.write("keys: {staging.accept: y, dials.sensitivity: 'ctrl+s'}\n")
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "a")
        assert not kb.note_path(UV_CACHE).exists()  # `a` no longer accepts
        await press(pilot, "y")
        assert kb.note_path(UV_CACHE).exists()
        await press(pilot, "4", "ctrl+s")
        assert "sensitivity: high" in kb.config_path.read_text()


async def test_a_malformed_keys_block_is_named_and_the_defaults_kept(tmp_path):
    kb = demo_kb(tmp_path)
    with kb.config_path.open("a") as config:
        config.write("keys: [a, b]\n")
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any("'keys' must be a mapping" in str(n.message) for n in app._notifications)
        await press(pilot, "a")
        assert kb.note_path(UV_CACHE).exists()


async def test_slash_searches_notes_live_as_you_type(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert len(notes_ids(app)) == 13
        await press(pilot, "slash", *"postgres")
        assert main_screen(app).query_one("#panes").active == "notes"
        found = notes_ids(app)
        assert found and found[0] == "local-postgres-port" and len(found) < 13


async def test_q_quits(tmp_path):
    app = app_on(demo_kb(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await keys_handled(app)
        assert app.return_code == 0  # the app exited through `q`, not through the test ending it
