"""Side-by-side diff of a draft against its nearest note, changed lines highlighted."""

import difflib
import re
import textwrap

from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from mage_engine.base.clip import plain
from mage_tui.app.widgets.pane import DetailScroll

STYLES = {"equal": ("", ""), "replace": ("on $error-muted", "on $success-muted"),
          "delete": ("on $error-muted", ""), "insert": ("", "on $success-muted")}
EMPHASIS = ("bold on $error 45%", "bold on $success 45%")
_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")
GUTTERS = {"equal": ("  ", "  "), "replace": ("- ", "+ "), "delete": ("- ", "  "), "insert": ("  ", "+ ")}
NO_NEAREST = ("No close note: nothing in the KB is similar enough to this draft, so accepting it adds a "
              "new note.\n\nm merges it into a note you choose.")


def document(note) -> list[str]:
    """The lines compared: the title as a heading, a blank line, the body."""
    return [f"# {plain(note.title)}", ""] + note.body.rstrip("\n").splitlines()


def diff_rows(left: list[str], right: list[str]) -> list[tuple[str, str | None, str | None]]:
    """(tag, left line, right line) per aligned row; None where a side has no line."""
    rows = []
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        olds, news = left[i1:i2], right[j1:j2]
        for index in range(max(len(olds), len(news))):
            old = olds[index] if index < len(olds) else None
            new = news[index] if index < len(news) else None
            row_tag = tag if tag != "replace" else ("replace" if old is not None and new is not None
                                                    else "delete" if new is None else "insert")
            rows.append((row_tag, old, new))
    return rows


def changed_spans(old: str, new: str) -> tuple[list, list]:
    """Character spans of the words that differ between two versions of a line."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    old_spans, new_spans = [], []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    if matcher.ratio() < 0.5:  # mostly rewritten: word marks would only be noise
        return [], []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            old_spans.append((len("".join(a[:i1])), len("".join(a[:i2]))))
            new_spans.append((len("".join(b[:j1])), len("".join(b[:j2]))))
    return old_spans, new_spans


def render_columns(rows, width: int) -> tuple[Content, Content]:
    """Both columns as Content, wrapped to `width` and padded so rows stay aligned."""
    left, right = [], []
    text_width = max(8, width - 2)
    for tag, old, new in rows:
        spans = changed_spans(old, new) if tag == "replace" else ([], [])
        old_lines, new_lines = _wrap(old, text_width), _wrap(new, text_width)
        left_style, right_style = STYLES[tag]
        left_gutter, right_gutter = GUTTERS[tag]
        for index in range(max(len(old_lines), len(new_lines))):
            left.append(_cell(old_lines, index, old is not None, left_gutter, left_style, width,
                              spans[0], EMPHASIS[0]))
            right.append(_cell(new_lines, index, new is not None, right_gutter, right_style, width,
                               spans[1], EMPHASIS[1]))
    return Content("\n").join(left), Content("\n").join(right)


def _wrap(line: str | None, width: int) -> list[str]:
    """Pieces of `line` that concatenate back to it exactly (offsets stay valid)."""
    if not line:
        return [""]
    return textwrap.wrap(line, width, drop_whitespace=False, replace_whitespace=False,
                         expand_tabs=False, break_on_hyphens=False) or [""]


def _cell(lines, index, present, gutter, style, width, spans, emphasis) -> Content:
    if not present:
        return Content.styled("╱" * width, "$text-disabled")
    text = lines[index] if index < len(lines) else ""
    marker = gutter if index == 0 else "  "
    cell = Content.styled(f"{marker}{text}".ljust(width), style) if style else Content(f"{marker}{text}".ljust(width))
    offset = sum(len(piece) for piece in lines[:index])
    for start, end in spans:
        start, end = max(start - offset, 0), min(end - offset, len(text))
        if start < end:
            cell = cell.stylize(emphasis, start + 2, end + 2)
    return cell


class DiffView(DetailScroll):
    """Nearest note on the left, the draft on the right."""

    _pair = (None, None, None)
    _drawn_width = 0

    def compose(self):
        yield Static(id="diff-head", classes="doc-head")
        with Horizontal(id="diff-columns"):
            yield Static(id="diff-left", classes="diff-column")
            yield Static(id="diff-right", classes="diff-column")

    def show(self, nearest, draft, similarity) -> None:
        """Compare `draft` with `nearest` (None: explain there is no close note)."""
        self._pair = (nearest, draft, similarity)
        self._draw()

    def on_resize(self) -> None:
        if self.column_width() != self._drawn_width:
            self._draw()

    def column_width(self) -> int:
        """Each side's width: half the view, less the gap between them."""
        return max(20, (self.scrollable_content_region.width - 1) // 2)

    def _draw(self) -> None:
        nearest, draft, similarity = self._pair
        head = self.query_one("#diff-head", Static)
        columns = self.query_one("#diff-columns")
        columns.display = nearest is not None and draft is not None
        if draft is None:
            head.update(Content.styled("No draft highlighted.", "$text-muted"))
            return
        if nearest is None:
            head.update(Content.styled(NO_NEAREST, "$text-muted"))
            return
        head.update(Content.assemble(
            Content.styled("note ", "$text-muted"), Content.styled(nearest.id, "bold $text-accent"),
            Content.styled("  ⟷  draft ", "$text-muted"), Content.styled(draft.id, "bold $text-success"),
            Content.styled(f"   similarity {similarity:.2f}   - only in the note   + only in the draft",
                           "$text-muted")))
        width = self._drawn_width = self.column_width()
        left, right = render_columns(diff_rows(document(nearest), document(draft)), width)
        self.query_one("#diff-left", Static).update(left)
        self.query_one("#diff-right", Static).update(right)
