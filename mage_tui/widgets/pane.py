"""What every pane shares: a title, vim-style moves over its main list."""

import time

from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable

MOVE = Binding.Group("move", compact=True)
PREVIEW_DELAY = 0.06  # seconds of quiet after a move before its preview loads: holding j never queues up work
SCANNING = 0.1  # moves closer together than this are someone scanning the list: the preview waits this long
PREVIEW_DUE = "preview due"


class Pane(Vertical):
    """A pane of the main screen. Subclasses name their SECTION and main table id."""

    SECTION = "pane"
    TABLE_ID = ""
    BINDINGS = [
        Binding("j", "move_down", "move", tooltip="Next row (or ↓)", id="move.down", group=MOVE),
        Binding("k", "move_up", "move", tooltip="Previous row (or ↑)", id="move.up", group=MOVE),
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

    def focus_main(self) -> None:
        """Put the focus where the pane's keys work."""
        table = self.table
        (table or self).focus()

    def action_move_down(self) -> None:
        if self.table is not None:
            self.table.action_cursor_down()

    def action_move_up(self) -> None:
        if self.table is not None:
            self.table.action_cursor_up()

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("move_down", "move_up"):
            return self.table is not None and self.table.row_count > 0
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
