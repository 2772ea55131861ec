"""Every key as a command-palette entry, named as the footer names it ("Staging: accept"), and the list `?` shows.

One table, `binding_sections`, names each section's bindings with the key in
force (after the person's `keys:` remapping); the palette, the help screen
and the footer all read it and the bindings' own descriptions, so no two of
them can call a key by different names or forget one. What the acting
agent may not do (`allowed`) is neither in the footer nor in the palette;
pressing its key still says why it is refused.
"""

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

PANES = ("staging", "notes", "skills", "dials", "recurrence", "maintenance")
SECTION_LABELS = {"app": "App", "staging": "Staging", "notes": "Notes", "skills": "Skills", "dials": "Dials",
                  "recurrence": "Recurrence", "maintenance": "Maintenance"}
# binding id -> the engine action the autonomy dial rules on (mage_engine.grooming.autonomy)
ENGINE_ACTIONS = {"staging.accept": "accept", "staging.accept_selection": "accept", "staging.reject": "reject",
                  "staging.reject_selection": "reject", "staging.merge": "merge", "staging.propose": "propose",
                  "staging.approve_proposals": "approve-proposals", "app.undo": "undo",
                  "dials.autonomy": "set-autonomy", "maintenance.merge": "merge", "maintenance.retire": "retire",
                  "maintenance.dismiss": "dismiss"}


def binding_sections(app) -> list[tuple[str, object, list]]:
    """(section, the node owning the bindings, [Binding]) for the app and each pane."""
    # the main screen, found by what it offers: importing it would close a circle (its help imports this)
    screens = [s for s in app.screen_stack if hasattr(s, "pane_class")]
    if not screens:
        return []
    main = screens[-1]
    sections = [("app", main, _own(type(main)) + _own(type(app)))]
    for name in PANES:
        sections.append((name, main.pane(name), _own(main.pane_class(name))))
    return sections


def _own(cls) -> list:
    """Bindings in force on `cls` from it and its mage base classes (not Textual's own), as Textual
    merges them: a subclass's binding for a key replaces its base's."""
    by_key: dict = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__.startswith("mage_tui"):
            for binding in klass.__dict__.get("BINDINGS", []):
                if binding.id:
                    by_key[binding.key] = binding
    ids = list(dict.fromkeys(b.id for b in by_key.values()))
    return [next(b for b in by_key.values() if b.id == i) for i in ids]


def allowed(screen, binding) -> bool:
    """May the actor do what `binding` does? (Only the agent is ever refused, by the autonomy dial.)"""
    action = ENGINE_ACTIONS.get(binding.id)
    permits = getattr(screen, "permits", None)
    return action is None or permits is None or permits(action)


def key_in_force(app, binding) -> str:
    """The key a person presses for `binding`, after config.yaml's `keys:`."""
    keys = getattr(app, "keymap", {}).get(binding.id, binding.key)
    return ", ".join(app.get_key_display(binding.with_key(k.strip())) for k in keys.split(","))


def title(section: str, binding) -> str:
    """The palette's name for a binding: its section, then the footer's word for it."""
    return f"{SECTION_LABELS[section]}: {binding.description}"


def palette_entries(app) -> list[tuple[str, str, object]]:
    """(title, help, callback) for every binding that applies right now and the actor may use."""
    entries = []
    for section, node, bindings in binding_sections(app):
        for binding in bindings:
            action = binding.action.split("(")[0]
            if node is None or node.check_action(action, ()) is False:
                continue
            if not allowed(node.screen if node is not None else app.screen, binding):
                continue
            help_text = f"{binding.tooltip}  (key: {key_in_force(app, binding)})"
            entries.append((title(section, binding), help_text, partial(app.run_pane_action, section, binding.action)))
    return entries


class MageCommands(Provider):
    """The palette's mage commands: one per key, labelled by pane."""

    async def discover(self) -> Hits:
        for name, help_text, callback in palette_entries(self.app):
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in palette_entries(self.app):
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
