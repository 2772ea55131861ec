"""Merging, from `m` to the write: the pair read in a worker, the merge screen, another note if asked.

Mixed into MainScreen beside GroomingFlows, whose `start_groom` runs the merge the screen settled on.
"""

from mage_engine.base.errors import MageError
from mage_tui.app import messages as m
from mage_tui.activity import in_thread
from mage_tui.app.screens.dialog import open_dialog


class MergeFlow:
    """Handlers that take a MergeDraft request to the merge screen and its answer to the engine."""

    def on_merge_draft(self, message: m.MergeDraft) -> None:
        if message.nearest and not message.choose:
            self.open_merge(message.draft_id, message.nearest, offer_choice=True)
        else:
            self.choose_merge_target(message.draft_id)

    def open_merge(self, draft_id: str, note_id: str, offer_choice: bool) -> None:
        """Load the pair in a worker, then show the merge screen (the note, the draft, the merged note)."""
        self.busy = "preparing the merge"
        self.load_merge_pair(draft_id, note_id, offer_choice)

    @in_thread("merge-pair", latest_only=False)
    def load_merge_pair(self, draft_id: str, note_id: str, offer_choice: bool):
        try:
            return m.MergePairLoaded(self.service.draft(draft_id), self.service.note(note_id), offer_choice)
        except MageError as error:
            return m.ActionFailed(str(error))

    def on_merge_pair_loaded(self, message: m.MergePairLoaded) -> None:
        from mage_tui.app.screens.merge import MergeScreen

        self.busy = ""
        draft, note = message.draft, message.note

        def decided(answer) -> None:
            if answer and answer[0] == "merge":
                self.start_groom("merging", [draft.id], self.service.merge, draft.id, note.id, answer[1])
            elif answer and answer[0] == "choose":
                self.choose_merge_target(draft.id)

        open_dialog(self.app, MergeScreen(self.service, draft, note, message.offer_choice), decided)

    def choose_merge_target(self, draft_id: str) -> None:
        from mage_tui.app.screens.choose_note import ChooseNoteScreen

        def chosen(note_id: str | None) -> None:
            if note_id:
                self.open_merge(draft_id, note_id, offer_choice=False)

        open_dialog(self.app, ChooseNoteScreen(self._title(draft_id), self.notes), chosen)

