"""From a pane's request to the engine: ask what is missing, confirm what destroys or widens, run, report.

Mixed into MainScreen (with MergeFlow and DialFlow, which ask before a merge and before raising
autonomy). Every engine call runs in a thread worker
(activity.in_thread) whose report is GroomFinished or ActionFailed; the
handlers on the event loop log the result, push it into the panes and
reload what changed. Dialogs open through `open_dialog`, so their opening
and answer count as the app's activity. What widens the agent's power
(raising autonomy, approving every proposal) asks first; lowering never does.
"""

from textual.content import Content

from mage_engine.base.errors import MageError
from mage_tui.app import messages as m
from mage_tui.activity import in_thread
from mage_tui.format import clip, plural
from mage_tui.app.screens.dialog import open_dialog
from mage_tui.app.widgets.command_bar import LogEntry, summary

LOG_SIZE = 50


class GroomingFlows:
    """Request handlers for accept, reject, propose, approve, undo, edit, suggestions and distill."""

    def _title(self, draft_id: str) -> str:
        row = next((r for r in self.pane("staging").rows if r["id"] == draft_id), None)
        return row["title"] if row else draft_id

    def on_accept_drafts(self, message: m.AcceptDrafts) -> None:
        ids = [i for i in message.ids if i]
        if ids and message.to and any(message.to.get(i) == "personal" for i in ids):
            self.start_groom("accepting", ids, self.service.accept_split, ids, message.to)
        elif ids:
            self.start_groom("accepting", ids, self.service.accept, ids)

    def on_reject_drafts(self, message: m.RejectDrafts) -> None:
        ids = [i for i in message.ids if i]

        from mage_tui.app.screens.reason import ReasonScreen  # dialogs load when first asked, not at start

        def rejected(reason: str | None) -> None:
            if reason is not None:
                self.start_groom("rejecting", ids, self.service.reject, ids, reason)

        if ids:
            open_dialog(self.app, ReasonScreen([self._title(i) for i in ids]), rejected)

    # --- proposals -------------------------------------------------------------------------------
    def on_propose_verdict(self, message: m.ProposeVerdict) -> None:
        from mage_tui.app.screens.propose import ProposeScreen

        def proposed(answer) -> None:
            if answer:
                self.start_groom("proposing", [message.draft_id], self.service.propose, message.draft_id, *answer)

        if message.draft_id:
            open_dialog(self.app, ProposeScreen(self._title(message.draft_id)), proposed)

    def on_approve_proposals(self, message: m.ApproveProposals) -> None:
        """Every proposal becomes a verdict at once: list them and ask first."""
        from mage_tui.app.screens.confirm import ConfirmScreen

        rows = message.rows
        lines = []
        for row in rows[:10]:
            p = row.get("proposal") or {}
            lines += [Content.styled(f"{p.get('verdict', '?'):<7}", "bold $text-warning"),
                      Content.styled(clip(row["title"], 60), "$text"),
                      Content.styled(f"\n        {p.get('by', '?')}: {clip(p.get('reason', ''), 60)}\n", "$text-muted")]
        if len(rows) > 10:
            lines.append(Content.styled(f"… and {len(rows) - 10} more\n", "$text-muted"))
        lines.append(Content.styled("\nAccepted ones become notes, rejected ones go to mage/rejected.jsonl. "
                                    "Nothing is committed; u takes the batch back.", "$text-muted"))

        def decided(choice: str | None) -> None:
            if choice == "approve":
                self.start_groom("approving proposals", [r["id"] for r in rows], self.service.approve_proposals)

        open_dialog(self.app, ConfirmScreen(f"Approve {plural(len(rows), 'proposal')}?", Content.assemble(*lines),
                                            [("approve", "y", "Approve all", "primary"),
                                             ("cancel", "n", "Cancel", "default")]), decided)

    def on_act_on_suggestion(self, message: m.ActOnSuggestion) -> None:
        call = self.service.apply_suggestion if message.verdict == "apply" else self.service.dismiss_suggestion
        if message.suggestion:
            self.start_groom(f"{message.verdict}ing suggestion", [], call, message.suggestion)

    # --- undo ------------------------------------------------------------------------------------
    def action_undo(self) -> None:
        self.start_groom("undoing", [], self.service.undo)

    @in_thread("undo-state")
    def check_undo(self) -> m.UndoChecked:
        return m.UndoChecked(self.service.undoable())

    def on_undo_checked(self, message: m.UndoChecked) -> None:
        self.can_undo = message.what is not None
        self.refresh_bindings()

    # --- running and reporting ---------------------------------------------------------------------
    def start_groom(self, label: str, ids: list, function, *args) -> None:
        """Show `label` as busy (the drafts it works on marked ⟳) and run `function(*args)` in a worker."""
        self.busy = label
        if ids and (staging := self.pane("staging")) is not None:
            staging.mark_busy(ids)
        self.run_groom(function, *args)

    @in_thread("groom", latest_only=False)
    def run_groom(self, function, *args) -> m.GroomFinished | m.ActionFailed:
        with self.service.write_lock:  # one grooming transaction at a time
            try:
                return m.GroomFinished(function(*args))
            except MageError as error:
                return m.ActionFailed(str(error))

    def on_groom_finished(self, message: m.GroomFinished) -> None:
        self.busy = ""
        result = message.result
        self.add_to_log(LogEntry.from_result(result))
        staging = self.pane("staging")
        if result.get("action") == "undo" and staging is not None and result.get("done"):
            staging.prefer = result["done"][0]["draft"]  # the cursor goes to the draft that came back
        if result.get("action") in ("optimize", "dismiss") or self.query_one("#panes").active != "staging":
            command = f"\nthen run: {result['git_command']}" if result.get("git_command") else ""
            self.notify(summary(result) + command, title="done", timeout=8)
        self.load_drafts()
        self.load_notes()
        self.load_skills()
        self.check_undo()

    def add_to_log(self, entry: LogEntry) -> None:
        """Newest first; the Staging bar shows the newest, `L` all of them."""
        self.history = [entry, *self.history][:LOG_SIZE]
        if (staging := self.pane("staging")) is not None:
            staging.show_log(self.history)
        self.refresh_bindings()

    def on_edit_file(self, message: m.EditFile) -> None:
        if not message.item_id:
            return
        self.app.edit_file(self.service.path_for(message.kind, message.item_id))
        {"draft": self.load_drafts, "note": self.load_notes, "skill": self.load_skills}[message.kind]()
        pane = self.pane({"draft": "staging", "note": "notes", "skill": "skills"}[message.kind])
        if message.kind in ("draft", "note"):
            pane.request_preview(message.item_id)  # the pane knows how to ask for its preview

    # --- recurrence ----------------------------------------------------------------------------------
    def on_refresh_recurrence(self, message: m.RefreshRecurrence) -> None:
        self.busy = "distilling the trail"
        self.pane("recurrence").show_progress(0, 0)
        self.run_distill()

    @in_thread("recurrence")
    def run_distill(self) -> m.RecurrenceLoaded:
        def progress(done: int, total: int) -> None:
            self.post_message(m.WorkProgress("distill", done, total))

        return m.RecurrenceLoaded(self.service.recurrence(progress=progress), distilled=True)

    def on_work_progress(self, message: m.WorkProgress) -> None:
        if message.task == "distill":
            self.pane("recurrence").show_progress(message.done, message.total)
        elif message.task == "render":
            self.busy = f"rendering a {message.total // 1024} KB note" if message.done < message.total else ""
        else:
            self.busy = "indexing notes" if message.done < message.total else ""
            self.pane("notes").show_index_progress(message.done, message.total)
