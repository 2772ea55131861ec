"""Merge, seen before it is written: the note, the draft and the merged note side by side.

The merged column is exactly what `y` writes (the engine's section-aware
merge, mage_engine.grooming.merge): lines the merge adds are marked `+`.
The title and summary are edited in place; `t` chooses whether the draft's
steps replace the note's or go under them; `e` opens the merged note in
$EDITOR, and what the person saves there is what `y` writes (checked first:
a mistake names its line and nothing is written). On a narrow terminal one
column shows at a time (`v` switches).

Dismisses with ("merge", text), ("choose", None) for another note, or None.
"""

import tempfile
from pathlib import Path

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Static

from mage_engine.base.errors import MageError
from mage_tui.activity import in_thread
from mage_tui.app.screens.dialog import Dialog
from mage_tui.app.widgets.key_bar import KeyBar
from mage_tui.app.widgets.list_table import NARROW
from mage_tui.app.widgets.pane import DetailScroll

COLUMNS = ("note", "draft", "merged")
STEPS = {"replace": "the draft's steps replace the note's", "under": "the draft's steps go under the note's"}


class MergeReady(Message):
    """The merged note's file text and its parsed note, computed in a worker (or the reason it could not be)."""

    def __init__(self, text: str | None, merged=None, error: str | None = None):
        super().__init__()
        self.text, self.merged, self.error = text, merged, error


class MergeScreen(Dialog[tuple | None]):
    """Review (and shape) a merge of one draft into one note before anything is written."""

    BINDINGS = [
        Binding("y", "merge", "merge", tooltip="Write the merged note (as shown), re-index, drop the draft",
                id="merge.confirm"),
        Binding("e", "edit", "edit in $EDITOR", tooltip="Open the merged note in $EDITOR before writing it",
                id="merge.edit"),
        Binding("t", "toggle_steps", "steps", tooltip="The draft's steps replace the note's, or go under them",
                id="merge.steps"),
        Binding("c", "choose", "another note", tooltip="Merge into another note instead", id="merge.choose"),
        Binding("v", "next_column", "view", tooltip="Show the note, the draft or the merge (narrow terminals)",
                id="merge.view"),
        Binding("escape", "cancel", "cancel", tooltip="Leave without writing anything", id="merge.cancel"),
    ]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]

    def __init__(self, service, draft, note, offer_choice: bool = True):
        super().__init__()
        self.service, self.draft, self.note, self.offer_choice = service, draft, note, offer_choice
        self.steps = "replace"
        self.text: str | None = None  # the merged note file, as `y` would write it
        self.edited = False  # the person changed it in $EDITOR: the title and summary fields step aside
        self.column = "merged"  # the one column a narrow terminal shows

    def compose(self):
        with Vertical(id="merge-screen"):
            yield Static(Content.assemble(
                Content.styled("Merge ", "bold $text"), Content.styled(self.draft.title, "bold $text-success"),
                Content.styled("  into  ", "$text-muted"),
                Content.styled(f"mage/notes/{self.note.id}.md", "bold $text-accent")), id="merge-title")
            with Horizontal(classes="merge-field"):
                yield Static("title", classes="merge-label")
                yield Input(self.note.title, id="merge-title-input", compact=True)
            with Horizontal(classes="merge-field"):
                yield Static("summary", classes="merge-label")
                yield Input(self.note.summary, id="merge-summary-input", compact=True)
            with Horizontal(id="merge-columns"):
                for name in COLUMNS:
                    with DetailScroll(id=f"merge-{name}", classes="merge-column"):
                        yield Static(id=f"merge-{name}-text")
            yield Static(id="merge-status")
            yield KeyBar(id="merge-keys")

    def on_mount(self) -> None:
        self.query_one("#merge-note-text", Static).update(column("note (now)", self.note, None))
        self.query_one("#merge-draft-text", Static).update(column("draft", self.draft, None))
        self._show_column()
        self.query_one("#merge-merged").focus()
        self.recompute()

    # --- the merged text ---------------------------------------------------------------------
    def recompute(self) -> None:
        """Merge again with the title, summary and steps as they stand now (in a worker)."""
        title = self.query_one("#merge-title-input", Input).value
        summary = self.query_one("#merge-summary-input", Input).value
        self.compute(title, summary, self.steps)

    @in_thread("merge-preview")
    def compute(self, title: str, summary: str, steps: str) -> MergeReady:
        try:
            text = self.service.merge_text(self.draft.id, self.note.id, title=title or None,
                                           summary=summary if summary != self.note.summary else None, steps=steps)
            return MergeReady(text, self.service.check_merged_text(self.note.id, text))
        except MageError as error:
            return MergeReady(None, error=str(error))

    def on_merge_ready(self, message: MergeReady) -> None:
        if message.text is not None and not self.edited:
            self.show_text(message.text, message.merged)
        self.status(message.error)

    def show_text(self, text: str, merged) -> None:
        self.text = text
        note_lines = {" ".join(line.split()) for line in self.note.body.splitlines()} | {self.note.title}
        heading = "merged: what y writes" + (" (edited in $EDITOR)" if self.edited else "")
        self.query_one("#merge-merged-text", Static).update(column(heading, merged, note_lines))

    def status(self, error: str | None) -> None:
        if error:
            line = Content.styled(f"✗ {error}", "bold $text-error")
        elif self.edited:
            line = Content.styled("edited in $EDITOR: y writes it as you saved it · nothing is written until y",
                                  "$text-muted")
        else:
            line = Content.assemble(Content.styled(STEPS[self.steps], "$text"),
                                    Content.styled(" (t) · nothing is written until y", "$text-muted"))
        self.query_one("#merge-status", Static).update(line)

    # --- fields ------------------------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.recompute()
        self.query_one("#merge-merged").focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if not self.edited:
            self.recompute()

    # --- keys --------------------------------------------------------------------------------
    def action_merge(self) -> None:
        if self.text is not None:
            self.dismiss(("merge", self.text))

    def action_toggle_steps(self) -> None:
        self.steps = "under" if self.steps == "replace" else "replace"
        self.recompute()

    def action_choose(self) -> None:
        self.dismiss(("choose", None))

    def action_next_column(self) -> None:
        self.column = COLUMNS[(COLUMNS.index(self.column) + 1) % len(COLUMNS)]
        self._show_column()

    def _show_column(self) -> None:
        for name in COLUMNS:
            self.query_one(f"#merge-{name}").set_class(name == self.column, "-shown")

    _broken_edit: str | None = None  # an edit that did not parse: `e` reopens it as it was left

    def action_edit(self) -> None:
        """Open the merged note in $EDITOR; what is saved there becomes what `y` writes, once it parses."""
        start = self._broken_edit or self.text
        if start is None:
            return
        self._broken_edit = None
        self.service.kb.state_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", suffix=".md", prefix=f"merge-{self.note.id}-",
                                         dir=self.service.kb.state_dir, delete=False, encoding="utf-8") as handle:
            handle.write(start)
        path = Path(handle.name)
        try:
            self.app.edit_file(path)
            edited = path.read_text(encoding="utf-8")
        finally:
            path.unlink(missing_ok=True)
        try:
            merged = self.service.check_merged_text(self.note.id, edited)
        except MageError as error:
            self.status(f"{error}: e edits again; nothing was written")
            self.text, self.edited = None, True  # y waits for a text that parses
            self._broken_edit = edited
            return
        self.edited = True
        for field in self.query(Input):
            field.disabled = True
        self.show_text(edited, merged)
        self.status(None)

    def action_cancel(self) -> None:
        focused = self.focused
        if isinstance(focused, Input):  # escape in a field leaves the field, not the merge
            self.query_one("#merge-merged").focus()
            return
        self.dismiss(None)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "choose":
            return self.offer_choice
        if action == "toggle_steps":
            return not self.edited
        if action == "next_column":
            return self.has_class("-narrow")
        if action == "merge":
            return self.text is not None
        if action == "edit":
            return self.text is not None or self._broken_edit is not None
        return True


def column(heading: str, note, note_lines: set | None) -> Content:
    """A column: its heading, the note's title and tags, then its body; with `note_lines`, what the
    note lacks is marked `+`."""
    parts = [Content.styled(heading, "bold $text-accent"), Content("\n")]
    lines = [f"# {note.title}", f"tags: {', '.join(note.tags)}" if note.tags else "", ""]
    for line in lines + note.body.rstrip("\n").splitlines():
        text = line.removeprefix("# ") if line == f"# {note.title}" else line
        added = note_lines is not None and line.strip() and " ".join(text.split()) not in note_lines \
            and not line.startswith("tags: ")
        parts += [Content.styled("+ " if added else "  ", "bold $text-success" if added else ""),
                  Content.styled(line, "on $success-muted" if added else ""), Content("\n")]
    return Content.assemble(*parts)
