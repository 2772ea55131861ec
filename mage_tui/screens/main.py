"""The main screen: owns the KB's state, runs the engine in workers, pushes state into panes.

Panes post requests (messages.AcceptDrafts, …); this screen asks what it must
(reason, confirmation, target note), runs the service in a thread worker and
takes the worker's report message back into the panes. It also watches the
KB's folders, so a draft the agent stages appears without a restart.
"""

from textual import on, work
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static, TabbedContent, TabPane, Tabs
from textual.worker import Worker, WorkerState

from mage_engine.errors import MageError
from mage_tui import messages as m
from mage_tui.format import plural
from mage_tui.screens.grooming import GroomingFlows
from mage_tui.widgets.dials import DialsPane
from mage_tui.widgets.notes import NotesPane
from mage_tui.widgets.recurrence import RecurrencePane
from mage_tui.widgets.skills import SkillsPane
from mage_tui.widgets.staging import StagingPane

PANE = Binding.Group("panes", compact=True)
PANES = {"staging": StagingPane, "notes": NotesPane, "skills": SkillsPane, "dials": DialsPane,
         "recurrence": RecurrencePane}
LABELS = {"staging": "Staging", "notes": "Notes", "skills": "Skills", "dials": "Dials", "recurrence": "Recurrence"}


class MainScreen(GroomingFlows, Screen):
    """Five panes under one tab bar; a top bar says who acts and how the dials stand."""

    BINDINGS = [
        *[Binding(str(n), f"show_pane('{name}')", "panes", tooltip=f"Show {LABELS[name]}",
                  id=f"app.pane.{name}", group=PANE) for n, name in enumerate(LABELS, start=1)],
        Binding("slash", "search", "search", tooltip="Search notes as you type (live recall)", id="app.search"),
        Binding("question_mark", "help", "help", tooltip="Every key, and its id for remapping", id="app.help"),
    ]

    busy: reactive[str] = reactive("")
    """What a worker is doing now ('' when idle), shown in the top bar."""

    def __init__(self, service, pane: str = "staging", poll_seconds: float = 1.0):
        super().__init__()
        self.service = service
        self.first_pane = pane if pane in LABELS else "staging"
        self.poll_seconds = poll_seconds
        self.notes: list = []
        self.dials = None
        self.query_text = ""
        self.stamp = None

    def compose(self):
        with Horizontal(id="topbar"):
            yield Static(id="topbar-left")
            yield Static(id="topbar-right")
        with TabbedContent(initial=self.first_pane, id="panes"):
            for name, label in LABELS.items():
                # Paint first: only the pane in view is built now; the others after its first frame.
                yield TabPane(label, *([self.make_pane(name)] if name == self.first_pane else []), id=name)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(Tabs).can_focus = False
        self._label_tabs()
        self.call_after_refresh(self.pane(self.first_pane).focus_main)
        # Paint first: the pane in view loads alone; the rest waits for its first frame.
        self.rest_loaded = False
        self.loaders()[self.first_pane]()
        if self.first_pane != "dials":
            self.load_dials()

    def loaders(self) -> dict:
        return {"staging": self.load_drafts, "notes": self.load_notes, "skills": self.load_skills,
                "dials": self.load_dials, "recurrence": self.load_recurrence}

    def after_first_paint(self) -> None:
        """Once the first pane has its data, load the others and start watching the disk."""
        if self.rest_loaded:
            return
        self.rest_loaded = True

        async def load_rest() -> None:
            tabbed = self.query_one(TabbedContent)
            for name in LABELS:
                if name != self.first_pane:
                    await tabbed.get_pane(name).mount(self.make_pane(name))
            if self.dials is not None:
                self.pane("dials").dials = self.dials
            for name, loader in self.loaders().items():
                if name not in (self.first_pane, "dials"):
                    loader()
            if self.poll_seconds:
                self.set_interval(self.poll_seconds, self.watch_disk, name="watch-disk")

        self.call_after_refresh(load_rest)

    def make_pane(self, name: str):
        if name == "staging":
            return StagingPane(self.service.clock, id="staging-pane")
        return PANES[name](id=f"{name}-pane")

    def pane(self, name: str):
        """The pane widget called `name` (staging, notes, …), or None before it is built."""
        found = self.query(f"#{name}-pane")
        return found.first() if found else None

    # --- the top bar and tab labels ------------------------------------------------------------
    def _count(self, name: str, attribute: str) -> int:
        pane = self.pane(name)
        return len(getattr(pane, attribute)) if pane is not None else 0

    def _label_tabs(self) -> None:
        counts = {"staging": self._count("staging", "rows"), "notes": len(self.notes),
                  "skills": self._count("skills", "skills")}
        tabbed = self.query_one(TabbedContent)
        for n, (name, label) in enumerate(LABELS.items(), start=1):
            count = f" {counts[name]}" if counts.get(name) else ""
            tabbed.get_tab(name).label = Content.assemble(Content.styled(f"{n} ", "$text-muted"), label,
                                                          Content.styled(count, "$text-accent"))
        self._top_bar()

    def _top_bar(self) -> None:
        kb_name = self.service.kb.root.name
        parts = [Content.styled(" mage ", "bold reverse $accent"), Content.styled(f"  {kb_name}", "bold $text")]
        if self.dials is not None:
            d = self.dials
            parts += [Content.styled("   acting as ", "$text-muted"), Content.styled(d.actor, "bold $text-warning"),
                      Content.styled("   autonomy ", "$text-muted"), Content.styled(d.autonomy, "$text"),
                      Content.styled("   sensitivity ", "$text-muted"),
                      Content.styled(f"{d.sensitivity} (K {d.k} · M {d.m})", "$text")]
        self.query_one("#topbar-left", Static).update(Content.assemble(*parts))
        right = Content.styled(f"⟳ {self.busy}… ", "$text-warning") if self.busy else Content.styled(
            f"{plural(self._count('staging', 'rows'), 'draft')} · {plural(len(self.notes), 'note')} ",
            "$text-muted")
        self.query_one("#topbar-right", Static).update(right)

    def watch_busy(self, busy: str) -> None:
        if self.is_mounted:
            self._top_bar()

    # --- keys -------------------------------------------------------------------------------
    def action_show_pane(self, name: str) -> None:
        self.query_one(TabbedContent).active = name
        if self.pane(name) is not None:
            self.pane(name).focus_main()

    @on(TabbedContent.TabActivated)
    def _focus_activated(self, event: TabbedContent.TabActivated) -> None:
        pane = self.pane(event.pane.id)

        def focus_unless_inside() -> None:
            if pane is not None and not pane.has_focus_within:  # `/` already put the focus in the search box
                pane.focus_main()

        self.call_after_refresh(focus_unless_inside)

    def action_search(self) -> None:
        self.action_show_pane("notes")
        if self.pane("notes") is not None:
            self.pane("notes").action_focus_search()

    def action_help(self) -> None:
        from mage_tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    # --- loading -----------------------------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="drafts")
    def load_drafts(self) -> None:
        rows, problems = self.service.drafts()
        self.post_message(m.DraftsLoaded(rows, problems))

    @work(thread=True, exclusive=True, exit_on_error=False, group="notes")
    def load_notes(self) -> None:
        self.post_message(m.NotesLoaded(self.service.notes()))

    @work(thread=True, exclusive=True, exit_on_error=False, group="index")
    def refresh_index(self) -> None:
        def progress(done: int, total: int) -> None:
            self.post_message(m.WorkProgress("index", done, total))

        self.post_message(m.IndexReady(self.service.prepare_index(progress)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="dials")
    def load_dials(self) -> None:
        self.post_message(m.DialsLoaded(self.service.dials()))

    @work(thread=True, exclusive=True, exit_on_error=False, group="skills")
    def load_skills(self) -> None:
        self.post_message(m.SkillsLoaded(self.service.skills(), self.service.optimize_suggestions()))

    @work(thread=True, exclusive=True, exit_on_error=False, group="recurrence")
    def load_recurrence(self) -> None:
        self.post_message(m.RecurrenceLoaded(self.service.recurrence()))

    @work(thread=True, exclusive=True, exit_on_error=False, group="preview-draft")
    def load_draft_preview(self, draft_id: str) -> None:
        draft = self.service.draft(draft_id)
        near = (draft.draft or {}).get("nearest") or {}
        nearest = None
        if near.get("id"):
            try:
                nearest = self.service.note(near["id"])
            except MageError:
                nearest = None  # the note was removed since the draft was staged
        similarity = float(near.get("similarity") or 0.0)
        self.post_message(m.DraftPreviewLoaded(draft, nearest, similarity, self.service.accept_preview(draft)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="preview-note")
    def load_note_preview(self, note_id: str) -> None:
        self.post_message(m.NotePreviewLoaded(self.service.note(note_id)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="search")
    def run_search(self, query: str) -> None:
        self.post_message(m.SearchFinished(query, self.service.search(query, self.notes)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="watch")
    def watch_disk(self) -> None:
        stamp = self.service.change_stamp()
        previous, self.stamp = self.stamp, stamp
        if previous is not None:
            parts = [part for part in stamp if stamp[part] != previous[part]]
            if parts:
                self.post_message(m.DiskChanged(parts))

    # --- reports in, state down -------------------------------------------------------------------
    def on_drafts_loaded(self, message: m.DraftsLoaded) -> None:
        self.pane("staging").rows = message.rows
        for problem in message.problems:
            self.notify(problem, title="unreadable draft", severity="warning")
        self._label_tabs()
        self.after_first_paint()

    def on_notes_loaded(self, message: m.NotesLoaded) -> None:
        self.notes = message.notes
        self.pane("notes").notes = message.notes
        if self.query_text:
            self.run_search(self.query_text)
        self._label_tabs()
        self.refresh_index()
        self.after_first_paint()

    def on_index_ready(self, message: m.IndexReady) -> None:
        self.pane("notes").set_engine("recall" if message.status not in (None, "busy") else "title filter")
        if self.query_text:
            self.run_search(self.query_text)

    def on_dials_loaded(self, message: m.DialsLoaded) -> None:
        self.dials = message.dials
        dials = self.pane("dials")
        if dials is not None:
            dials.changed = message.changed
            dials.dials = message.dials
        for warning in message.dials.warnings:
            self.notify(warning, title="config.yaml", severity="warning")
        self._top_bar()
        if self.first_pane == "dials":
            self.after_first_paint()

    def on_skills_loaded(self, message: m.SkillsLoaded) -> None:
        skills = self.pane("skills")
        skills.suggestions = message.suggestions
        skills.skills = message.skills
        self._label_tabs()
        self.after_first_paint()

    def on_recurrence_loaded(self, message: m.RecurrenceLoaded) -> None:
        if self.busy == "distilling":
            self.busy = ""
        self.pane("recurrence").state = message.state
        self.after_first_paint()

    def on_preview_draft(self, message: m.PreviewDraft) -> None:
        if message.draft_id is None:
            self.pane("staging").show_preview(m.DraftPreviewLoaded(None, None, None, {}))
        else:
            self.load_draft_preview(message.draft_id)

    def on_draft_preview_loaded(self, message: m.DraftPreviewLoaded) -> None:
        self.pane("staging").show_preview(message)

    def on_preview_note(self, message: m.PreviewNote) -> None:
        if message.note_id is None:
            self.pane("notes").show_note(None)
        else:
            self.load_note_preview(message.note_id)

    def on_note_preview_loaded(self, message: m.NotePreviewLoaded) -> None:
        self.pane("notes").show_note(message.note)

    def on_search_notes(self, message: m.SearchNotes) -> None:
        self.query_text = message.query.strip()
        if not self.query_text:
            self.pane("notes").matches = None
        else:
            self.run_search(self.query_text)

    def on_search_finished(self, message: m.SearchFinished) -> None:
        if message.query == self.query_text:  # a slower, older search lost the race
            self.pane("notes").matches = message.ids

    def on_disk_changed(self, message: m.DiskChanged) -> None:
        loaders = {"drafts": self.load_drafts, "notes": self.load_notes, "skills": self.load_skills,
                   "config": self.load_dials}
        for part in message.parts:
            loaders[part]()

    def on_action_failed(self, message: m.ActionFailed) -> None:
        self.busy = ""
        self.notify(message.message, title="mage", severity="error", timeout=8)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The one place worker errors are shown: a MageError is a message, anything else a bug."""
        if event.state != WorkerState.ERROR:
            return
        self.busy = ""
        error = event.worker.error
        text = str(error) if isinstance(error, MageError) else f"internal error: {type(error).__name__}: {error}"
        self.notify(text, title="mage", severity="error", timeout=8)
