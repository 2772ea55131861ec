"""What every pane shares: vim-style moves over its list, a detail that scrolls, a debounced preview.

A pane is a list beside its detail (`.pane-body`: `.list-column` and
`.side-column`); on a terminal narrower than the screen's breakpoint the CSS
stacks the detail under the list, and `enter` gives the detail the whole pane
(`escape` brings the list back). `J`/`K` (or `ctrl+d`/`ctrl+u`) scroll the
detail while the list keeps the focus.
"""

import time

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable

MOVE = Binding.Group("move", compact=True)
DETAIL = Binding.Group("scroll detail", compact=True)
PREVIEW_DELAY = 0.06  # seconds of quiet after a move before its preview loads: holding j never queues up work
SCANNING = 0.1  # moves closer together than this are someone scanning the list: the preview waits this long
PREVIEW_DUE = "preview due"


class DetailScroll(VerticalScroll):
    """A pane's detail: focusable (tab, or enter from the list), j/k scroll it once it has the focus."""

    BINDINGS = [Binding("j", "scroll_down", "scroll", show=False, id="detail.line_down"),
                Binding("k", "scroll_up", "scroll", show=False, id="detail.line_up")]


class Pane(Vertical):
    """A pane of the main screen. Subclasses name their SECTION, main table id and detail id."""

    SECTION = "pane"
    TABLE_ID = ""
    DETAIL_ID = ""
    BINDINGS = [
        Binding("j", "move_down", "down", tooltip="Next row (or ↓; page keys, home and end work too)",
                id="move.down", group=MOVE),
        Binding("k", "move_up", "up", tooltip="Previous row (or ↑)", id="move.up", group=MOVE),
        Binding("g", "move_to(0)", "first row", tooltip="The first row (or home)", id="move.first", show=False),
        Binding("G", "move_to(-1)", "last row", tooltip="The last row (or end)", id="move.last", show=False),
        Binding("J,ctrl+d", "scroll_detail(1)", "detail down", tooltip="Scroll the detail down half a page",
                id="detail.down", group=DETAIL, show=False),
        Binding("K,ctrl+u", "scroll_detail(-1)", "detail up", tooltip="Scroll the detail up half a page",
                id="detail.up", group=DETAIL, show=False),
        Binding("enter", "open_detail", "open", tooltip="Into the detail (j/k scroll it; escape comes back)",
                id="detail.open"),
        Binding("escape", "back", "back to list", tooltip="From the detail back to the list", id="detail.back"),
    ]

    preview_due = False
    """A preview request is waiting for the keys to go quiet."""
    _preview_timer = None
    _moved_at = float("-inf")

    def request(self, message) -> None:
        """Send a request (messages.Request) up to the screen, counted as activity until handled."""
        activity = self.app.activity
        what = activity.begin(f"request {type(message).__name__}")
        if not self.post_message(message):
            activity.end(what)

    def request_preview(self, key: str | None) -> None:
        """Ask the screen for the preview of `key` once moving stops (debounced).

        While moves come faster than SCANNING apart (a held key, quick taps)
        the preview waits for a longer pause: a frame painted just before a
        key delays that key's own frame (Textual paces frames), so previews
        nobody can read are not drawn between them.
        """
        if self._preview_timer is not None:
            self._preview_timer.stop()
        if not self.preview_due:  # one count per pending preview, however often the timer restarts
            self.preview_due = True
            self.app.activity.begin(PREVIEW_DUE)
        now, previous = time.monotonic(), self._moved_at
        self._moved_at = now
        delay = SCANNING if now - previous < SCANNING else PREVIEW_DELAY
        self._preview_timer = timer = self.set_timer(delay, lambda: self._send_preview(key, timer))

    def _send_preview(self, key: str | None, timer) -> None:
        if timer is not self._preview_timer or not self.preview_due:
            return  # a stopped timer can still fire once: the newest one sends
        self.preview_due = False
        self.request(self.preview_message(key))
        self.app.activity.end(PREVIEW_DUE)  # the request carries the count on

    def preview_message(self, key: str | None):
        """The request message for this pane's preview (panes with a preview override it)."""
        raise NotImplementedError

    @property
    def table(self) -> DataTable | None:
        """The pane's main list, if it has one."""
        if not self.TABLE_ID:
            return None
        return self.query_one(f"#{self.TABLE_ID}", DataTable)

    @property
    def detail(self):
        """The pane's detail (a scrollable widget), if it has one."""
        return self.query_one(f"#{self.DETAIL_ID}") if self.DETAIL_ID else None

    def focus_main(self) -> None:
        """Put the focus where the pane's keys work, now (not after the keys already queued)."""
        target = self.table if self.table is not None and self.table.display else self
        if target.focusable:
            self.screen.set_focus(target)

    def action_move_down(self) -> None:
        if self.table is not None:
            self.table.action_cursor_down()

    def action_move_up(self) -> None:
        if self.table is not None:
            self.table.action_cursor_up()

    def action_move_to(self, row: int) -> None:
        if self.table is not None and self.table.row_count:
            self.table.move_cursor(row=row % self.table.row_count)

    def action_scroll_detail(self, direction: int) -> None:
        detail = self.detail
        if detail is not None:
            detail.scroll_relative(y=direction * max(1, detail.size.height // 2), animate=False)

    def action_open_detail(self) -> None:
        """The detail takes the focus (and, stacked on a narrow terminal, the whole pane)."""
        if self.detail is not None:
            self.add_class("-detail-only")
            self.screen.set_focus(self.detail)
            self.screen.refresh_bindings()

    def action_back(self) -> None:
        self.remove_class("-detail-only")
        self.focus_main()
        self.screen.refresh_bindings()

    def detail_open(self) -> bool:
        return self.detail is not None and (self.has_class("-detail-only") or self.detail.has_focus)

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("move_down", "move_up", "move_to"):
            return self.table is not None and self.table.row_count > 0
        if action == "scroll_detail":
            return self.detail is not None
        if action == "open_detail":
            return self.detail is not None and not self.detail_open() and self.current_key() is not None
        if action == "back":
            return self.detail_open()
        return True

    def current_key(self) -> str | None:
        """The row key under the cursor, or None when the list is empty."""
        table = self.table
        if table is None or table.row_count == 0:
            return None
        try:
            return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        except Exception:
            return None
