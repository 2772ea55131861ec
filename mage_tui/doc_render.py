"""Previews rendered to lines in the worker that loads them: showing one costs the event loop nothing.

Textual's Markdown widget parses a document and mounts a widget per block on
the event loop; moving through notes with j, each preview held the next key up
for tens of milliseconds. Instead the worker that reads a note (or draft) also
renders it: the head and the Markdown body become lines of segments (`Strip`s)
at the preview's width, in styles resolved from the theme beforehand
(mage_tui.doc_styles), with a private rich Console, touching no widget. The
DocView widget (mage_tui.app.widgets.doc_view) then swaps the lines in.
"""

import io
from dataclasses import dataclass

from rich.text import Text
from textual.strip import Strip

from mage_tui.doc_styles import DocStyles

MIN_WIDTH = 8  # narrower (a pane not laid out yet) renders nothing: the view renders once it has a size


@dataclass(frozen=True)
class DocFrame:
    """What rendering needs from the event loop: the width to fill and the theme's styles."""

    width: int
    styles: DocStyles

    def fits(self, other: "DocFrame") -> bool:
        """Would lines rendered for `other` look right here (same width, same theme)?"""
        return self.width == other.width and self.styles.key == other.styles.key


@dataclass(frozen=True)
class Doc:
    """A preview's content: a head (a rich Text using `doc.*` style names) and a Markdown body."""

    head: Text | None
    body: str

    def render(self, frame: DocFrame) -> "Rendered":
        """Render to lines for `frame` (safe in a worker thread)."""
        return Rendered(self, frame, render_lines(self, frame))


@dataclass(frozen=True)
class Rendered:
    """A Doc rendered for one frame."""

    doc: Doc
    frame: DocFrame
    lines: list


def render_lines(doc: Doc, frame: DocFrame) -> list[Strip]:
    """The head (padded, ruled off) then the body, one Strip per line, `frame.width` cells each."""
    if frame.width < MIN_WIDTH:
        return []
    from rich.console import Console, Group
    from rich.padding import Padding
    from rich.theme import Theme

    from mage_tui.doc_markdown import PreviewMarkdown

    styles = frame.styles
    console = Console(file=io.StringIO(), width=frame.width, theme=Theme(styles.names), color_system="truecolor",
                      force_terminal=True, legacy_windows=False, markup=False, emoji=False, highlight=False)
    parts = []
    if doc.head is not None:
        parts += [Padding(doc.head, 1), Text("▁" * frame.width, style="doc.rule")]
    if doc.body.strip():
        parts.append(PreviewMarkdown(doc.body, styles.code, styles.code_background))
    lines = console.render_lines(Group(*parts), console.options, style=styles.base)
    return [Strip(line, frame.width) for line in lines]
