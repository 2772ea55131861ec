"""The Staging pane: the draft batch, its preview or diff, and what each action wrote."""

import datetime as dt

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import DataTable, Static

from mage_tui import messages as m
from mage_tui.format import age, clip
from mage_tui.widgets.draft_preview import DraftPreview
from mage_tui.widgets.outcome import Outcome
from mage_tui.widgets.pane import Pane

ACCEPT = Binding.Group("accept", compact=True)
REJECT = Binding.Group("reject", compact=True)
PROPOSE = Binding.Group("propose", compact=True)
EMPTY = ("Staging is empty: nothing waits for grooming.\n\nDrafts arrive when the agent stages a lesson "
         "(`mage stage`), after a chapter closes, or from recurrence (`mage promote`). They appear "
         "here without a restart.")


class StagingPane(Pane):
    """The draft list (kind, source, age, nearest), a preview or diff, and the outcome bar."""

    SECTION = "staging"
    TABLE_ID = "drafts"
    BINDINGS = [
        Binding("space", "toggle_select", "select", tooltip="Add or remove the draft from the batch selection",
                id="staging.select"),
        Binding("a", "accept_draft", "accept", tooltip="Accept the draft: it becomes mage/notes/<id>.md",
                id="staging.accept", group=ACCEPT),
        Binding("A", "accept_selection", "accept", tooltip="Accept every selected draft",
                id="staging.accept_selection", group=ACCEPT),
        Binding("r", "reject_draft", "reject", tooltip="Reject the draft (asks for a reason); it never comes back",
                id="staging.reject", group=REJECT),
        Binding("R", "reject_selection", "reject", tooltip="Reject every selected draft (asks, then confirms)",
                id="staging.reject_selection", group=REJECT),
        Binding("m", "merge_draft", "merge", tooltip="Merge the draft into its nearest note (or choose one)",
                id="staging.merge"),
        Binding("e", "edit_draft", "edit", tooltip="Edit the draft in $EDITOR, then re-read it", id="staging.edit"),
        Binding("p", "propose", "propose", tooltip="Propose accept or reject with a reason, as the agent would",
                id="staging.propose", group=PROPOSE),
        Binding("P", "approve_proposals", "propose", tooltip="Approve every proposal as one batch",
                id="staging.approve_proposals", group=PROPOSE),
        Binding("d", "toggle_diff", "diff", tooltip="Toggle the side-by-side diff against the nearest note",
                id="staging.diff"),
    ]

    rows: reactive[list] = reactive(list, always_update=True, init=False)
    """The staging batch (pushed by the screen)."""
    show_diff = reactive(False)
    """Show the diff against the nearest note instead of the preview."""

    def __init__(self, clock, **kwargs):
        super().__init__(**kwargs)
        self.clock = clock
        self.selected: set[str] = set()
        self.shown: m.DraftPreviewLoaded | None = None  # the preview on show, for the diff view
        self.diff_view = None
        self.diff_ready = False

    def compose(self):
        with Horizontal(id="staging-body"):
            with Vertical(id="staging-list", classes="list-column"):
                yield DataTable(id="drafts", cursor_type="row", zebra_stripes=False)
                yield Static(EMPTY, id="staging-empty", classes="empty-state")
            with Vertical(id="staging-side", classes="side-column"):
                yield DraftPreview(id="draft-preview")  # the diff view joins on the first `d`
        yield Outcome(id="outcome")

    def on_mount(self) -> None:
        table = self.query_one("#drafts", DataTable)
        for label, key, width in ((" ", "mark", 1), ("draft", "title", 30), ("kind", "kind", 10),
                                  ("source", "source", 10), ("age", "age", 3), ("sim", "near", 3)):
            table.add_column(label, key=key, width=width)
        table.loading = True
        self.watch_show_diff(self.show_diff)

    # --- attributes down ---------------------------------------------------------
    def watch_rows(self, rows: list) -> None:
        table = self.query_one("#drafts", DataTable)
        table.loading = False
        keep = self.current_key()
        self.selected &= {row["id"] for row in rows}
        table.clear()
        now = self.clock()
        for row in rows:
            table.add_row(*self._cells(row, now), key=row["id"])
        self._restore_cursor(table, keep, rows)
        self.query_one("#staging-empty").display = not rows
        table.display = bool(rows)
        # The rows paint first; the preview (Markdown, diff) follows in the next frames.
        self.request_preview(self.current_key())  # after the rows have painted
        self.screen.refresh_bindings()

    def _cells(self, row: dict, now: dt.datetime) -> tuple:
        nearest = row.get("nearest") or {}
        near = f"{float(nearest['similarity']):.2f}"[1:] if nearest.get("similarity") is not None else ""
        proposal = row.get("proposal") or {}
        mark = "●" if row["id"] in self.selected else ("→" if proposal else " ")
        source = row.get("source") or ""
        if proposal:
            source = f"⇢{proposal.get('verdict', '?')}"
        cells = (mark, clip(row["title"], 30), row.get("kind") or "", source, age(row.get("staged"), now), near)
        return tuple(Text(cell) for cell in cells)  # plain text: no markup to parse in titles

    def _restore_cursor(self, table: DataTable, keep: str | None, rows: list) -> None:
        ids = [row["id"] for row in rows]
        if keep in ids:
            table.move_cursor(row=ids.index(keep))

    def show_preview(self, message: m.DraftPreviewLoaded) -> None:
        """Show a loaded draft in the preview and the diff, and what accept would write."""
        self.query_one(DraftPreview).show(message.draft, message.nearest, message.similarity, self.clock())
        self.shown = message
        if self.diff_ready:
            self.diff_view.show(message.nearest, message.draft, message.similarity)
        self.query_one(Outcome).show_plan(message.outcome)

    def show_result(self, result: dict) -> None:
        self.query_one(Outcome).show_result(result)

    def watch_show_diff(self, show: bool) -> None:
        if show and self.diff_view is None:
            from mage_tui.widgets.diff_view import DiffView

            self.diff_view = DiffView(id="draft-diff")
            self.app.activity.track(self._mount_diff_view(), "building the diff view")
            return
        # The diff needs the width: the list narrows to its titles meanwhile.
        self.query_one("#staging-list").set_class(show, "-narrow")
        self.query_one(DraftPreview).display = not show
        if self.diff_view is not None:
            self.diff_view.display = show

    async def _mount_diff_view(self) -> None:
        await self.query_one("#staging-side").mount(self.diff_view)
        self.diff_ready = True
        if self.shown is not None:
            self.diff_view.show(self.shown.nearest, self.shown.draft, self.shown.similarity)
        self.watch_show_diff(self.show_diff)

    # --- keys -------------------------------------------------------------------------
    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.request_preview(event.row_key.value if event.row_key else None)

    def _row(self, draft_id: str | None) -> dict | None:
        return next((row for row in self.rows if row["id"] == draft_id), None)

    def action_toggle_select(self) -> None:
        draft_id = self.current_key()
        if draft_id is None:
            return
        self.selected ^= {draft_id}
        table = self.query_one("#drafts", DataTable)
        table.update_cell(draft_id, "mark", self._cells(self._row(draft_id), self.clock())[0])
        table.action_cursor_down()
        self.screen.refresh_bindings()

    def action_accept_draft(self) -> None:
        self.request(m.AcceptDrafts([self.current_key()]))

    def action_accept_selection(self) -> None:
        self.request(m.AcceptDrafts(self._selection()))

    def action_reject_draft(self) -> None:
        self.request(m.RejectDrafts([self.current_key()]))

    def action_reject_selection(self) -> None:
        self.request(m.RejectDrafts(self._selection()))

    def action_merge_draft(self) -> None:
        row = self._row(self.current_key())
        nearest = (row.get("nearest") or {}).get("id") if row else None
        self.request(m.MergeDraft(row["id"], nearest))

    def action_edit_draft(self) -> None:
        self.request(m.EditFile("draft", self.current_key()))

    def action_propose(self) -> None:
        self.request(m.ProposeVerdict(self.current_key()))

    def action_approve_proposals(self) -> None:
        self.request(m.ApproveProposals())

    def action_toggle_diff(self) -> None:
        self.show_diff = not self.show_diff

    def _selection(self) -> list[str]:
        return [row["id"] for row in self.rows if row["id"] in self.selected]

    def preview_message(self, key):
        return m.PreviewDraft(key)

    def check_action(self, action: str, parameters) -> bool | None:
        has_draft = self.current_key() is not None
        # What the actor may do is the engine's call: a refused action says why.
        if action in ("accept_selection", "reject_selection"):
            return bool(self.selected)
        if action == "approve_proposals":
            return any(row.get("proposal") for row in self.rows)
        if action in ("accept_draft", "reject_draft", "merge_draft", "propose", "toggle_select",
                      "edit_draft", "toggle_diff"):
            return has_draft
        return super().check_action(action, parameters)
