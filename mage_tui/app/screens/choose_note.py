"""Choose the note a draft merges into: type to filter, enter to pick."""

from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from mage_tui.format import clip
from mage_tui.app.screens.dialog import Dialog

SHOWN = 200


class ChooseNoteScreen(Dialog[str | None]):
    """Dismisses with a note id, or None on escape."""

    BINDINGS = [Binding("escape", "cancel", "cancel", id="choose.cancel"),
                Binding("down", "focus_list", show=False, id="choose.list")]

    def __init__(self, draft_title: str, notes: list):
        super().__init__()
        self.draft_title, self.notes = draft_title, notes

    def compose(self):
        with Vertical(classes="dialog dialog-tall"):
            yield Static(Content.styled(f"Merge “{clip(self.draft_title, 60)}” into which note?", "bold $text"),
                         classes="dialog-title")
            yield Input(placeholder="filter notes", id="choose-filter")
            yield OptionList(id="choose-list")
            yield Static(Content.styled("enter picks · ↓ to the list · escape cancels", "$text-muted"),
                         classes="dialog-hint")

    def on_mount(self) -> None:
        self._fill("")

    def _fill(self, text: str) -> None:
        words = text.lower().split()
        chosen = [n for n in self.notes if all(w in f"{n.id} {n.title}".lower() for w in words)][:SHOWN]
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(f"{clip(n.title, 56)}  ·  {n.id}", id=n.id) for n in chosen])
        options.highlighted = 0 if chosen else None

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.dismiss(options.get_option_at_index(options.highlighted).id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_focus_list(self) -> None:
        self.query_one(OptionList).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
