"""Every key as a command-palette entry ("staging: accept draft"), and the list `?` shows.

One table, `binding_sections`, names each section's bindings with the key in
force (after the person's `keys:` remapping); the palette and the help
screen both read it, so neither can forget a key.
"""

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

# Palette titles: a verb phrase after the section name.
TITLES = {
    "app.pane.staging": "go to staging", "app.pane.notes": "go to notes", "app.pane.skills": "go to skills",
    "app.pane.dials": "go to dials", "app.pane.recurrence": "go to recurrence", "app.search": "search notes",
    "app.help": "show every key", "app.quit": "quit",
    "move.down": "move down", "move.up": "move up",
    "staging.select": "select draft for a batch", "staging.accept": "accept draft",
    "staging.accept_selection": "accept selected drafts", "staging.reject": "reject draft",
    "staging.reject_selection": "reject selected drafts", "staging.merge": "merge draft into a note",
    "staging.edit": "edit draft in $EDITOR", "staging.propose": "propose, as the agent",
    "staging.approve_proposals": "approve all proposals", "staging.diff": "diff with nearest note",
    "notes.edit": "open note in $EDITOR", "notes.list": "back to the list",
    "notes.hints": "what was hinted and why",
    "skills.apply": "apply suggestion", "skills.dismiss": "dismiss suggestion",
    "skills.edit": "open skill in $EDITOR",
    "dials.sensitivity": "cycle sensitivity", "dials.autonomy": "cycle autonomy",
    "recurrence.distill": "distill the trail now",
}
PANES = ("staging", "notes", "skills", "dials", "recurrence")


def binding_sections(app) -> list[tuple[str, object, list]]:
    """(section, the node owning the bindings, [Binding]) for the app and each pane."""
    from mage_tui.screens.main import MainScreen

    screens = [s for s in app.screen_stack if isinstance(s, MainScreen)]
    if not screens:
        return []
    main = screens[-1]
    sections = [("app", main, _own(type(main)) + _own(type(app)))]
    from mage_tui.screens.main import pane_class

    for name in PANES:
        sections.append((name, main.pane(name), _own(pane_class(name))))
    return sections


def _own(cls) -> list:
    """Bindings declared on `cls` and its mage base classes (not Textual's own)."""
    found, seen = [], set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("mage_tui"):
            continue
        for binding in klass.__dict__.get("BINDINGS", []):
            if binding.id and binding.id not in seen:
                seen.add(binding.id)
                found.append(binding)
    return found


def key_in_force(app, binding) -> str:
    """The key a person presses for `binding`, after config.yaml's `keys:`."""
    keys = getattr(app, "keymap", {}).get(binding.id, binding.key)
    return ", ".join(app.get_key_display(binding.with_key(k.strip())) for k in keys.split(","))


def palette_entries(app) -> list[tuple[str, str, object]]:
    """(title, help, callback) for every binding that applies right now."""
    entries = []
    for section, node, bindings in binding_sections(app):
        for binding in bindings:
            action = binding.action.split("(")[0]
            if section != "app" and (node is None or node.check_action(action, ()) is False):
                continue
            title = f"{section}: {TITLES.get(binding.id, binding.description)}"
            help_text = f"{binding.tooltip}  (key: {key_in_force(app, binding)})"
            entries.append((title, help_text, partial(app.run_pane_action, section, binding.action)))
    return entries


class MageCommands(Provider):
    """The palette's mage commands: one per key, labelled by pane."""

    async def discover(self) -> Hits:
        for title, help_text, callback in palette_entries(self.app):
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in palette_entries(self.app):
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
