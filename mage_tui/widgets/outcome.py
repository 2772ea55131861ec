"""The outcome bar: what the last action did, and what accepting the highlighted draft writes."""

from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static


class Outcome(Vertical):
    """The last action's result (files written, git command) above the next accept's plan."""

    def compose(self):
        yield Static(id="outcome-result")
        yield Static(id="outcome-plan")

    def on_mount(self) -> None:
        self.query_one("#outcome-result").display = False

    def show_plan(self, plan: dict | None) -> None:
        """`plan` from the service's accept_preview (None: nothing highlighted)."""
        static = self.query_one("#outcome-plan", Static)
        if not plan:
            static.update(Content.styled("Nothing to accept.", "$text-muted"))
            return
        static.update(Content.assemble(
            Content.styled("a writes  ", "$text-muted"), Content.styled(", ".join(plan["written"]), "$text"),
            Content("\n"), Content.styled("then run  ", "$text-muted"),
            Content.styled(plan["git_command"], "$text-secondary")))

    def show_result(self, result: dict) -> None:
        """What a grooming action did: the notes written and the git command to run."""
        static = self.query_one("#outcome-result", Static)
        static.display = True
        lines = [Content.styled(f"✓ {summary(result)}", "bold $text-success")]
        if result.get("written"):
            lines += [Content("\n"), Content.styled("wrote     ", "$text-muted"),
                      Content.styled(", ".join(result["written"]), "$text")]
        if result.get("git_command"):
            lines += [Content("\n"), Content.styled("then run  ", "$text-muted"),
                      Content.styled(result["git_command"], "bold $text-secondary")]
        for warning in result.get("warnings", []):
            lines += [Content("\n"), Content.styled(f"warning: {warning}", "$text-warning")]
        static.update(Content.assemble(*lines))


def summary(result: dict) -> str:
    """One line: 'accepted a → a, b → b', 'rejected x', 'proposed accept for y'."""
    verb, done = result.get("action", "done"), result.get("done", [])
    if verb == "propose":
        item = done[0] if done else {}
        return f"proposed {item.get('verdict')} for {item.get('draft')}: a person approves with P"
    pairs = [f"{d['draft']} → {d['note']}" if d.get("note") else d["draft"] for d in done]
    shown = ", ".join(pairs[:3]) + (f" and {len(pairs) - 3} more" if len(pairs) > 3 else "")
    past = {"accept": "accepted", "reject": "rejected", "merge": "merged",
            "approve-proposals": "approved proposals:", "optimize": "applied",
            "dismiss": "dismissed"}.get(verb, verb)
    tail = "   nothing is committed: read the diff, then run the command" if result.get("git_command") else ""
    return f"{past} {shown}{tail}"
