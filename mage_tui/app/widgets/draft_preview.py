"""A draft as it would read as a note: title, facts, tags, what accepting writes, the rendered body.

An unreadable draft shows the problem (file and line) and the file's text,
so the person sees what to fix before pressing `e`.
"""

from textual.content import Content
from textual.widgets import Static

from mage_engine.base.clip import plain
from mage_tui.format import age
from mage_tui.app.widgets.pane import DetailScroll


class DraftPreview(DetailScroll):
    """The highlighted draft: what it says, where it came from, what `a` would write."""

    _body = None
    _mounted = None

    def compose(self):
        # The Markdown body (and its parser) comes with the first preview, after the rows' first frame.
        yield Static(id="draft-head", classes="doc-head")
        yield Static(id="draft-plan", classes="doc-foot")

    def show(self, loaded, now) -> None:
        """Render a DraftPreviewLoaded (its draft None: clear the preview)."""
        head = self.query_one("#draft-head", Static)
        self.query_one("#draft-plan", Static).update(plan_text(loaded.outcome if loaded.draft else None))
        body = ""
        if loaded.problem is not None:
            head.update(broken_head(loaded.problem))
            body = numbered_block(loaded.raw) if loaded.raw else ""
        elif loaded.draft is None:
            head.update(Content.styled("No draft highlighted.", "$text-muted"))
        else:
            head.update(draft_head(loaded.draft, loaded.nearest, loaded.similarity, now))
            body = loaded.draft.body
        self.scroll_home(animate=False)
        if self._body is None and body:
            from textual.widgets import Markdown

            self._body = Markdown(id="draft-body", classes="doc-body")
            self._mounted = self.mount(self._body, before="#draft-plan")
        if self._body is not None:
            self.app.activity.track(self._update_body(body), "markdown")

    async def _update_body(self, text: str) -> None:
        await self._mounted
        await self._body.update(text)


def staged_when(value, now) -> str:
    """'staged just now', 'staged 5m ago'."""
    ago = age(value, now)
    return "staged just now" if ago == "now" else ("staged at an unknown time" if ago == "?" else f"staged {ago} ago")


def draft_head(draft, nearest, similarity, now) -> Content:
    """Title, then 'kind · category · source · staged …', tags, proposal, nearest note."""
    block = draft.draft or {}
    facts = [draft.kind, draft.category, f"from {block.get('source', draft.origin)}",
             staged_when(block.get("staged"), now)]
    parts = [Content.styled(plain(draft.title), "bold $text"), Content("\n"),
             Content.styled(" · ".join(facts), "$text-muted")]
    if draft.tags:
        parts += [Content("\n"), Content.styled("tags ", "$text-muted"),
                  Content.styled(", ".join(draft.tags), "$text-secondary")]
    proposal = block.get("proposal")
    if isinstance(proposal, dict):
        parts += [Content("\n"), Content.styled(f"proposed {proposal.get('verdict')} by {proposal.get('by')}",
                                                "bold $warning"),
                  Content.styled(f": {proposal.get('reason', '')}", "$text-muted")]
    if nearest is not None:
        parts += [Content("\n"), Content.styled("nearest ", "$text-muted"),
                  Content.styled(nearest.id, "$text-accent"),
                  Content.styled(f"  similarity {similarity:.2f}  (d: diff · m: merge)", "$text-muted")]
    return Content.assemble(*parts)


def plan_text(plan: dict | None) -> Content:
    """What `a` writes and the git command it will print."""
    if not plan:
        return Content("")
    return Content.assemble(
        Content.styled("a writes  ", "$text-muted"), Content.styled(", ".join(plan["written"]), "$text"),
        Content("\n"), Content.styled("then run  ", "$text-muted"), Content.styled(plan["git_command"], "$text-secondary"))


def broken_head(problem: dict) -> Content:
    """An unreadable draft: where, what is wrong, and the way out."""
    return Content.assemble(
        Content.styled(f"⚠ {problem['file']} cannot be read", "bold $text-error"), Content("\n"),
        Content.styled(f"line {problem['line']}: {problem['error']}", "$text-warning"), Content("\n"),
        Content.styled(problem.get("where") or problem.get("path", ""), "$text-muted"), Content("\n\n"),
        Content.styled("e opens it in $EDITOR to fix; until then it cannot be accepted, rejected or merged.",
                       "$text-muted"))


def numbered_block(text: str, most_lines: int = 200) -> str:
    """`text` as a fenced block with line numbers, fenced longer than any backtick run inside it."""
    lines = text.splitlines()[:most_lines]
    width = len(str(len(lines)))
    fence = "`" * max(3, 1 + max((len(run) for run in _backtick_runs(text)), default=0))
    numbered = "\n".join(f"{n:>{width}} │ {line}" for n, line in enumerate(lines, start=1))
    return f"{fence}text\n{numbered}\n{fence}"


def _backtick_runs(text: str) -> list[str]:
    import re

    return re.findall(r"`+", text)
