"""The styles a rendered preview uses, written with theme variables and resolved per theme.

A preview is rendered in a worker thread (mage_tui.doc_render), which must not
read the app's CSS. So on the event loop, once per theme, each style below is
parsed with the theme's variables and blended over the preview's background
into a plain rich Style; the worker only looks names up. The names are rich's
Markdown style names plus `doc.*` for the head above the body. Code blocks are
highlighted with Textual's own highlight theme, resolved the same way, so they
look as they do in Textual's Markdown widget.
"""

from dataclasses import dataclass

from rich.style import Style as RichStyle
from textual.color import Color
from textual.style import Style

STYLES = {
    "doc.title": "bold $text",
    "doc.muted": "$text-muted",
    "doc.path": "$text-secondary",
    "doc.rule": "$panel-lighten-1",
    "doc.warning": "$text-warning",
    "doc.error": "bold $text-error",
    "markdown.h1": "$markdown-h1-color $markdown-h1-text-style",
    "markdown.h2": "$markdown-h2-color $markdown-h2-text-style",
    "markdown.h3": "$markdown-h3-color $markdown-h3-text-style",
    "markdown.h4": "$markdown-h4-color $markdown-h4-text-style",
    "markdown.h5": "$markdown-h5-color $markdown-h5-text-style",
    "markdown.h6": "$markdown-h6-color $markdown-h6-text-style",
    "markdown.code": "$text-warning 95% on $warning 10%",
    "markdown.code_block": "$text on $surface",
    "markdown.block_quote": "$text on $boost",
    "markdown.block_quote.bar": "$text-primary 50% on $boost",
    "markdown.item.bullet": "$text-primary",
    "markdown.item.number": "$text-primary",
    "markdown.hr": "$secondary",
    "markdown.link": "$link-color $link-style",
    "markdown.link_url": "$link-color $link-style",  # a link, when hyperlinks are on (they are)
    "markdown.table.border": "$primary 50%",
    "markdown.table.header": "bold $text-primary",
}


@dataclass(frozen=True, eq=False)
class DocStyles:
    """Every preview style as a plain rich Style, for one theme and background."""

    key: tuple
    base: RichStyle
    names: dict
    code: dict
    """Pygments token type -> rich Style, for code blocks."""
    code_background: str


def resolve_doc_styles(variables: dict[str, str], background: Color, base: RichStyle,
                       ansi: bool, dark: bool, key: tuple) -> DocStyles:
    """Resolve STYLES and the code highlight theme against `variables` over `background` (event loop).

    `base` (the view's own colours) is under every line; `key` names the theme and background.
    """
    names = {name: resolve(text, variables, background) for name, text in STYLES.items()}
    code_background = names["markdown.code_block"].bgcolor
    behind = Color.from_rich_color(code_background) if code_background else background
    code = {token: resolve(text, variables, behind) for token, text in _highlight_theme(ansi, dark).STYLES.items()}
    return DocStyles(key, base, names, code,
                     code_background.name if code_background else "")


def resolve(text: str, variables: dict[str, str], background: Color) -> RichStyle:
    """`text` (Textual style syntax, e.g. "bold $text 60% on $boost") as a rich Style with solid colours."""
    style = Style.parse(text, variables)
    behind = background + style.background if style.background is not None else background
    color = None
    if style.foreground is not None:
        foreground = style.foreground
        if foreground.auto:
            foreground = behind.get_contrast_text(foreground.a)
        color = (behind + foreground).rich_color
    bgcolor = behind.rich_color if style.background is not None else None
    return RichStyle(color=color, bgcolor=bgcolor, bold=style.bold, italic=style.italic,
                     underline=style.underline, strike=style.strike, dim=style.dim, reverse=style.reverse)


def _highlight_theme(ansi: bool, dark: bool):
    """The highlight theme Textual's Markdown widget would use for code in this app."""
    from textual import highlight

    if not ansi:
        return highlight.HighlightTheme
    return highlight.ANSIDarkHighlightTheme if dark else highlight.ANSILightHighlightTheme
