"""A read-only report in a dialog: a title, a scrolling body drawn off the UI thread, a line of keys.

The procedural graph (`6`) and the hint decisions (`h`) are each one: a subclass names its widgets,
its texts and its key, and says how to draw its body (`draw`, run in a thread by activity.in_thread);
a failure is shown in the body instead, never taking the app down.
"""

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from mage_tui.activity import in_thread
from mage_tui.app.screens.dialog import Dialog


class ReportBody(Message):
    """The report's body, drawn off the UI thread."""

    def __init__(self, body: Content) -> None:
        super().__init__()
        self.body = body


def report_bindings(name: str, key: str) -> list:
    """Escape, q or the report's own key closes it; j/k scroll."""
    return [Binding(f"escape,q,{key}", "close", "close", id=f"{name}.close"),
            Binding("j,down", "scroll(1)", show=False, id=f"{name}.down"),
            Binding("k,up", "scroll(-1)", show=False, id=f"{name}.up")]


class ReportScreen(Dialog[None]):
    """Subclasses set NAME (widget ids `#NAME-list`, `#NAME-body`), TITLE, LOADING, HINT and FAILED
    (what a failure's line starts with), BINDINGS from `report_bindings`, and `draw()`."""

    NAME = TITLE = LOADING = HINT = FAILED = ""

    def __init__(self, service):
        super().__init__()
        self.service = service

    def draw(self) -> Content:
        raise NotImplementedError

    def compose(self):
        with Vertical(classes="dialog dialog-wide"):
            yield Static(Content.styled(self.TITLE, "bold $text"), classes="dialog-title")
            with VerticalScroll(id=f"{self.NAME}-list", can_focus=False):
                yield Static(Content.styled(self.LOADING, "$text-muted"), id=f"{self.NAME}-body")
            yield Static(Content.styled(self.HINT, "$text-muted"), classes="dialog-hint")

    def on_mount(self) -> None:
        self.load()

    @in_thread("report")
    def load(self) -> ReportBody:
        """Draw the body off the UI thread; `on_report_body` shows it (or why not) on it."""
        try:
            return ReportBody(self.draw())
        except Exception as error:  # a damaged trail, note or ledger must not take the app down
            return ReportBody(Content.styled(f"{self.FAILED}: {error}", "$text-error"))

    def on_report_body(self, message: ReportBody) -> None:
        self.query_one(f"#{self.NAME}-body", Static).update(message.body)

    def action_scroll(self, lines: int) -> None:
        self.query_one(f"#{self.NAME}-list").scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
