"""The Notes pane: every note by category, live search with scores, the rendered note beside.

Notes that cannot be read stay listed (⚠, first, with the file's line) so
`e` can reopen them; their preview is the problem and the file's text.
"""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from rich.text import Text
from textual.widgets import Input, Static

from mage_tui.app import messages as m
from mage_tui.doc_render import Doc
from mage_tui.format import plural
from mage_tui.app.widgets.doc_view import DocView
from mage_tui.app.widgets.list_table import Col, ListTable, cell, list_guess
from mage_tui.app.widgets.pane import Pane

FIRST_ROWS, CHUNK_ROWS = 100, 1000
EMPTY = "No notes yet. Accept a draft on Staging (1, then a) and it lands in mage/notes/."
BROKEN = "⚠ unreadable"
COLUMNS = (Col("category", "category", 14, needs=56), Col("title", "note"), Col("kind", "kind", 10, needs=70))
SEARCH_COLUMNS = (Col("score", "score", 5), Col("title", "note"), Col("category", "category", 14, needs=70),
                  Col("kind", "kind", 10, needs=84))


class NotesPane(Pane):
    """Notes grouped by category; typing in the search box runs recall live, best first with its score."""

    SECTION = "notes"
    TABLE_ID = "notes-table"
    DETAIL_ID = "note-preview"
    BINDINGS = [
        Binding("e", "edit_note", "edit", tooltip="Open the note in $EDITOR", id="notes.edit"),
        Binding("h", "show_hints", "hints", tooltip="What was hinted before recent prompts, and why", id="notes.hints"),
        Binding("escape", "back", "clear search", tooltip="Clear the search (or leave the detail) and show every note",
                id="notes.clear"),
    ]

    notes: reactive[list] = reactive(list, always_update=True, init=False)
    """Every note, light records (pushed by the screen)."""
    broken: reactive[list] = reactive(list, always_update=True, init=False)
    """Note files that cannot be read (pushed with the notes)."""
    matches: reactive[list | None] = reactive(None, always_update=True, init=False)
    """(id, score) matching the search, best first; None shows every note by category."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.loaded = False
        self.engine = "title filter"
        self._by_id: dict = {}
        self._broken: dict = {}
        self._generation = 0  # which fill is adding rows; an older one stops
        self._counts = (0, 0)
        self._keep: str | None = None  # the note the cursor goes back to once its row is added

    def compose(self):
        with Horizontal(classes="pane-body"):
            with Vertical(classes="list-column"):
                yield Input(placeholder="search notes (live recall)", id="notes-search", compact=True)
                yield Static(id="notes-count", classes="list-caption")
                yield ListTable(COLUMNS, guess_width=list_guess(self.app.size.width), id="notes-table")
                yield Static(EMPTY, id="notes-empty", classes="empty-state")
            yield DocView(id="note-preview", classes="side-column")

    def on_mount(self) -> None:
        self.table.loading = True
        self.query_one("#notes-empty").display = False

    def watch_notes(self, notes: list) -> None:
        self.loaded = True
        self._by_id = {note.id: note for note in notes}
        self._fill()

    def watch_broken(self, broken: list) -> None:
        self._broken = {item["id"]: item for item in broken}

    def watch_matches(self, matches) -> None:
        self.table.set_columns(COLUMNS if matches is None else SEARCH_COLUMNS)
        self._fill(keep=False)  # a new search starts at its best match

    def on_list_table_refit(self, event: ListTable.Refit) -> None:
        event.stop()
        self._fill()

    def _fill(self, keep: bool = True) -> None:
        """Fill the list; `keep`: the cursor stays on the note it was on (a reload, an edit)."""
        table = self.table
        self._keep = self.current_key() if keep else None
        table.loading = False
        notes = self._by_id
        if self.matches is None:
            ordered = [(n, None) for n in sorted(notes.values(), key=lambda n: (n.category, n.title.lower(), n.id))]
        else:
            ordered = [(notes[i], score) for i, score in self.matches if i in notes]
        table.clear()
        self._generation += 1
        rows = (self._broken_rows() if self.matches is None else []) + self._rows(ordered)
        self._add_rows(self._generation, rows, first=True)
        self._counts = (len(ordered), len(notes))
        self._caption(*self._counts)
        self.query_one("#notes-empty").display = not notes and not self._broken
        self.request_preview(self.current_key())  # after the rows have painted
        self.screen.refresh_bindings()

    def _broken_rows(self) -> list[tuple]:
        return [(item["id"], {"category": cell(BROKEN, "bold"), "title": cell(f"{item['file']}:{item['line']}"),
                              "kind": cell(item["error"])}) for item in self._broken.values()]

    def _rows(self, ordered: list) -> list[tuple]:
        """(key, cells); in the grouped view a category shows on its first row only."""
        rows, previous = [], None
        for note, score in ordered:
            shown = note.category if (self.matches is not None or note.category != previous) else ""
            previous = note.category
            rows.append((note.id, {"category": Text(shown, style="bold"), "title": cell(note.title),
                                   "kind": cell(note.kind), "score": cell(f"{score:.2f}" if score else "")}))
        return rows

    def _add_rows(self, generation: int, rows: list, first: bool = False) -> None:
        """Add rows a screenful at first, then in chunks between frames: thousands never freeze the app."""
        if generation != self._generation:
            return  # a newer fill (a new search) replaced this one
        table = self.table
        chunk, rest = rows[:FIRST_ROWS if first else CHUNK_ROWS], rows[FIRST_ROWS if first else CHUNK_ROWS:]
        for key, cells in chunk:
            table.add_cells(key, cells)
        if self._keep is not None and self._keep in (key for key, _cells in chunk):
            table.move_cursor(row=table.get_row_index(self._keep), animate=False)
            self._keep = None
        if rest:
            self.app.activity.after_refresh(self, self._add_rows, generation, rest)

    def _caption(self, shown: int, total: int) -> None:
        query = self.query_one("#notes-search", Input).value.strip()
        if self.matches is None:
            text = plural(total, "note") + " by category"
            if self._broken:
                text += f" · {len(self._broken)} unreadable"
        else:
            text = f"{shown} of {plural(total, 'note')} match “{query}” ({self.engine}) · escape clears"
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

    def show_note(self, loaded: m.NotePreviewLoaded) -> None:
        """Show a note rendered in the worker that loaded it, if it is still the one under the cursor."""
        if loaded.note_id != self.current_key():
            self.request_preview(self.current_key())  # the list changed meanwhile: its own note, then
            return
        self.query_one("#note-preview", DocView).show(loaded.rendered)

    def broken_note(self, note_id: str | None) -> dict | None:
        return self._broken.get(note_id)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.request(m.SearchNotes(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_main()

    def on_doc_view_stale(self, event: DocView.Stale) -> None:
        event.stop()
        self.request_preview(self.current_key())

    def on_data_table_row_highlighted(self, event: ListTable.RowHighlighted) -> None:
        event.stop()
        self.request_preview(event.row_key.value if event.row_key else None)

    def action_focus_search(self) -> None:
        self.screen.set_focus(self.query_one("#notes-search", Input))

    def action_back(self) -> None:
        search = self.query_one("#notes-search", Input)
        if not self.detail_open() and (search.has_focus or search.value):
            search.value = ""  # the change runs an empty search: every note again
        super().action_back()

    def action_edit_note(self) -> None:
        self.request(m.EditFile("note", self.current_key()))

    def action_show_hints(self) -> None:
        self.request(m.ShowHints())

    def preview_message(self, key):
        return m.PreviewNote(key, self.query_one("#note-preview", DocView).frame())

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "back":
            search = self.query_one("#notes-search", Input)
            return search.has_focus or bool(search.value) or self.detail_open()
        if action == "edit_note":
            return self.current_key() is not None
        return super().check_action(action, parameters)


def note_doc(note, shown_bytes: int | None = None, total_bytes: int = 0) -> Doc:
    """The preview of a note: title, 'kind · category · updated · tags', its path, then the body
    (`shown_bytes` of a longer body, with a line saying so)."""
    facts = " · ".join(x for x in (note.kind, note.category, f"updated {note.updated}", ", ".join(note.tags)) if x)
    head = Text.assemble((note.title, "doc.title"), "\n", (facts, "doc.muted"), "\n",
                         (f"mage/notes/{note.id}.md", "doc.path"))
    body = note.body
    if shown_bytes is not None:
        notice = (f"This note is {_size(total_bytes)}: the preview shows its first {_size(shown_bytes)}. "
                  "e opens the whole note in $EDITOR.")
        head.append_text(Text.assemble("\n", (notice, "doc.warning")))
        body = body.encode("utf-8")[:shown_bytes].decode("utf-8", errors="ignore").rsplit("\n", 1)[0]
        body += f"\n\n*… {notice}*\n"
    return Doc(head, body)


def broken_doc(problem: dict, raw: str) -> Doc:
    """An unreadable note: the problem, where, the way out, then the file's text numbered."""
    from mage_tui.app.widgets.draft_preview import numbered_block

    head = Text.assemble((f"⚠ {problem['file']} cannot be read", "doc.error"), "\n",
                         (f"line {problem['line']}: {problem['error']}", "doc.warning"), "\n",
                         (f"mage/notes/{problem['file']}", "doc.path"), "\n",
                         ("e opens it in $EDITOR to fix; until then recall, INDEX.md and MEMORY.md leave it out.",
                          "doc.muted"))
    return Doc(head, numbered_block(raw))


def _size(count: int) -> str:
    return f"{count / 1024 / 1024:.1f} MB" if count >= 1024 * 1024 else f"{count // 1024} KB"

