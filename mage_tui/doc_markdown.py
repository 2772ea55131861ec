"""Rich's Markdown, dressed as the app's previews: code in the theme's colours, quotes with a bar.

Imported by the worker that renders a preview (mage_tui.doc_render), never
on the way to the first frame. Styles are looked up by name in the rendering
console's theme (mage_tui.doc_styles).
"""

from rich.markdown import BlockQuote, CodeBlock, ListItem, Markdown
from rich.segment import Segment
from rich.syntax import ANSISyntaxTheme, Syntax


class PreviewCodeBlock(CodeBlock):
    """A fenced or indented code block, highlighted in the theme's colours on its own background."""

    @classmethod
    def create(cls, markdown: "PreviewMarkdown", token) -> "PreviewCodeBlock":
        block = cls((token.info or "").partition(" ")[0] or "text", markdown.code_theme)
        block.background = markdown.code_background
        return block

    def __rich_console__(self, console, options):
        yield Syntax(str(self.text).rstrip(), self.lexer_name, theme=self.theme, word_wrap=True,
                     padding=(1, 2), background_color=self.background or None)


class PreviewBlockQuote(BlockQuote):
    """A block quote: a bar in the quote-bar style, then the quoted blocks."""

    def __rich_console__(self, console, options):
        lines = console.render_lines(self.elements, options.update(width=options.max_width - 2), style=self.style)
        bar = Segment("▌ ", console.get_style("markdown.block_quote.bar", default="none"))
        for line in lines:
            yield bar
            yield from line
            yield Segment.line()


class PreviewListItem(ListItem):
    """A list item; numbered ones read "1." as in Textual's Markdown widget."""

    def render_number(self, console, options, number: int, last_number: int):
        width = len(str(last_number)) + 3
        lines = console.render_lines(self.elements, options.update(width=options.max_width - width), style=self.style)
        style = console.get_style("markdown.item.number", default="none")
        numeral, padding = Segment(f"{number}.".rjust(width - 1) + " ", style), Segment(" " * width, style)
        for index, line in enumerate(lines):
            yield numeral if index == 0 else padding
            yield from line
            yield Segment.line()


class PreviewMarkdown(Markdown):
    """Markdown for a preview; `code` maps pygments token types to resolved rich Styles."""

    elements = {**Markdown.elements, "fence": PreviewCodeBlock, "code_block": PreviewCodeBlock,
                "blockquote_open": PreviewBlockQuote, "list_item_open": PreviewListItem}

    def __init__(self, markup: str, code: dict, code_background: str) -> None:
        super().__init__(markup, code_theme=ANSISyntaxTheme(code))  # a fresh theme: its cache is per render
        self.code_background = code_background
