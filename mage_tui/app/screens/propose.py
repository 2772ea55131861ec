"""Propose a verdict as the agent would: accept or reject, with a reason."""

from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Static

from mage_tui.app.screens.dialog import Dialog


class ProposeScreen(Dialog[tuple[str, str] | None]):
    """First `a` or `r` picks the verdict, then a reason; dismisses with (verdict, reason)."""

    AUTO_FOCUS = None  # the verdict keys come before the reason box
    BINDINGS = [Binding("escape", "cancel", "cancel", id="propose.cancel"),
                Binding("a", "verdict('accept')", "propose accept", id="propose.accept"),
                Binding("r", "verdict('reject')", "propose reject", id="propose.reject")]

    def __init__(self, title: str):
        super().__init__()
        self.draft_title = title
        self.verdict: str | None = None

    def compose(self):
        with Vertical(classes="dialog", id="propose-dialog"):
            yield Static(Content.styled(f"Propose a verdict for “{self.draft_title}”", "bold $text"),
                         classes="dialog-title")
            yield Static(Content.styled("a  propose accept     r  propose reject     escape  cancel\n"
                                        "A person approves every proposal at once with P.", "$text-muted"),
                         id="propose-choice", classes="dialog-body")
            yield Input(placeholder="why (required)", id="propose-reason", disabled=True)

    def on_mount(self) -> None:
        self.query_one("#propose-reason").display = False

    def action_verdict(self, verdict: str) -> None:
        self.verdict = verdict
        self.query_one("#propose-choice", Static).update(Content.assemble(
            Content.styled(f"proposing {verdict}", "bold $text-accent"),
            Content.styled(" · type the reason, enter to propose", "$text-muted")))
        reason = self.query_one("#propose-reason", Input)
        reason.display = True
        reason.disabled = False
        reason.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.dismiss((self.verdict, event.value.strip()))
        else:
            self.notify("A proposal needs a reason.", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)
