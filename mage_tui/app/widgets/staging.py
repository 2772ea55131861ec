"""The Staging pane: the draft batch (sorted, filtered), its preview or diff, and the command bar."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from mage_tui.app import messages as m
from mage_tui.format import plural
from mage_tui.app.widgets import draft_cells
from mage_tui.app.widgets.command_bar import CommandBar
from mage_tui.app.widgets.draft_preview import DraftPreview
from mage_tui.app.widgets.draft_cells import COLUMNS, DIFF_COLUMNS, SORTS
from mage_tui.app.widgets.list_table import ListTable, list_guess
from mage_tui.app.widgets.pane import Pane

ACCEPT = Binding.Group("accept", compact=True)
REJECT = Binding.Group("reject", compact=True)
PROPOSE = Binding.Group("propose", compact=True)
EMPTY = ("Staging is empty: nothing waits for grooming.\n\nDrafts arrive when the agent stages a lesson "
         "(`mage stage`), after a chapter closes, or from recurrence (`mage promote`). They appear "
         "here without a restart.")
class StagingPane(Pane):
    """The draft list (kind, source, age, nearest), a preview or diff, and the command bar."""

    SECTION = "staging"
    TABLE_ID = "drafts"
    DETAIL_ID = "draft-preview"
    BINDINGS = [
        Binding("space", "toggle_select", "select", tooltip="Add or remove the draft from the batch selection",
                id="staging.select"),
        Binding("a", "accept_draft", "accept", tooltip="Accept the draft: it becomes mage/notes/<id>.md",
                id="staging.accept", group=ACCEPT),
        Binding("A", "accept_selection", "accept selected", tooltip="Accept every selected draft",
                id="staging.accept_selection", group=ACCEPT),
        Binding("r", "reject_draft", "reject", tooltip="Reject the draft (asks for a reason); it never comes back",
                id="staging.reject", group=REJECT),
        Binding("R", "reject_selection", "reject selected", tooltip="Reject every selected draft (asks, then confirms)",
                id="staging.reject_selection", group=REJECT),
        Binding("m", "merge_draft", "merge", tooltip="Merge into the nearest note (or choose one): see it first",
                id="staging.merge"),
        Binding("e", "edit_draft", "edit", tooltip="Edit the draft in $EDITOR, then re-read it", id="staging.edit"),
        Binding("p", "propose", "propose", tooltip="Propose accept or reject with a reason, as the agent would",
                id="staging.propose", group=PROPOSE),
        Binding("P", "approve_proposals", "approve proposals", tooltip="Approve every proposal as one batch (asks)",
                id="staging.approve_proposals", group=PROPOSE),
        Binding("d", "toggle_diff", "diff", tooltip="Toggle the side-by-side diff against the nearest note",
                id="staging.diff"),
        Binding("s", "cycle_sort", "sort", tooltip="Sort by age, kind, source or similarity", id="staging.sort"),
        Binding("f", "filter", "filter", tooltip="Show only drafts whose title, kind or source has these words",
                id="staging.filter"),
        Binding("t", "flip_kb", "to KB", tooltip="Accept the draft into your personal KB instead of the project's, "
                "or back (the suggestion is marked [personal])", id="staging.flip_kb"),
    ]

    rows: reactive[list] = reactive(list, always_update=True, init=False)
    """The staging batch, unreadable drafts included (pushed by the screen)."""
    show_diff = reactive(False)
    """Show the diff against the nearest note instead of the preview."""
    sort = reactive("age", init=False)
    """What the list is sorted by (SORTS)."""

    def __init__(self, clock, **kwargs):
        super().__init__(**kwargs)
        self.clock = clock
        self.selected: set[str] = set()
        self.destinations: dict[str, str] = {}  # draft id -> "personal" | "project", as `t` set it
        self.busy_ids: set[str] = set()
        self.filter_text = ""
        self.prefer: str | None = None  # the draft to put the cursor on at the next fill (an undo's)
        self.shown: m.DraftPreviewLoaded | None = None  # the preview on show, for the diff view
        self.diff_view = None
        self.diff_ready = False
        self._index = 0  # the cursor's row before the last fill: the next draft takes its place

    def compose(self):
        with Horizontal(id="staging-body", classes="pane-body"):
            with Vertical(id="staging-list", classes="list-column"):
                yield Static(id="staging-caption", classes="list-caption")
                # the filter box joins on the first `f`: the first frame has no field to build
                yield ListTable(COLUMNS, guess_width=list_guess(self.app.size.width), id="drafts")
                yield Static(EMPTY, id="staging-empty", classes="empty-state")
            with Vertical(id="staging-side", classes="side-column"):
                yield DraftPreview(id="draft-preview")  # the diff view joins on the first `d`
        yield CommandBar(id="command-bar")

    def on_mount(self) -> None:
        self.table.loading = True
        self.watch_show_diff(self.show_diff)

    @property
    def detail(self):
        return self.diff_view if self.show_diff and self.diff_ready else self.query_one("#draft-preview")

    # --- attributes down ---------------------------------------------------------
    def watch_rows(self, rows: list) -> None:
        self.selected &= {row["id"] for row in rows}
        self.busy_ids &= {row["id"] for row in rows}
        self._fill()

    def watch_sort(self, sort: str) -> None:
        self._fill()

    def visible_rows(self) -> list[dict]:
        """The rows on show: filtered by the filter's words, in the chosen order."""
        return draft_cells.visible(self.rows, self.filter_text, self.sort)

    def _fill(self) -> None:
        table = self.table
        table.loading = False
        keep, index = self.prefer or self.current_key(), table.cursor_row if table.row_count else self._index
        self.prefer = None
        table.clear()
        rows, now = self.visible_rows(), self.clock()
        for row in rows:
            table.add_cells(row["id"], self._cells(row, now))
        ids = [row["id"] for row in rows]
        if ids:  # the same draft if it is still here, else the one that took its place
            table.move_cursor(row=ids.index(keep) if keep in ids else min(index, len(ids) - 1), animate=False)
        self._index = table.cursor_row
        self.query_one("#staging-empty").display = not self.rows
        table.display = bool(self.rows)
        self._caption(len(rows))
        # The rows paint first; the preview (Markdown, diff) follows in the next frames.
        self.request_preview(self.current_key())
        self.screen.refresh_bindings()

    def _caption(self, shown: int) -> None:
        total = len(self.rows)
        text = plural(total, "draft") if shown == total else f"{shown} of {plural(total, 'draft')}"
        parts = [Content.styled(text, "$text-muted"), Content.styled(f"  ·  by {self.sort}", "$text-muted")]
        if self.filter_text:
            parts.append(Content.styled(f"  ·  filter “{self.filter_text}”", "$text-accent"))
        if self.selected:
            parts.append(Content.styled(f"  ·  {len(self.selected)} selected", "$text-accent"))
        self.query_one("#staging-caption", Static).update(Content.assemble(*parts))

    def _cells(self, row: dict, now) -> dict:
        if self.destination(row) == "personal":
            row = {**row, "title": f"[personal] {row['title']}"}
        return draft_cells.cells(row, now, self.selected, self.busy_ids)

    def destination(self, row: dict | None) -> str | None:
        """Where accepting the draft puts it: "personal" or "project" (None: no personal KB to choose)."""
        if row is None or "kb" not in row:
            return None
        return self.destinations.get(row["id"], row["kb"])

    def mark_busy(self, ids: list[str]) -> None:
        """Mark the drafts an action is working on (⟳) until the batch is read again."""
        self.busy_ids |= set(ids)
        now = self.clock()
        for draft_id in ids:
            if (row := self.row(draft_id)) is not None:
                self._update_row(row, now)

    def clear_busy(self) -> None:
        """The action failed: no draft is being worked on any more (the ⟳ marks go)."""
        ids, self.busy_ids = self.busy_ids, set()
        now = self.clock()
        for draft_id in ids:
            if (row := self.row(draft_id)) is not None:
                self._update_row(row, now)

    def _update_row(self, row: dict, now) -> None:
        cells = self._cells(row, now)
        for key in self.table.shown_keys:
            if key in ("mark", "title"):
                self.table.update_cell(row["id"], key, cells[key])

    def on_list_table_refit(self, event: ListTable.Refit) -> None:
        event.stop()
        self._fill()

    def show_preview(self, message: m.DraftPreviewLoaded) -> None:
        """Show a loaded draft in the preview and the diff, and what accept would write."""
        if message.draft_id is not None and message.draft_id != self.current_key():
            return  # the cursor moved on meanwhile: its own preview is on the way
        self.query_one(DraftPreview).show(message, self.clock())
        self.shown = message
        if self.diff_ready:
            self.diff_view.show(message.nearest, message.draft, message.similarity)

    def show_log(self, log: list) -> None:
        """The command log, newest first (pushed by the screen after every action)."""
        self.query_one(CommandBar).log = log

    def watch_show_diff(self, show: bool) -> None:
        if show and self.diff_view is None:
            from mage_tui.app.widgets.diff_view import DiffView

            self.diff_view = DiffView(id="draft-diff")
            self.app.activity.track(self._mount_diff_view(), "building the diff view")
            return
        # The diff needs the width: the list narrows to its titles meanwhile.
        self.query_one("#staging-list").set_class(show, "-narrow")
        if self.table.set_columns(DIFF_COLUMNS if show else COLUMNS):
            self._fill()
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
    def on_data_table_row_highlighted(self, event: ListTable.RowHighlighted) -> None:
        event.stop()
        self._index = self.table.cursor_row
        self.request_preview(event.row_key.value if event.row_key else None)

    def row(self, draft_id: str | None) -> dict | None:
        return next((row for row in self.rows if row["id"] == draft_id), None)

    def action_toggle_select(self) -> None:
        draft_id = self.current_key()
        if draft_id is None:
            return
        self.selected ^= {draft_id}
        self._update_row(self.row(draft_id), self.clock())
        self._caption(self.table.row_count)
        self.table.action_cursor_down()
        self.screen.refresh_bindings()

    def action_accept_draft(self) -> None:
        self.request(m.AcceptDrafts([self.current_key()], self._destinations([self.current_key()])))

    def action_accept_selection(self) -> None:
        self.request(m.AcceptDrafts(self._selection(), self._destinations(self._selection())))

    def _destinations(self, ids: list) -> dict:
        return {draft_id: self.destination(self.row(draft_id)) for draft_id in ids}

    def action_flip_kb(self) -> None:
        row = self.row(self.current_key())
        if self.destination(row) is None:
            return
        self.destinations[row["id"]] = "project" if self.destination(row) == "personal" else "personal"
        self._update_row(row, self.clock())

    def action_reject_draft(self) -> None:
        self.request(m.RejectDrafts([self.current_key()]))

    def action_reject_selection(self) -> None:
        self.request(m.RejectDrafts(self._selection()))

    def action_merge_draft(self) -> None:
        row = self.row(self.current_key())
        nearest = (row.get("nearest") or {}).get("id") if row else None
        self.request(m.MergeDraft(row["id"], nearest))

    def action_edit_draft(self) -> None:
        self.request(m.EditFile("draft", self.current_key()))

    def action_propose(self) -> None:
        self.request(m.ProposeVerdict(self.current_key()))

    def action_approve_proposals(self) -> None:
        self.request(m.ApproveProposals([row for row in self.rows if row.get("proposal")]))

    def action_toggle_diff(self) -> None:
        self.show_diff = not self.show_diff

    def action_cycle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]

    async def action_filter(self) -> None:
        from textual.widgets import Input  # the field, and its module, come with the first `f`

        field = self.filter_field()
        if field is None:
            field = Input(placeholder="filter drafts: words in title, kind or source", id="staging-filter",
                          compact=True)
            await self.query_one("#staging-list").mount(field, after="#staging-caption")
        field.display = True
        self.screen.set_focus(field)

    def filter_field(self):
        """The filter box, once `f` has made it (else None)."""
        found = self.query("#staging-filter")
        return found.first() if found else None

    def on_input_changed(self, event) -> None:
        event.stop()
        self.filter_text = event.value.strip()
        self._fill()

    def on_input_submitted(self, event) -> None:
        event.stop()
        self.focus_main()

    def action_back(self) -> None:
        field = self.filter_field()
        if field is not None and (field.has_focus or (self.filter_text and not self.detail_open())):
            field.value, self.filter_text, field.display = "", "", False
            self._fill()
        super().action_back()

    def _selection(self) -> list[str]:
        return [row["id"] for row in self.rows if row["id"] in self.selected]

    def preview_message(self, key):
        return m.PreviewDraft(key)

    def check_action(self, action: str, parameters) -> bool | None:
        row = self.row(self.current_key())
        readable = row is not None and not row.get("broken")
        if action in ("accept_selection", "reject_selection"):
            return bool(self.selected)
        if action == "approve_proposals":
            return any(r.get("proposal") for r in self.rows)
        if action in ("accept_draft", "reject_draft", "merge_draft", "propose", "toggle_select", "toggle_diff"):
            return readable
        if action == "edit_draft":
            return row is not None
        if action == "flip_kb":
            return readable and self.destination(row) is not None  # hidden with no personal KB
        if action in ("cycle_sort", "filter"):
            return bool(self.rows)
        if action == "back":
            field = self.filter_field()
            return self.detail_open() or bool(self.filter_text) or (field is not None and field.has_focus)
        return super().check_action(action, parameters)

