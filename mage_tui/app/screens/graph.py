"""`6`: the procedural graph: each step, its outgoing transitions and outcomes, where open sessions stand.

The rows are `mage session graph`'s (mage_engine.recall.procedure.view), drawn from
the notes and the trail in a worker, so the view and the command show the
same graph line for line. Transition drafts are groomed in Staging like any
draft; this view only reads.
"""

from textual.content import Content

from mage_tui.app.screens.report import ReportScreen, report_bindings

HINT = "escape or q closes · j/k scroll · transition drafts are groomed in Staging · mage session graph --dot"
EMPTY = ("No steps yet. The agent declares where it is with `mage session turn SESSION --at \"STEP\"`; "
         "sessions ended with `mage session end` draw the transitions, and `mage session remember` "
         "stages one with its advice.")


class GraphScreen(ReportScreen):
    """The procedural graph, read-only."""

    NAME = "graph"
    TITLE = "graph: steps, what sessions here did next, and how it ended"
    LOADING = "drawing the graph…"
    HINT = HINT
    FAILED = "cannot draw the graph"
    BINDINGS = report_bindings("graph", "6")

    def draw(self) -> Content:
        return render_rows(self.service.graph_rows())


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
