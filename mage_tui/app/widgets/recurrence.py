"""The Recurrence pane: signature tallies from the trail, and candidates for notes."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import ProgressBar, Static

from mage_tui.app import messages as m
from mage_tui.format import clip, plural
from mage_tui.app.widgets.list_table import Col, ListTable, cell, list_guess
from mage_tui.app.widgets.pane import DetailScroll, Pane

NOT_INSTALLED = ("Recurrence is not part of this mage yet. Once it is, `mage distill` folds the trail in "
                 ".mage/learnings/ into signature tallies (a failure and its fix, a retry, a correction) "
                 "and `mage promote` stages the ones seen in at least K chapters as drafts. They show here.")
NOTHING_YET = ("No recurring situations yet. Tallies grow as sessions are captured; a signature seen in at "
               "least K distinct chapters becomes a candidate (`mage promote` stages it).")


COLUMNS = (Col("signature", "signature"), Col("chapters", "ch", 3), Col("count", "n", 3),
           Col("candidate", "cand", 4, needs=50))


def chapters_of(item: dict) -> int:
    value = item.get("chapters", item.get("distinct_chapters", 0))
    return len(value) if isinstance(value, (list, tuple, set)) else int(value or 0)


class RecurrencePane(Pane):
    """Tallies (signature, chapters, count, last seen) with the highlighted one's evidence."""

    SECTION = "recurrence"
    TABLE_ID = "tallies"
    DETAIL_ID = "tally-side"
    BINDINGS = [
        Binding("d", "distill", "distill", tooltip="Fold the trail again (mage distill) and reload",
                id="recurrence.distill"),
    ]

    state: reactive[dict | None] = reactive(None, always_update=True, init=False)
    """{'available', 'tallies', 'candidates'} (pushed by the screen)."""

    def compose(self):
        with Horizontal(classes="pane-body"):
            with Vertical(classes="list-column"):
                yield Static(id="recurrence-caption", classes="list-caption")
                yield ProgressBar(id="distill-progress", show_eta=False)
                yield ListTable(COLUMNS, guess_width=list_guess(self.app.size.width), id="tallies")
                yield Static(id="recurrence-empty", classes="empty-state")
            with DetailScroll(classes="side-column", id="tally-side"):
                yield Static(id="tally-detail", classes="doc-head")

    def on_mount(self) -> None:
        self.table.loading = True
        self.query_one("#distill-progress").display = False

    def show_progress(self, done: int, total: int) -> None:
        """Worker progress while the trail is folded."""
        bar = self.query_one("#distill-progress", ProgressBar)
        bar.display = True
        bar.update(total=total or None, progress=done)

    def on_list_table_refit(self, event: ListTable.Refit) -> None:
        event.stop()
        if self.state is not None:
            self._fill_table()

    def _fill_table(self) -> tuple[list, set]:
        table = self.table
        table.loading = False
        table.clear()
        state = self.state or {"available": False, "tallies": [], "candidates": []}
        candidates = {c.get("signature") for c in state["candidates"]}
        tallies = sorted(state["tallies"], key=lambda t: (-chapters_of(t), str(t.get("signature"))))
        for index, tally in enumerate(tallies):
            table.add_cells(str(index), {"signature": cell(tally.get("signature", "?")),
                                         "chapters": cell(chapters_of(tally)), "count": cell(tally.get("count", "")),
                                         "candidate": cell("yes" if tally.get("signature") in candidates else "")})
        self._tallies = tallies
        return tallies, candidates

    def watch_state(self, state) -> None:
        self.query_one("#distill-progress").display = False
        table = self.table
        state = state or {"available": False, "tallies": [], "candidates": []}
        tallies, candidates = self._fill_table()
        empty = Content(NOT_INSTALLED if not state["available"] else NOTHING_YET)
        trail = state.get("trail")
        if trail:
            empty += Content.styled(f"\n\nThe trail holds {trail['chapters']} chapters from {trail['sessions']} "
                                    f"sessions; {trail['evidence']} have enough work to count as evidence "
                                    "(`mage chapters` lists them).", "$text-muted")
        self.query_one("#recurrence-empty", Static).update(empty)
        self.query_one("#recurrence-empty").display = not tallies
        self.query_one("#tally-side").display = bool(tallies)
        self.parent_list_width(bool(tallies))
        table.display = bool(tallies)
        self.query_one("#recurrence-caption", Static).update(Content.styled(
            f"{plural(len(tallies), 'signature')} · {plural(len(candidates - {None}), 'candidate')} "
            f"(seen in at least K chapters)", "$text-muted"))
        self._detail(self.current_key())

    def parent_list_width(self, has_tallies: bool) -> None:
        """The empty state takes the whole pane; tallies share it with their detail."""
        self.query_one(".list-column").set_class(not has_tallies, "-wide")

    def on_data_table_row_highlighted(self, event: ListTable.RowHighlighted) -> None:
        event.stop()
        self._detail(event.row_key.value if event.row_key else None)

    def _detail(self, key) -> None:
        tallies = getattr(self, "_tallies", [])
        tally = tallies[int(key)] if key is not None and int(key) < len(tallies) else None
        self.query_one("#tally-detail", Static).update(tally_detail(tally) if tally else "")

    def action_distill(self) -> None:
        self.request(m.RefreshRecurrence())

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "distill":
            return bool(self.state and self.state.get("available"))
        return super().check_action(action, parameters)


def tally_detail(tally: dict) -> Content:
    """The signature, when it was seen, up to three examples and the fix steps."""
    parts = [Content.styled(str(tally.get("signature")), "bold $text"), Content("\n"),
             Content.styled(f"{chapters_of(tally)} chapters · {tally.get('count', '?')} times · first "
                            f"{_when(tally.get('first_seen'))} · last {_when(tally.get('last_seen'))}\n",
                            "$text-muted")]
    examples = tally.get("examples") or []
    if examples:
        parts.append(Content.styled("\nexamples\n", "bold $text-accent"))
        parts += [_example(example) for example in examples[:3]]
    fixes = tally.get("fix_steps") or []
    if fixes:
        parts.append(Content.styled("\nfix seen\n", "bold $text-accent"))
        parts += [_fix(fix) for fix in fixes[:3]]
    return Content.assemble(*parts)


def _when(stamp) -> str:
    """'2026-03-10T09:06:16.000Z' as '2026-03-10 09:06'."""
    text = str(stamp or "?")
    return text[:16].replace("T", " ")


def _example(example) -> Content:
    if not isinstance(example, dict):
        return Content(f"  {clip(str(example), 200)}\n")
    what = example.get("command") or example.get("prompt") or example.get("tool") or ""
    error = example.get("error")
    return Content.assemble(Content.styled(f"  {_when(example.get('at'))}  ", "$text-muted"),
                            Content(clip(what, 120)), Content.styled(f"  → {clip(error, 120)}" if error else "",
                                                                     "$text-error"), Content("\n"))


def _fix(fix) -> Content:
    if not isinstance(fix, dict):
        return Content(f"  {clip(str(fix), 200)}\n")
    steps = " → ".join(map(str, fix.get("steps") or []))
    return Content.assemble(Content.styled(f"  {fix.get('count', '?')}×  ", "$text-muted"),
                            Content.styled(steps, "$text-success"), Content("\n"))
