"""A pane's list: a DataTable whose columns share the width it is given.

Columns are declared once (`Col`): fixed ones keep their width, the one
flexible column (a title) takes what is left, and a column that needs a
wider list (`needs`) steps aside when the list is narrow. When the table's
width changes the layout is worked out again; if it differs the table posts
`ListTable.Refit` and its pane adds the rows back. Cells are rich Text that
never wraps and ends in `…` when cut, so a title is shortened by the table,
not by the code that wrote the row.
"""

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable

from mage_engine.base.clip import plain

PADDING = 2  # DataTable pads each cell by one column on each side
SCROLLBAR = 1


@dataclass(frozen=True)
class Col:
    """One column: `width` 0 means flexible; shown only in a list at least `needs` wide."""

    key: str
    label: str
    width: int = 0
    needs: int = 0
    minimum: int = 12


def layout(columns: tuple, width: int) -> tuple:
    """((key, label, width), …) for a list `width` cells wide."""
    shown = [c for c in columns if width >= c.needs]
    fixed = sum(c.width + PADDING for c in shown if c.width) + SCROLLBAR
    flexible = [c for c in shown if not c.width]
    rest = max(0, width - fixed - PADDING * len(flexible))
    each = rest // len(flexible) if flexible else 0
    return tuple((c.key, c.label, c.width or max(c.minimum, each)) for c in shown)


def cell(value, style: str = "") -> Text:
    """A cell that is cut with `…` rather than wrapped or clipped mid-character; what a note's author
    wrote cannot reverse or hide the row (base/clip.plain)."""
    return Text(plain(value), style=style, no_wrap=True, overflow="ellipsis")


class ListTable(DataTable, inherit_bindings=False):
    """A DataTable of whole rows whose columns follow its width (enter belongs to the pane: it opens the detail)."""

    BINDINGS = [b for b in DataTable.BINDINGS if b.key != "enter"]

    class Refit(Message):
        """The columns changed with the width: the pane adds its rows again."""

    def __init__(self, columns: tuple, guess_width: int = 0, **kwargs):
        kwargs.setdefault("cursor_type", "row")
        super().__init__(**kwargs)
        self.specs = columns
        self.shape: tuple = ()
        self.fitted_width = guess_width  # the width the columns were last laid out for
        self._fit(guess_width)

    @property
    def shown_keys(self) -> list[str]:
        """The keys of the columns on show, left to right."""
        return [key for key, _label, _width in self.shape]

    def on_resize(self) -> None:
        if self._fit(self.size.width):
            self.post_message(self.Refit())

    def set_columns(self, columns: tuple) -> bool:
        """Declare other columns (e.g. a score column while searching); True when the layout changed
        (the pane adds its rows after)."""
        if columns == self.specs:
            return False
        self.specs = columns
        return self._fit(self.size.width or self.fitted_width)

    def _fit(self, width: int) -> bool:
        shape = layout(self.specs, width)
        self.fitted_width = width
        if shape == self.shape:
            return False
        self.shape = shape
        self.clear(columns=True)
        for key, label, column_width in shape:
            self.add_column(label, key=key, width=column_width)
        return True

    def add_cells(self, key: str, cells: dict) -> None:
        """Add one row from {column key: cell}; columns not on show are skipped."""
        self.add_row(*(cells.get(k, "") for k in self.shown_keys), key=key)


def list_guess(width: int) -> int:
    """A list's width before the first layout: half a wide screen less the border between list and
    detail, all of a narrow one (app.tcss). A right guess lays the rows out once, not twice."""
    return width if width < NARROW else width // 2 - 1


NARROW = 100  # below this many columns the panes stack (MainScreen.HORIZONTAL_BREAKPOINTS)
