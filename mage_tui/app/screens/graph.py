"""`6`: the procedural graph: each step, its outgoing transitions and outcomes, where open sessions stand.

The rows are `mage session graph`'s (mage_engine.recall.procedure.view), drawn from
the notes and the trail in a worker, so the view and the command show the
same graph line for line. Transition drafts are groomed in Staging like any
draft; this view only reads.
"""

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from mage_tui.activity import in_thread

from mage_tui.app.screens.dialog import Dialog

HINT = "escape or q closes · j/k scroll · transition drafts are groomed in Staging · mage session graph --dot"
EMPTY = ("No steps yet. The agent declares where it is with `mage session turn SESSION --at \"STEP\"`; "
         "sessions ended with `mage session end` draw the transitions, and `mage session remember` "
         "stages one with its advice.")


class GraphRows(Message):
    """The graph, rendered off the UI thread."""

    def __init__(self, body: Content) -> None:
        super().__init__()
        self.body = body


class GraphScreen(Dialog[None]):
    """The procedural graph, read-only."""

    BINDINGS = [Binding("escape,q,6", "close", "close", id="graph.close"),
                Binding("j,down", "scroll(1)", show=False, id="graph.down"),
                Binding("k,up", "scroll(-1)", show=False, id="graph.up")]

    def __init__(self, service):
        super().__init__()
        self.service = service

    def compose(self):
        with Vertical(classes="dialog dialog-wide"):
            yield Static(Content.styled("graph: steps, what sessions here did next, and how it ended", "bold $text"),
                         classes="dialog-title")
            with VerticalScroll(id="graph-list", can_focus=False):
                yield Static(Content.styled("drawing the graph…", "$text-muted"), id="graph-body")
            yield Static(Content.styled(HINT, "$text-muted"), classes="dialog-hint")

    def on_mount(self) -> None:
        self.load()

    @in_thread("graph")
    def load(self) -> "GraphRows":
        """Draw the graph off the UI thread; `on_graph_rows` shows it (or why not) on it."""
        try:
            return GraphRows(render_rows(self.service.graph_rows()))
        except Exception as error:  # a damaged trail or note must not take the app down
            return GraphRows(Content.styled(f"cannot draw the graph: {error}", "$text-error"))

    def on_graph_rows(self, message: "GraphRows") -> None:
        self.query_one("#graph-body", Static).update(message.body)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#graph-list").scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def render_rows(rows: list) -> Content:
    """`mage session graph`'s text, styled: steps bold, transitions plain, history and evidence muted."""
    from mage_engine.recall.procedure.view import text

    if not rows:
        return Content.styled(EMPTY, "$text-muted")
    lines = []
    for line in text(rows).splitlines():
        if not line.startswith(" "):
            step, _, here = line.partition("   ← ")
            lines.append(Content.assemble(Content.styled(step, "bold $text"),
                                          Content.styled(f"   ← {here}" if here else "", "$text-accent")))
        elif line.startswith("  → "):
            lines.append(_transition(line))
        else:
            lines.append(Content.styled(line, "$text-muted"))
    return Content("\n").join(lines)


def _transition(line: str) -> Content:
    head, bracket, tail = line.rpartition(" [")
    if not bracket:
        return Content(line)
    counts, _, note = tail.partition("]")
    style = "$text-error" if "failed" in counts and " ok" not in counts else "$text-success"
    return Content.assemble(Content(head), Content.styled(f" [{counts}]", style), Content.styled(note, "$text-muted"))
