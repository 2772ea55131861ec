"""The Notes pane: every note by category, live search as you type, rendered preview."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from rich.text import Text
from textual.widgets import DataTable, Input, Static

from mage_tui import messages as m
from mage_tui.doc_render import Doc
from mage_tui.format import clip, plural
from mage_tui.widgets.doc_view import DocView
from mage_tui.widgets.pane import Pane

FIRST_ROWS, CHUNK_ROWS = 100, 1000
EMPTY = "No notes yet. Accept a draft on Staging (1, then a) and it lands in mage/notes/."


class NotesPane(Pane):
    """Notes grouped by category; typing in the search box runs recall live."""

    SECTION = "notes"
    TABLE_ID = "notes-table"
    BINDINGS = [
        Binding("e", "edit_note", "edit", tooltip="Open the note in $EDITOR", id="notes.edit"),
        Binding("h", "show_hints", "hints", tooltip="What was hinted before recent prompts, and why", id="notes.hints"),
        Binding("escape", "leave_search", "back to list", tooltip="From the search box back to the list",
                id="notes.list"),
    ]

    notes: reactive[list] = reactive(list, always_update=True, init=False)
    """Every note, light records (pushed by the screen)."""
    matches: reactive[list | None] = reactive(None, always_update=True, init=False)
    """Ids matching the search, best first; None shows every note by category."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.loaded = False
        self.engine = "title filter"
        self._by_id: dict = {}
        self._generation = 0  # which fill is adding rows; an older one stops
        self._counts = (0, 0)

    def compose(self):
        with Horizontal():
            with Vertical(classes="list-column"):
                yield Input(placeholder="search notes (live recall)", id="notes-search")
                yield Static(id="notes-count", classes="list-caption")
                yield DataTable(id="notes-table", cursor_type="row")
                yield Static(EMPTY, id="notes-empty", classes="empty-state")
            yield DocView(id="note-preview", classes="side-column")

    def on_mount(self) -> None:
        table = self.query_one("#notes-table", DataTable)
        for label, key, width in (("category", "category", 14), ("note", "title", 42), ("kind", "kind", 10)):
            table.add_column(label, key=key, width=width)
        table.loading = True
        self.query_one("#notes-empty").display = False

    def watch_notes(self, notes: list) -> None:
        self.loaded = True
        self._by_id = {note.id: note for note in notes}
        self._fill()

    def watch_matches(self, matches) -> None:
        self._fill()

    def _fill(self) -> None:
        table = self.query_one("#notes-table", DataTable)
        table.loading = False
        notes = self._by_id
        if self.matches is None:
            ordered = sorted(notes.values(), key=lambda n: (n.category, n.title.lower(), n.id))
        else:
            ordered = [notes[i] for i in self.matches if i in notes]
        table.clear()
        self._generation += 1
        self._add_rows(self._generation, self._rows(ordered), first=True)
        self._counts = (len(ordered), len(notes))
        self._caption(*self._counts)
        self.query_one("#notes-empty").display = not notes
        self.request_preview(self.current_key())  # after the rows have painted
        self.screen.refresh_bindings()

    def _rows(self, ordered: list) -> list[tuple]:
        """(key, category, title, kind); in the grouped view a category shows on its first row only."""
        rows, previous = [], None
        for note in ordered:
            shown = note.category if (self.matches is not None or note.category != previous) else ""
            previous = note.category
            rows.append((note.id, Text(shown, style="bold"), Text(clip(note.title, 42)), Text(note.kind)))
        return rows

    def _add_rows(self, generation: int, rows: list, first: bool = False) -> None:
        """Add rows a screenful at first, then in chunks between frames: thousands never freeze the app."""
        if generation != self._generation:
            return  # a newer fill (a new search) replaced this one
        table = self.query_one("#notes-table", DataTable)
        chunk, rest = rows[:FIRST_ROWS if first else CHUNK_ROWS], rows[FIRST_ROWS if first else CHUNK_ROWS:]
        for key, *cells in chunk:
            table.add_row(*cells, key=key)
        if rest:
            self.app.activity.after_refresh(self, self._add_rows, generation, rest)

    def _caption(self, shown: int, total: int) -> None:
        query = self.query_one("#notes-search", Input).value.strip()
        text = plural(total, "note") + " by category" if self.matches is None else \
            f"{shown} of {plural(total, 'note')} match “{query}” ({self.engine})"
        self.query_one("#notes-count", Static).update(Content.styled(text, "$text-muted"))

    def set_engine(self, engine: str) -> None:
        """Name what answers searches ('recall', or the plain title filter) in the caption."""
        self.engine = engine
        if self.loaded:
            self._caption(*self._counts)

    def show_index_progress(self, done: int, total: int) -> None:
        """The search index is being built: say how far, in the caption."""
        self.query_one("#notes-count", Static).update(Content.styled(
            f"building the search index… {done}/{total}", "$text-warning"))

    def show_note(self, rendered) -> None:
        """Show a note rendered in the worker that loaded it (None clears the preview)."""
        self.query_one("#note-preview", DocView).show(rendered)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.request(m.SearchNotes(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_main()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.request_preview(event.row_key.value if event.row_key else None)

    def action_focus_search(self) -> None:
        self.query_one("#notes-search", Input).focus()

    def action_leave_search(self) -> None:
        self.focus_main()

    def action_edit_note(self) -> None:
        self.request(m.EditFile("note", self.current_key()))

    def action_show_hints(self) -> None:
        self.request(m.ShowHints())

    def preview_message(self, key):
        return m.PreviewNote(key, self.query_one("#note-preview", DocView).frame())

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "leave_search":
            return self.query_one("#notes-search", Input).has_focus
        if action == "edit_note":
            return self.current_key() is not None
        return super().check_action(action, parameters)


def note_doc(note) -> Doc:
    """The preview of a note: title, 'kind · category · updated · tags', its path, then the body."""
    facts = " · ".join(x for x in (note.kind, note.category, f"updated {note.updated}", ", ".join(note.tags)) if x)
    head = Text.assemble((note.title, "doc.title"), "\n", (facts, "doc.muted"), "\n",
                         (f"mage/notes/{note.id}.md", "doc.path"))
    return Doc(head, note.body)
