"""A typed confirmation modal: destructive steps (merge, batch reject) ask first."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from mage_tui.app.screens.dialog import Dialog


class ConfirmScreen(Dialog[str | None]):
    """Asks one question; dismisses with the chosen value, or None on escape."""

    BINDINGS = [Binding("escape", "cancel", "cancel", id="confirm.cancel")]

    def __init__(self, title: str, body: Content | str, choices: list[tuple[str, str, str, str]]):
        """`choices`: (value, key, label, button variant), the first is the default (enter)."""
        super().__init__()
        self.title_text, self.body, self.choices = title, body, choices

    def compose(self):
        with Vertical(classes="dialog"):
            yield Static(Content.styled(self.title_text, "bold $text"), classes="dialog-title")
            yield Static(self.body, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                for value, key, label, variant in self.choices:
                    yield Button(f"{label} [{key}]", id=f"choice-{value}", variant=variant)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_key(self, event) -> None:
        for value, key, _label, _variant in self.choices:
            if event.key == key or event.character == key:
                event.stop()
                self.dismiss(value)
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id.removeprefix("choice-"))

    def action_cancel(self) -> None:
        self.dismiss(None)
