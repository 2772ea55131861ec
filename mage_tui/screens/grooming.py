"""From a pane's request to the engine: ask what is missing, confirm what destroys, run, report.

Mixed into MainScreen. Every engine call runs in a thread worker
(activity.in_thread) whose report is GroomFinished or ActionFailed; the
handlers on the event loop push results into the panes and reload what
changed. Dialogs open through `open_dialog`, so their opening and answer count
as the app's activity.
"""

from textual.content import Content

from mage_engine.base.errors import MageError
from mage_tui import messages as m
from mage_tui.activity import in_thread
from mage_tui.screens.dialog import open_dialog
from mage_tui.widgets.outcome import summary


class GroomingFlows:
    """Request handlers for accept, reject, merge, propose, approve, edit, dials and suggestions."""

    def _title(self, draft_id: str) -> str:
        row = next((r for r in self.pane("staging").rows if r["id"] == draft_id), None)
        return row["title"] if row else draft_id

    def on_accept_drafts(self, message: m.AcceptDrafts) -> None:
        ids = [i for i in message.ids if i]
        if ids:
            self.start_groom("accepting", self.service.accept, ids)

    def on_reject_drafts(self, message: m.RejectDrafts) -> None:
        ids = [i for i in message.ids if i]

        from mage_tui.screens.reason import ReasonScreen  # dialogs load when first asked, not at start

        def rejected(reason: str | None) -> None:
            if reason is not None:
                self.start_groom("rejecting", self.service.reject, ids, reason)

        if ids:
            open_dialog(self.app, ReasonScreen([self._title(i) for i in ids]), rejected)

    def on_merge_draft(self, message: m.MergeDraft) -> None:
        if message.nearest and not message.choose:
            self.confirm_merge(message.draft_id, message.nearest, offer_choice=True)
        else:
            self.choose_merge_target(message.draft_id)

    def confirm_merge(self, draft_id: str, note_id: str, offer_choice: bool) -> None:
        """Ask before a merge rewrites a note; optionally offer to pick another note."""
        from mage_tui.screens.confirm import ConfirmScreen

        body = Content.assemble(
            Content.styled("draft  ", "$text-muted"), Content.styled(self._title(draft_id), "bold $text"),
            Content("\n"), Content.styled("into   ", "$text-muted"),
            Content.styled(f"mage/notes/{note_id}.md", "bold $text-accent"), Content("\n\n"),
            Content.styled("The note is rewritten with the draft folded in and its `updated` date moves; "
                           "INDEX.md and MEMORY.md are regenerated; the draft leaves staging. "
                           "Nothing is committed.", "$text-muted"))
        choices = [("merge", "y", "Merge", "primary")]
        if offer_choice:
            choices.append(("choose", "c", "Another note", "default"))
        choices.append(("cancel", "n", "Cancel", "default"))

        def decided(choice: str | None) -> None:
            if choice == "merge":
                self.start_groom("merging", self.service.merge, draft_id, note_id)
            elif choice == "choose":
                self.choose_merge_target(draft_id)

        open_dialog(self.app, ConfirmScreen("Merge this draft into a note?", body, choices), decided)

    def choose_merge_target(self, draft_id: str) -> None:
        from mage_tui.screens.choose_note import ChooseNoteScreen

        def chosen(note_id: str | None) -> None:
            if note_id:
                self.confirm_merge(draft_id, note_id, offer_choice=False)

        open_dialog(self.app, ChooseNoteScreen(self._title(draft_id), self.notes), chosen)

    def on_propose_verdict(self, message: m.ProposeVerdict) -> None:
        from mage_tui.screens.propose import ProposeScreen

        def proposed(answer) -> None:
            if answer:
                self.start_groom("proposing", self.service.propose, message.draft_id, *answer)

        if message.draft_id:
            open_dialog(self.app, ProposeScreen(self._title(message.draft_id)), proposed)

    def on_approve_proposals(self, message: m.ApproveProposals) -> None:
        self.start_groom("approving proposals", self.service.approve_proposals)

    def on_act_on_suggestion(self, message: m.ActOnSuggestion) -> None:
        call = self.service.apply_suggestion if message.verdict == "apply" else self.service.dismiss_suggestion
        if message.suggestion:
            self.start_groom(f"{message.verdict}ing suggestion", call, message.suggestion)

    def start_groom(self, label: str, function, *args) -> None:
        """Show `label` as busy and run `function(*args)` in a worker."""
        self.busy = label
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
        if result.get("action") in ("optimize", "dismiss"):  # a Skills pane action
            command = f"\nthen run: {result['git_command']}" if result.get("git_command") else ""
            self.notify(summary(result) + command, title="skills", timeout=10)
        else:
            self.pane("staging").show_result(result)
            count = len(result.get("done", []))
            verb = {"accept": "accepted", "reject": "rejected", "merge": "merged", "propose": "proposed",
                    "approve-proposals": "applied"}.get(result.get("action"), "done")
            self.notify(f"{verb} {count} draft{'s' if count != 1 else ''}: the git command is in the bar below",
                        title="done", timeout=5)
        self.load_drafts()
        self.load_notes()
        self.load_skills()

    def on_edit_file(self, message: m.EditFile) -> None:
        if not message.item_id:
            return
        self.app.edit_file(self.service.path_for(message.kind, message.item_id))
        reload = {"draft": self.load_drafts, "note": self.load_notes, "skill": self.load_skills}[message.kind]
        reload()
        if message.kind == "draft":
            self.load_draft_preview(message.item_id)
        elif message.kind == "note":
            self.load_note_preview(message.item_id)

    def on_cycle_dial(self, message: m.CycleDial) -> None:
        self.run_dial(message.name)

    @in_thread("dial-change", latest_only=False)
    def run_dial(self, name: str) -> m.DialsLoaded | m.ActionFailed:
        try:
            dials = self.service.cycle_dial(name)
        except MageError as error:
            return m.ActionFailed(str(error))
        return m.DialsLoaded(dials, changed=f"{name}: {getattr(dials, name)}")

    def on_refresh_recurrence(self, message: m.RefreshRecurrence) -> None:
        self.busy = "distilling"
        self.run_distill()

    @in_thread("recurrence")
    def run_distill(self) -> m.RecurrenceLoaded:
        def progress(done: int, total: int) -> None:
            self.post_message(m.WorkProgress("distill", done, total))

        return m.RecurrenceLoaded(self.service.recurrence(progress=progress))

    def on_work_progress(self, message: m.WorkProgress) -> None:
        if message.task == "distill":
            self.pane("recurrence").show_progress(message.done, message.total)
        else:
            self.pane("notes").show_index_progress(message.done, message.total)
