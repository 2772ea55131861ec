"""`L`: every action this session, newest first, each with its git command in full; `y` copies one."""

from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from mage_tui.app.screens.dialog import Dialog
from mage_tui.app.widgets.command_bar import entry_text


class CommandLogScreen(Dialog[str | None]):
    """Dismisses with the command to copy (y or enter), or None (escape)."""

    BINDINGS = [Binding("escape,L,q", "close", "close", id="log.close"),
                Binding("y", "copy", "copy command", id="log.copy"),
                Binding("j", "cursor(1)", show=False, id="log.down"),
                Binding("k", "cursor(-1)", show=False, id="log.up")]

    def __init__(self, log: list):
        super().__init__()
        self.entries = log

    def compose(self):
        with Vertical(classes="dialog dialog-wide", id="log-dialog"):
            yield Static(Content.assemble(Content.styled("Commands this session", "bold $text"),
                                          Content.styled("   newest first · y or enter copies · escape closes",
                                                         "$text-muted")), classes="dialog-title")
            yield OptionList(*[Option(entry_text(e, 1), id=str(i)) for i, e in enumerate(self.entries)],
                             id="log-list")

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0 if self.entries else None

    def action_cursor(self, step: int) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + step) % options.option_count

    def _chosen(self) -> str | None:
        index = self.query_one(OptionList).highlighted
        return self.entries[index].command if index is not None else None

    def action_copy(self) -> None:
        if self._chosen():
            self.dismiss(self._chosen())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_copy()

    def action_close(self) -> None:
        self.dismiss(None)
