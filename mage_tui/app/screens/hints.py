"""`h` on Notes: what was hinted before the recent prompts, and why (a read-only view of the ledger).

One block per prompt, newest first: the prompt, the decision (the notes hinted,
or why the hook stayed silent) and its best candidates with their hint scores,
reasons and the words they share with the prompt; `used` marks a hinted note the
agent then used in that turn. The same rows as `mage hints`, loaded in a worker.
"""

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from mage_tui.activity import in_thread
from mage_tui.app.screens.dialog import Dialog

SHOWN = 50
HINT = "escape or q closes · j/k scroll · mage hints --why \"<prompt>\" explains any prompt"


class HintRows(Message):
    """The hint decisions, rendered off the UI thread."""

    def __init__(self, body: Content) -> None:
        super().__init__()
        self.body = body


class HintsScreen(Dialog[None]):
    """The hint decisions of recent prompts, read-only."""

    BINDINGS = [Binding("escape,q,h", "close", "close", id="hints.close"),
                Binding("j,down", "scroll(1)", show=False, id="hints.down"),
                Binding("k,up", "scroll(-1)", show=False, id="hints.up")]

    def __init__(self, service):
        super().__init__()
        self.service = service

    def compose(self):
        with Vertical(classes="dialog dialog-wide"):
            yield Static(Content.styled("hints: what was hinted before each prompt, and why", "bold $text"),
                         classes="dialog-title")
            with VerticalScroll(id="hints-list", can_focus=False):
                yield Static(Content.styled("loading the ledger…", "$text-muted"), id="hints-body")
            yield Static(Content.styled(HINT, "$text-muted"), classes="dialog-hint")

    def on_mount(self) -> None:
        self.load()

    @in_thread("hint-decisions")
    def load(self) -> "HintRows":
        """Read the decisions off the UI thread; `on_hint_rows` shows them (or why not) on it."""
        try:
            return HintRows(render_rows(self.service.hint_decisions(SHOWN)))
        except Exception as error:  # a damaged ledger must not take the app down
            return HintRows(Content.styled(f"cannot read the hint decisions: {error}", "$text-error"))

    def on_hint_rows(self, message: "HintRows") -> None:
        self.query_one("#hints-body", Static).update(message.body)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#hints-list").scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def render_rows(rows: list) -> Content:
    """Newest first, one block per prompt."""
    from mage_engine.recall.hint.explain import candidate_line, decision_line

    if not rows:
        return Content.styled("No hint decisions yet: they are recorded by the UserPromptSubmit hook "
                              "(mage connect claude-code).", "$text-muted")
    blocks = []
    for row in reversed(rows):
        prompt = " ".join(str(row.get("prompt") or "(prompt not in the trail)").split())
        decision = row["decision"]
        style = "$text-success" if decision.get("hinted") else "$text-muted"
        used = f"  used: {', '.join(row['used'])}" if row.get("used") else ""
        lines = [Content.styled(f"{row['ts'][:19]}  {prompt[:110]}\n", "bold $text"),
                 Content.styled(f"  {decision_line(decision)}{used}\n", style)]
        lines += [Content.styled(f"    {candidate_line(c)}\n", "$text-muted") for c in decision.get("candidates", [])[:3]]
        blocks.append(Content.assemble(*lines))
    return Content("\n").join(blocks)
