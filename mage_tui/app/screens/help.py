"""`?`: every key by pane with its binding id for remapping, and every mark the app draws.

Two columns on a wide terminal, one on a narrow one; it scrolls (j/k, the
arrows, space and the page keys) so nothing is cut off at 80×24.
"""

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from mage_tui.app.commands.palette import binding_sections, key_in_force
from mage_tui.app.screens.dialog import Dialog
from mage_tui.app.widgets.list_table import NARROW

INTRO = ("Arrows, page keys, home and end work wherever j/k do · remap in mage/config.yaml: "
         "keys: {staging.accept: y} · ctrl+p finds any command by name")
# Every mark the app draws, and what it means.
MARKS = [
    ("●", "Staging: the draft is selected for a batch (space; A and R act on the selection)"),
    ("→", "Staging: the agent (or you, with p) proposed a verdict for this draft"),
    ("⇢accept", "Staging, source column: the verdict proposed (⇢accept or ⇢reject); P approves them all"),
    ("⚠", "a draft or note file that cannot be read: its file:line, e opens it to fix"),
    ("⟳", "work in progress (in the top bar; on a draft: an action is running on it)"),
    ("sim", "Staging: similarity to the nearest note, 0.97 (1.00: a duplicate; d diffs, m merges)"),
    ("age", "Staging: since the draft was staged, 5m 3h 2d 6w (minutes, hours, days, weeks)"),
    ("- +", "diff: a line only in the note (-) or only in the draft (+); merge: a line the merge adds (+)"),
    ("╱╱╱", "diff: no line on this side"),
    ("score", "Notes search: how well the note matches, 0.83 (recall's 0–1 score)"),
    ("▶", "Dials: the level in force"),
    ("✓ ✗", "command bar: the last action worked, or failed"),
]


class HelpScreen(Dialog[None]):
    """A scrollable list of every binding (key, what it does, binding id) and every mark."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "close", id="help.close"),
                Binding("j,down", "scroll(1)", show=False, id="help.down"),
                Binding("k,up", "scroll(-1)", show=False, id="help.up"),
                Binding("space,pagedown", "page(1)", show=False, id="help.page_down"),
                Binding("pageup", "page(-1)", show=False, id="help.page_up")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]

    def compose(self):
        with Vertical(classes="dialog dialog-wide", id="help-dialog"):
            yield Static(Content.assemble(Content.styled("mage keys", "bold $text"),
                                          Content.styled("   j/k scroll · escape, ? or q closes", "$text-muted")),
                         classes="dialog-title")
            with VerticalScroll(id="help-keys", can_focus=False):
                yield Static(id="help-text")
            yield Static(Content.styled(INTRO, "$text-muted"), classes="dialog-hint")

    def on_mount(self) -> None:
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    def draw(self) -> None:
        narrow = (self.size.width or self.app.size.width) < NARROW
        self.query_one("#help-text", Static).update(help_text(self.app, one_column=narrow))

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-keys").scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        view = self.query_one("#help-keys")
        view.scroll_relative(y=pages * max(1, view.size.height - 1), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def help_text(app, one_column: bool) -> Content:
    """Everywhere, Dials and Recurrence beside Staging, Notes and Skills (or all in one column), then marks."""
    sections = {name: bindings for name, _node, bindings in binding_sections(app)}
    moves = [b for b in sections.get("staging", []) if b.id.startswith(("move.", "detail."))]
    sections = {name: [b for b in bindings if not b.id.startswith(("move.", "detail."))]
                for name, bindings in sections.items()}
    sections["everywhere"] = sections.pop("app", []) + moves
    left = [_section(app, n, sections.get(n, [])) for n in ("everywhere", "dials", "recurrence", "maintenance")]
    right = [_section(app, n, sections.get(n, [])) for n in ("staging", "notes", "skills")]
    if one_column:
        keys = Content("\n").join(left[:1] + right + left[1:])
    else:
        keys = _side_by_side(Content("\n").join(left), Content("\n").join(right))
    return Content.assemble(keys, Content("\n"), _marks())


def _section(app, name: str, bindings: list) -> Content:
    lines = [Content.styled(f"{name}\n", "bold $text-accent")]
    for binding in bindings:
        key = key_in_force(app, binding)
        lines.append(Content.assemble(
            Content.styled(f"{key:<9}", "bold $text-secondary"), Content.styled(f"{binding.description:<19}", "$text"),
            Content.styled(f" {binding.id}", "$text-muted"), Content("\n")))
    return Content.assemble(*lines)


def _side_by_side(left: Content, right: Content, width: int = 56) -> Content:
    """Two columns of lines, the left padded to `width` cells."""
    lefts, rights = left.split("\n"), right.split("\n")
    rows = []
    for index in range(max(len(lefts), len(rights))):
        one = lefts[index] if index < len(lefts) else Content("")
        two = rights[index] if index < len(rights) else Content("")
        rows.append(Content.assemble(one, Content(" " * max(1, width - one.cell_length)), two))
    return Content("\n").join(rows)


def _marks() -> Content:
    lines = [Content.styled("marks\n", "bold $text-accent")]
    for mark, meaning in MARKS:
        lines.append(Content.assemble(Content.styled(f"{mark:<9}", "bold $text-secondary"),
                                      Content.styled(meaning, "$text"), Content("\n")))
    return Content.assemble(*lines)
