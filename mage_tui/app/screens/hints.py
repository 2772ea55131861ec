"""`h` on Notes: what was hinted before the recent prompts, and why (a read-only view of the ledger).

One block per prompt, newest first: the prompt, the decision (the notes hinted,
or why the hook stayed silent) and its best candidates with their hint scores,
reasons and the words they share with the prompt; `used` marks a hinted note the
agent then used in that turn. The same rows as `mage hints`, loaded in a worker.
"""

from textual.content import Content

from mage_tui.app.screens.report import ReportScreen, report_bindings

SHOWN = 50
HINT = "escape or q closes · j/k scroll · mage hints --why \"<prompt>\" explains any prompt"


class HintsScreen(ReportScreen):
    """The hint decisions of recent prompts, read-only."""

    NAME = "hints"
    TITLE = "hints: what was hinted before each prompt, and why"
    LOADING = "loading the ledger…"
    HINT = HINT
    FAILED = "cannot read the hint decisions"
    BINDINGS = report_bindings("hints", "h")

    def draw(self) -> Content:
        return render_rows(self.service.hint_decisions(SHOWN))


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
