"""A draft as it would read as a note: title, facts, tags, rendered body."""

from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from mage_tui.format import age


class DraftPreview(VerticalScroll, can_focus=False):
    """The highlighted draft: what it says and where it came from."""

    _body = None
    _mounted = None

    def compose(self):
        # The Markdown body (and its parser) comes with the first preview, after the rows' first frame.
        yield Static(id="draft-head", classes="doc-head")

    def show(self, draft, nearest, similarity, now) -> None:
        """Render `draft` (None clears the preview)."""
        head = self.query_one("#draft-head", Static)
        if draft is None:
            head.update(Content.styled("No draft highlighted.", "$text-muted"))
        else:
            head.update(draft_head(draft, nearest, similarity, now))
            self.scroll_home(animate=False)
        if self._body is None and draft is not None:
            from textual.widgets import Markdown

            self._body = Markdown(id="draft-body", classes="doc-body")
            self._mounted = self.mount(self._body)
        if self._body is not None:
            self.app.activity.track(self._update_body(draft.body if draft else ""), "markdown")

    async def _update_body(self, text: str) -> None:
        await self._mounted
        await self._body.update(text)


def draft_head(draft, nearest, similarity, now) -> Content:
    """Title, then 'kind · category · source · staged …', tags, nearest note."""
    block = draft.draft or {}
    facts = [draft.kind, draft.category, f"from {block.get('source', draft.origin)}",
             f"staged {age(block.get('staged'), now)} ago"]
    parts = [Content.styled(draft.title, "bold $text"), Content("\n"),
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
