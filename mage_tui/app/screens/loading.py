"""Reading the KB: thread workers that load, and the handlers that push what they read into panes.

Mixed into MainScreen. Each worker returns its report message (see
`activity.in_thread`); each handler pushes the report into its pane. A pane
is built only after the first frame, so a report for a pane not built yet is
dropped: building the pane loads its data afresh.
"""

from mage_engine.base.errors import MageError
from mage_engine.grooming.drafts import nearest_of
from mage_tui.app import messages as m
from mage_tui.activity import WorkFailed, in_thread

from mage_tui.doc_render import MIN_WIDTH

PREVIEW_BYTES = 256 * 1024  # a longer note previews its first part: rendering 5 MB would take a minute


class Loading:
    """Loaders for drafts, notes, index, dials and keys, skills, recurrence, previews, search, disk."""

    def loaders(self) -> dict:
        """The loader that fills each pane."""
        return {"staging": self.load_drafts, "notes": self.load_notes, "skills": self.load_skills,
                "dials": self.load_dials, "recurrence": self.load_recurrence}

    # --- workers: each returns its report; a newer load of the same group makes it stale ---------
    @in_thread("drafts")
    def load_drafts(self) -> m.DraftsLoaded:
        return m.DraftsLoaded(*self.service.drafts())

    @in_thread("notes")
    def load_notes(self) -> m.NotesLoaded:
        return m.NotesLoaded(*self.service.notes_and_broken())

    @in_thread("index")
    def refresh_index(self) -> m.IndexReady:
        def progress(done: int, total: int) -> None:
            self.post_message(m.WorkProgress("index", done, total))

        return m.IndexReady(self.service.prepare_index(progress))

    @in_thread("dials")
    def load_dials(self) -> m.DialsLoaded:
        keymap, problem = self.service.keymap_or_problem()
        return m.DialsLoaded(self.service.dials(), keymap=keymap, keymap_problem=problem)

    @in_thread("skills")
    def load_skills(self) -> m.SkillsLoaded:
        return m.SkillsLoaded(self.service.skills(), self.service.optimize_suggestions())

    @in_thread("recurrence")
    def load_recurrence(self) -> m.RecurrenceLoaded:
        return m.RecurrenceLoaded(self.service.recurrence())

    @in_thread("preview-draft")
    def load_draft_preview(self, draft_id: str) -> m.DraftPreviewLoaded:
        draft = self.service.draft(draft_id)
        near = nearest_of(draft.draft) or {}
        nearest = None
        if near.get("id"):
            try:
                nearest = self.service.note(near["id"])
            except MageError:
                nearest = None  # the note was removed since the draft was staged
        similarity = float(near.get("similarity") or 0.0)
        return m.DraftPreviewLoaded(draft_id, draft, nearest, similarity, self.service.accept_preview(draft))

    @in_thread("preview-draft")
    def load_broken_draft(self, row: dict) -> m.DraftPreviewLoaded:
        return m.DraftPreviewLoaded(row["id"], problem=row["broken"], raw=self.service.raw_text(row["path"]))

    @in_thread("preview-note")
    def load_note_preview(self, note_id: str, frame, broken: dict | None = None) -> m.NotePreviewLoaded:
        from mage_tui.app.widgets.notes import broken_doc, note_doc  # loaded with the pane that asked

        if broken is not None:
            return m.NotePreviewLoaded(note_id, broken_doc(broken, self.service.raw_text(broken["path"])).render(frame))
        note = self.service.note(note_id)
        size = len(note.body.encode("utf-8"))
        if size <= PREVIEW_BYTES or frame.width < MIN_WIDTH:  # (a pane not laid out yet renders nothing)
            return m.NotePreviewLoaded(note_id, note_doc(note).render(frame))  # rendered here, off the event loop
        self.post_message(m.WorkProgress("render", 0, size))
        rendered = note_doc(note, PREVIEW_BYTES, size).render(frame)
        self.post_message(m.WorkProgress("render", size, size))
        return m.NotePreviewLoaded(note_id, rendered)

    @in_thread("search")
    def run_search(self, query: str) -> m.SearchFinished:
        return m.SearchFinished(query, self.service.search(query, self.notes))

    @in_thread("watch", latest_only=False, periodic=True)
    def watch_disk(self) -> m.DiskChanged | None:
        stamp = self.service.change_stamp()
        previous, self.stamp = self.stamp, stamp
        if previous is not None:
            parts = [part for part in stamp if stamp[part] != previous[part]]
            if parts:
                return m.DiskChanged(parts)
        return None

    # --- reports in, state down ----------------------------------------------------------------
    def on_drafts_loaded(self, message: m.DraftsLoaded) -> None:
        self.show_drafts(message.rows, message.problems)

    def show_drafts(self, rows: list, problems: list) -> None:
        """Push the staging batch into its pane (if built), unreadable drafts listed first with their problem."""
        if (staging := self.pane("staging")) is None:
            return
        broken = [{"id": p["id"], "title": p["file"], "broken": p, "path": p["path"], "staged": None}
                  for p in problems]
        from mage_engine.kbs.suggest_rows import add_suggestions  # where each draft goes (kbs/), with a personal KB

        rows = [dict(row) for row in rows]
        add_suggestions(self.service.kb, rows)
        staging.rows = broken + rows
        self._label_tabs()
        self.pane_filled("staging")

    def on_notes_loaded(self, message: m.NotesLoaded) -> None:
        if (notes := self.pane("notes")) is None:
            return
        self.notes = message.notes
        notes.broken = message.broken
        notes.notes = message.notes
        if self.query_text:
            self.run_search(self.query_text)
        self._label_tabs()
        self.refresh_index()
        self.pane_filled("notes")

    def on_index_ready(self, message: m.IndexReady) -> None:
        if self.busy.startswith("indexing"):
            self.busy = ""
        self.pane("notes").set_engine("recall" if message.status not in (None, "busy") else "title filter")
        if self.query_text:
            self.run_search(self.query_text)

    def on_dials_loaded(self, message: m.DialsLoaded) -> None:
        self.dials = message.dials
        if message.keymap is not None:
            self.app.apply_keymap(message.keymap, message.keymap_problem)
        if (dials := self.pane("dials")) is not None:
            dials.changed = message.changed
            dials.dials = message.dials
        for warning in message.dials.warnings:
            self.notify(warning, title="config.yaml", severity="warning")
        self._top_bar()
        self.pane_filled("dials")

    def on_skills_loaded(self, message: m.SkillsLoaded) -> None:
        if (skills := self.pane("skills")) is None:
            return
        skills.suggestions = message.suggestions
        skills.skills = message.skills
        self._label_tabs()
        self.pane_filled("skills")

    def on_recurrence_loaded(self, message: m.RecurrenceLoaded) -> None:
        if self.busy.startswith("distilling"):
            self.busy = ""
        if message.distilled:
            state = message.state
            self.notify(f"{len(state.get('tallies', []))} signatures, {len(state.get('candidates', []))} "
                        "candidates for a note", title="trail folded again", timeout=5)
        if (recurrence := self.pane("recurrence")) is not None:
            recurrence.state = message.state
            self.pane_filled("recurrence")

    def on_preview_draft(self, message: m.PreviewDraft) -> None:
        staging = self.pane("staging")
        row = staging.row(message.draft_id)
        if message.draft_id is None or row is None:
            staging.show_preview(m.DraftPreviewLoaded(None))
        elif row.get("broken"):
            self.load_broken_draft(row)
        else:
            self.load_draft_preview(message.draft_id)

    def on_draft_preview_loaded(self, message: m.DraftPreviewLoaded) -> None:
        self.pane("staging").show_preview(message)

    def on_preview_note(self, message: m.PreviewNote) -> None:
        notes = self.pane("notes")
        if message.note_id is None:
            notes.show_note(m.NotePreviewLoaded(None, None))
        else:
            self.load_note_preview(message.note_id, message.frame, notes.broken_note(message.note_id))

    def on_note_preview_loaded(self, message: m.NotePreviewLoaded) -> None:
        self.pane("notes").show_note(message)

    def on_search_notes(self, message: m.SearchNotes) -> None:
        self.query_text = message.query.strip()
        if not self.query_text:
            self.pane("notes").matches = None
        else:
            self.run_search(self.query_text)

    def on_search_finished(self, message: m.SearchFinished) -> None:
        if message.query == self.query_text:  # a slower, older search lost the race
            self.pane("notes").matches = message.hits

    def on_disk_changed(self, message: m.DiskChanged) -> None:
        loaders = {"drafts": self.load_drafts, "notes": self.load_notes, "skills": self.load_skills,
                   "config": self.load_dials}
        for part in message.parts:
            loaders[part]()

    def on_action_failed(self, message: m.ActionFailed) -> None:
        self.work_ended_badly()
        self.notify(message.message, title="mage", severity="error", timeout=8)

    def on_work_failed(self, message: WorkFailed) -> None:
        """The one place the main screen's worker errors are shown: a MageError is a message, anything else a bug."""
        self.work_ended_badly()
        self.notify(message.text, title="mage", severity="error", timeout=8)

    def work_ended_badly(self) -> None:
        """Nothing is in progress any more: the top bar and the staging rows say so."""
        self.busy = ""
        if (staging := self.pane("staging")) is not None:
            staging.clear_busy()
