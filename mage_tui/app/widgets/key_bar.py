"""The footer: the keys that apply right now, as many as fit, whole words only.

Textual's Footer clips at the right edge (at 80 columns, mid-word). This bar
reads the screen's active bindings (public `Screen.active_bindings`), keeps
only what the actor may do (an agent at operator is not offered accept),
groups keys that share a label (`a/A accept`), and when the width runs out
drops the least important entries first (RANK) and says `? more keys`.
"""

from textual.content import Content
from textual.widgets import Static

from mage_tui.app.commands.palette import allowed

# Lower ranks stay longest on a narrow terminal; unlisted bindings rank 50.
RANK = {"app.help": 0, "staging.accept": 1, "staging.reject": 2, "staging.merge": 3, "app.undo": 4,
        "staging.edit": 5, "notes.edit": 5, "skills.edit": 5, "skills.apply": 1, "skills.dismiss": 2,
        "dials.sensitivity": 1, "dials.autonomy": 2, "recurrence.distill": 1, "notes.clear": 1,
        "notes.list": 1, "notes.open": 3, "staging.open": 9, "staging.select": 6, "staging.diff": 7,
        "staging.propose": 8, "app.copy": 8, "move.down": 10, "staging.filter": 11, "staging.sort": 12,
        "app.pane.staging": 13, "app.search": 14, "app.log": 15, "app.quit": 16, "detail.back": 1}


class KeyBar(Static):
    """One line of `key label` pairs for the focused pane and the app."""

    DEFAULT_CSS = """
    KeyBar { height: 1; width: 1fr; background: $panel; padding: 0 1; }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._due = False
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self.show_keys()

    def _bindings_changed(self, screen) -> None:
        if screen is self.screen and not self._due:  # many changes in one frame: one redraw after it
            self._due = True
            # scheduled with the app, which outlives a dialog's bar: a callback left in a closed
            # widget's queue would never run, and its count would never end
            self.app.activity.after_refresh(self.app, self.show_keys)

    def show_keys(self) -> None:
        """Draw the keys for the bindings in force now, fitted to the width."""
        self._due = False
        if not self.is_attached:  # its screen closed (a dialog answered) before the redraw came round
            return
        entries = self.entries()
        self.update(fit(entries, max(0, self.content_region.width)))

    def entries(self) -> list[tuple[int, str, str]]:
        """(rank, keys, label) per footer entry, in the order the bindings are declared."""
        groups: dict = {}
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not binding.show or not active.enabled or not allowed(self.screen, binding):
                continue
            label = binding.group.description if binding.group else binding.description
            slot = groups.setdefault(binding.group or binding.id, [RANK.get(binding.id, 50), [], label])
            slot[0] = min(slot[0], RANK.get(binding.id, 50))
            display = self.app.get_key_display(binding)
            if display not in slot[1]:
                slot[1].append(display)
        return [(rank, _joined(keys), label) for rank, keys, label in groups.values()]


def _joined(keys: list[str]) -> str:
    """'jk', 'a/A', '1-5': how a group's keys read."""
    if len(keys) > 2 and all(k.isdigit() for k in keys):
        return f"{keys[0]}-{keys[-1]}"
    return "/".join(keys)


def fit(entries: list[tuple[int, str, str]], width: int) -> Content:
    """The entries that fit in `width` cells, dropping the highest ranks first; never a word cut."""
    kept = list(entries)
    while kept and _width(kept, len(kept) < len(entries)) > width:
        kept.remove(max(kept, key=lambda e: (e[0], kept.index(e))))
    parts = []
    for rank, keys, label in kept:
        if label == "help" and len(kept) < len(entries):
            label = "more keys"
        parts += [Content.styled(keys, "bold $text-accent"), Content.styled(f" {label}", "$text"),
                  Content("  ")]
    return Content.assemble(*parts[:-1]) if parts else Content("")


def _width(entries: list, dropped: bool) -> int:
    text = sum(len(keys) + 1 + len(label) for _rank, keys, label in entries) + 2 * (len(entries) - 1)
    return text + (len("more keys") - len("help") if dropped else 0)
