"""Reject asks why: a reason (optional) for the rejected ledger; a batch also confirms."""

from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Static

from mage_tui.format import clip, plural
from mage_tui.app.screens.dialog import Dialog


class ReasonScreen(Dialog[str | None]):
    """Dismisses with the reason typed (possibly ''), or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "cancel", id="reason.cancel")]

    def __init__(self, titles: list[str]):
        super().__init__()
        self.titles = titles

    def compose(self):
        count = len(self.titles)
        heading = "Reject this draft?" if count == 1 else f"Reject {plural(count, 'draft')}?"
        listed = "\n".join(f"  • {clip(t, 70)}" for t in self.titles[:8])
        more = f"\n  … and {count - 8} more" if count > 8 else ""
        body = Content.assemble(
            Content(listed + more + "\n\n"),
            Content.styled("Its fingerprint goes to mage/rejected.jsonl: it is never staged again.",
                           "$text-muted"))
        with Vertical(classes="dialog"):
            yield Static(Content.styled(heading, "bold $text"), classes="dialog-title")
            yield Static(body, classes="dialog-body")
            yield Input(placeholder="reason (optional), e.g. one-off, not a lesson", id="reason")
            yield Static(Content.styled("enter rejects · escape cancels", "$text-muted"), classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
