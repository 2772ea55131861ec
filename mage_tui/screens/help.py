"""`?`: every key, by pane, with its binding id for remapping in config.yaml."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from mage_tui.commands import TITLES, binding_sections, key_in_force
from mage_tui.screens.dialog import Dialog

INTRO = "Arrows work wherever j/k do · remap in mage/config.yaml: keys: {staging.accept: y} · ctrl+p: every command"


class HelpScreen(Dialog[None]):
    """A scrollable list of every binding: key, what it does, binding id."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "close", id="help.close"),
                Binding("j,down", "scroll(1)", show=False, id="help.down"),
                Binding("k,up", "scroll(-1)", show=False, id="help.up")]

    def compose(self):
        with Vertical(classes="dialog dialog-wide"):
            yield Static(Content.assemble(Content.styled("mage keys", "bold $text"),
                                          Content.styled("   escape, ? or q closes", "$text-muted")),
                         classes="dialog-title")
            with VerticalScroll(id="help-keys", can_focus=False):
                with Horizontal(id="help-columns"):
                    left, right = self._columns()
                    yield Static(left, classes="help-column")
                    yield Static(right, classes="help-column")
            yield Static(Content.styled(INTRO, "$text-muted"), classes="dialog-hint")

    def _columns(self) -> tuple[Content, Content]:
        """Everywhere, Dials and Recurrence on the left; Staging, Notes and Skills on the right."""
        sections = {name: bindings for name, _node, bindings in binding_sections(self.app)}
        moves = [b for b in sections.get("staging", []) if b.id.startswith("move.")]
        sections = {name: [b for b in bindings if not b.id.startswith("move.")] for name, bindings in sections.items()}
        sections["everywhere"] = sections.pop("app", []) + moves
        left = [self._section(n, sections.get(n, [])) for n in ("everywhere", "dials", "recurrence")]
        right = [self._section(n, sections.get(n, [])) for n in ("staging", "notes", "skills")]
        return Content("\n").join(left), Content("\n").join(right)

    def _section(self, name: str, bindings: list) -> Content:
        lines = [Content.styled(f"{name}\n", "bold $text-accent")]
        for binding in bindings:
            key = key_in_force(self.app, binding)
            title = TITLES.get(binding.id, binding.description)
            lines.append(Content.assemble(
                Content.styled(f"{key:<6}", "bold $text-secondary"), Content.styled(f"{title:<25}", "$text"),
                Content.styled(f"{binding.id}", "$text-muted"), Content("\n")))
        return Content.assemble(*lines)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-keys").scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
