"""The Maintenance pane (`7`): what `mage maintain` proposes, each with its evidence, and keys to decide.

`m` merges the highlighted near-duplicates, `r` retires an unused note, `a`
applies what else can be applied (prune an index entry, stage a log lesson),
`x` dismisses for good (mage/dismissed.jsonl). Stale pointers, oversized notes
and missing summaries are a person's edit: `e` opens the note.
"""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from mage_tui.format import plural
from mage_tui.app.messages.maintenance import ActOnProposal
from mage_tui.app.messages import EditFile
from mage_tui.app.widgets.list_table import Col, ListTable, cell, list_guess
from mage_tui.app.widgets.pane import DetailScroll, Pane

LABELS = {"merge": "merge", "stale": "stale", "retire": "retire?", "index": "prune", "size": "too big",
          "summary": "no summary", "lesson": "lesson"}
NOTHING = ("Nothing to maintain. `mage maintain` looks for near-duplicate notes, notes whose pointers name files "
           "git says were deleted, renamed or much changed, notes unused for 90 days while others were used, "
           "INDEX.md or MEMORY.md lines whose note is gone, and fixed failures in recent daily logs no note covers.")
COLUMNS = (Col("kind", "kind", 10), Col("title", "proposal"))


class MaintenancePane(Pane):
    """Proposals (kind, what) with the highlighted one's evidence."""

    SECTION = "maintenance"
    TABLE_ID = "proposals"
    DETAIL_ID = "proposal-side"
    BINDINGS = [
        Binding("m", "act('merge')", "merge", tooltip="Merge the two near-duplicate notes (the smaller is retired)",
                id="maintenance.merge"),
        Binding("r", "act('retire')", "retire", tooltip="Retire the unused note to mage/archive/ (mage restore brings it back)",
                id="maintenance.retire"),
        Binding("a", "act('apply')", "apply", tooltip="Prune the index entry, or stage the log's lesson as a draft",
                id="maintenance.apply"),
        Binding("x", "act('dismiss')", "dismiss", tooltip="Dismiss the proposal for good (mage/dismissed.jsonl)",
                id="maintenance.dismiss"),
        Binding("e", "edit", "edit note", tooltip="Open the note in $EDITOR", id="maintenance.edit"),
    ]

    proposals: reactive[list | None] = reactive(None, always_update=True, init=False)
    """Proposal dicts (Proposal.to_json), pushed by the screen."""

    def compose(self):
        with Horizontal(classes="pane-body"):
            with Vertical(classes="list-column"):
                yield Static(id="maintenance-caption", classes="list-caption")
                yield ListTable(COLUMNS, guess_width=list_guess(self.app.size.width), id="proposals")
                yield Static(NOTHING, id="maintenance-empty", classes="empty-state")
            with DetailScroll(classes="side-column", id="proposal-side"):
                yield Static(id="proposal-detail", classes="doc-head")

    def on_mount(self) -> None:
        self.table.loading = True

    def watch_proposals(self, proposals) -> None:
        proposals = proposals or []
        table = self.table
        table.loading = False
        table.clear()
        for index, proposal in enumerate(proposals):
            table.add_cells(str(index), {"kind": cell(LABELS.get(proposal["kind"], proposal["kind"])),
                                         "title": cell(proposal["title"])})
        table.display = bool(proposals)
        self.query_one("#maintenance-empty").display = not proposals
        self.query_one("#proposal-side").display = bool(proposals)
        self.query_one(".list-column").set_class(not proposals, "-wide")
        self.query_one("#maintenance-caption", Static).update(Content.styled(
            f"{plural(len(proposals), 'proposal')} · m merge · r retire · a apply · x dismiss", "$text-muted"))
        self._detail(self.current_key())
        self.screen.refresh_bindings()

    def on_list_table_refit(self, event: ListTable.Refit) -> None:
        event.stop()
        if self.proposals is not None:
            self.watch_proposals(self.proposals)

    def on_data_table_row_highlighted(self, event: ListTable.RowHighlighted) -> None:
        event.stop()
        self._detail(event.row_key.value if event.row_key else None)
        self.screen.refresh_bindings()

    def current(self) -> dict | None:
        key, proposals = self.current_key(), self.proposals or []
        return proposals[int(key)] if key is not None and int(key) < len(proposals) else None

    def _detail(self, key) -> None:
        proposals = self.proposals or []
        proposal = proposals[int(key)] if key is not None and int(key) < len(proposals) else None
        self.query_one("#proposal-detail", Static).update(proposal_detail(proposal) if proposal else "")

    def action_act(self, verb: str) -> None:
        proposal = self.current()
        if proposal is not None:
            self.request(ActOnProposal(proposal, verb))

    def action_edit(self) -> None:
        proposal = self.current()
        if proposal and proposal["notes"]:
            self.request(EditFile("note", proposal["notes"][-1]))

    def check_action(self, action: str, parameters) -> bool | None:
        proposal = self.current()
        if action == "act":
            verb = parameters[0] if parameters else ""
            if proposal is None:
                return False
            if verb == "dismiss":
                return True
            if verb in ("merge", "retire"):
                return proposal["action"] == verb
            return proposal["action"] in ("reindex", "stage")
        if action == "edit":
            return bool(proposal and proposal["notes"] and proposal["kind"] not in ("index", "lesson"))
        return super().check_action(action, parameters)


def proposal_detail(proposal: dict) -> Content:
    parts = [Content.styled(proposal["title"], "bold $text"), Content("\n"),
             Content.styled(f"{proposal['kind']} · key {proposal['key']}\n", "$text-muted"),
             Content.styled("\nevidence\n", "bold $text-accent")]
    parts += [Content(f"  {line}\n") for line in proposal["evidence"]]
    what = {"merge": "m merges them", "retire": "r retires it", "reindex": "a regenerates INDEX.md and MEMORY.md",
            "stage": "a stages it as a draft (source log)"}.get(proposal["action"] or "", "e opens the note to fix it")
    parts.append(Content.styled(f"\n{what}; x dismisses it for good\n", "$text-muted"))
    return Content.assemble(*parts)
