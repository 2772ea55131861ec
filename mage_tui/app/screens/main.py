"""The main screen: owns the KB's state, runs the engine in workers, pushes state into panes.

Panes post requests (messages.AcceptDrafts, …); this screen asks what it must
(reason, confirmation, target note), runs the service in a thread worker and
takes the worker's report message back into the panes. It also watches the
KB's folders, so a draft the agent stages appears without a restart.

Paint first: only the pane in view is built and filled before the first
frame (Staging from the draft-rows cache, in that very frame). The dials,
the person's keys and the other panes follow, one pane per frame.

Fits any terminal: below NARROW columns the screen has the `-narrow` class
(HORIZONTAL_BREAKPOINTS) and app.tcss stacks each pane's detail under its
list; the top bar and the key bar shorten to what fits.
"""

import importlib

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static, Tab, TabbedContent, TabPane, Tabs

from mage_tui.format import plural
from mage_tui.app.screens.dial_flow import DialFlow
from mage_tui.app.screens.grooming import GroomingFlows
from mage_tui.app.screens.loading import Loading
from mage_tui.app.screens.maintenance_flow import MaintenanceFlow
from mage_tui.app.screens.merge_flow import MergeFlow
from mage_tui.app.widgets.key_bar import KeyBar
from mage_tui.app.widgets.list_table import NARROW

PANE = Binding.Group("panes", compact=True)
# Imported when built: a pane not in view costs nothing before the first frame.
PANES = {"staging": "mage_tui.app.widgets.staging:StagingPane", "notes": "mage_tui.app.widgets.notes:NotesPane",
         "skills": "mage_tui.app.widgets.skills:SkillsPane", "dials": "mage_tui.app.widgets.dials:DialsPane",
         "recurrence": "mage_tui.app.widgets.recurrence:RecurrencePane",
         "maintenance": "mage_tui.app.widgets.maintenance:MaintenancePane"}
LABELS = {"staging": "Staging", "notes": "Notes", "skills": "Skills", "dials": "Dials", "recurrence": "Recurrence",
          "maintenance": "Maintenance"}
# Each pane's number key (6 is the Graph pane's).
PANE_KEYS = {"staging": "1", "notes": "2", "skills": "3", "dials": "4", "recurrence": "5", "maintenance": "7"}


def pane_class(name: str):
    """The widget class of the pane called `name`."""
    module, _, attribute = PANES[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


class MainScreen(GroomingFlows, MergeFlow, DialFlow, MaintenanceFlow, Loading, Screen):
    """The panes under one tab bar; a top bar says who acts and how the dials stand."""

    pane_class = staticmethod(pane_class)  # what the key table (commands/palette.py) reads each pane's bindings from

    BINDINGS = [
        *[Binding(PANE_KEYS[name], f"show_pane('{name}')", f"go to {LABELS[name]}", tooltip=f"Show {LABELS[name]}",
                  id=f"app.pane.{name}", group=PANE) for name in LABELS],
        Binding("slash", "search", "search notes", tooltip="Search notes as you type (live recall)", id="app.search"),
        Binding("u", "undo", "undo", tooltip="Take back the last accept, reject or merge (until it is committed)",
                id="app.undo"),
        Binding("y", "copy_command", "copy command", tooltip="Copy the last git command to the clipboard (OSC 52)",
                id="app.copy"),
        Binding("L", "command_log", "command log", tooltip="Every action this session and its git command",
                id="app.log"),
        Binding("6", "graph", "graph", tooltip="The procedural graph: steps, transitions, outcomes, open sessions",
                id="app.graph", show=False),
        Binding("question_mark", "help", "help", tooltip="Every key and mark, and the ids for remapping", id="app.help"),
    ]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]

    OPENING = "opening the main screen"
    AUTO_FOCUS = ""  # nothing yet: the pane's list takes the focus once filled (each move restyles the screen)

    busy: reactive[str] = reactive("")
    """What a worker is doing now ('' when idle), shown in the top bar."""

    def __init__(self, service, pane: str = "staging", poll_seconds: float = 1.0):
        super().__init__()
        self.service = service
        self.first_pane = pane if pane in LABELS else "staging"
        self.shown = self.first_pane  # the pane last asked for (a number key, a click)
        self.tab_clicked = False
        self.poll_seconds = poll_seconds
        self.notes: list = []
        self.dials = None
        self.query_text = ""
        self.stamp = None
        self.history: list = []  # LogEntry, newest first: every action this session
        self.can_undo = False
        self.rest_started = False  # the first pane has been filled: the rest is on its way
        self.building: set[str] = set()
        self.search_when_built = False  # `/` pressed before the Notes pane was built

    def compose(self):
        with Horizontal(id="topbar"):
            yield Static(id="topbar-left")
            yield Static(id="topbar-right")
        with TabbedContent(initial=self.first_pane, id="panes"):
            for name, label in LABELS.items():
                # Paint first: only the pane in view is built now; the others after its first frame.
                yield TabPane(label, *([self.make_pane(name)] if name == self.first_pane else []), id=name)
        yield KeyBar(id="keys")

    def on_screen_resume(self) -> None:
        self.app.activity.screen_on_top(self)  # a dialog closed: what it left waiting runs here

    def on_mount(self) -> None:
        self.query_one(Tabs).can_focus = False
        self._label_tabs()
        cached = self.service.cached_drafts() if self.first_pane == "staging" else None
        if cached is not None:  # every draft cached: the rows are in the very first frame
            self.show_drafts(*cached)
        else:
            self.loaders()[self.first_pane]()
        self.app.activity.end(self.OPENING)

    def on_resize(self) -> None:
        self._top_bar()

    def pane_filled(self, name: str) -> None:
        """`name` has its data: focus it if in view; the first pane's first fill starts the rest."""
        if name == self.query_one(TabbedContent).active:
            self.focus_active_pane()
        if name == self.first_pane and not self.rest_started:
            self.rest_started = True
            self.app.activity.after_refresh(self, self.load_rest)  # after the frame with its rows

    def load_rest(self) -> None:
        """The dials and the person's keys, then each other pane, built and filled one frame apart."""
        if self.poll_seconds:
            self.watch_disk()  # the baseline: what changes after this shows up without a restart
        if self.first_pane != "dials":
            self.load_dials()
        self.check_undo()
        self.app.activity.after_refresh(self, self.build_next_pane)

    async def build_next_pane(self) -> None:
        missing = [name for name in LABELS if self.pane(name) is None]
        if not missing:
            if self.poll_seconds:
                self.set_interval(self.poll_seconds, self.watch_disk, name="watch-disk")
            return
        active = self.query_one(TabbedContent).active
        await self.build_pane(active if active in missing else missing[0])
        self.app.activity.after_refresh(self, self.build_next_pane)

    async def build_pane(self, name: str) -> None:
        """Mount the pane called `name` into its tab (once) and start loading its data."""
        if name in self.building or self.pane(name) is not None:
            return
        self.building.add(name)
        await self.query_one(TabbedContent).get_pane(name).mount(self.make_pane(name))
        self.building.discard(name)
        if name == "dials" and self.dials is not None:
            self.pane("dials").dials = self.dials
        if name == "staging":
            self.pane("staging").show_log(self.history)
        if name != "dials":
            self.loaders()[name]()
        if name == self.query_one(TabbedContent).active:
            self.focus_active_pane()
            if name == "notes" and self.search_when_built:
                self.pane("notes").action_focus_search()

    def make_pane(self, name: str):
        if name == "staging":
            return pane_class(name)(self.service.clock, id="staging-pane")
        return pane_class(name)(id=f"{name}-pane")

    def focus_active_pane(self) -> None:
        """Focus the pane in view, unless the focus is already inside it (a list takes it once filled)."""
        pane = self.pane(self.query_one(TabbedContent).active)
        if pane is not None and not pane.has_focus_within:
            pane.focus_main()

    def pane(self, name: str):
        """The pane widget called `name` (staging, notes, …), or None before it is built."""
        found = self.query(f"#{name}-pane")
        return found.first() if found else None

    def permits(self, action: str) -> bool:
        """May the actor do `action` now? A person always; the agent as the autonomy dial says."""
        if self.service.actor == "person":
            return True
        return self.dials is not None and self.dials.permits(action)

    # --- the top bar and tab labels ------------------------------------------------------------
    def _count(self, name: str, attribute: str) -> int:
        pane = self.pane(name)
        return len(getattr(pane, attribute)) if pane is not None else 0

    def _label_tabs(self) -> None:
        counts = {"staging": self._count("staging", "rows"), "notes": len(self.notes),
                  "skills": self._count("skills", "skills")}
        tabbed = self.query_one(TabbedContent)
        for name, label in LABELS.items():
            n = PANE_KEYS[name]
            count = f" {counts[name]}" if counts.get(name) else ""
            tabbed.get_tab(name).label = Content.assemble(Content.styled(f"{n} ", "$text-muted"), label,
                                                          Content.styled(count, "$text-accent"))
        self._top_bar()

    def _top_bar(self) -> None:
        from mage_tui.app.widgets.top_bar import top_bar

        left, right = top_bar(self.service.kb.root.name, self.dials, self.busy, self._count("staging", "rows"),
                              len(self.notes), self.size.width or self.app.size.width)
        self.query_one("#topbar-left", Static).update(left)
        self.query_one("#topbar-right", Static).update(right)

    def watch_busy(self, busy: str) -> None:
        if self.is_mounted:
            self._top_bar()

    # --- keys -------------------------------------------------------------------------------
    async def action_show_pane(self, name: str) -> None:
        """Show `name` and give it the focus before the next key is read (a key typed right after
        the pane's number reaches the new pane, however loaded the machine)."""
        self.shown = name
        self.query_one(TabbedContent).active = name
        if self.pane(name) is None:  # pressed within the first frames: build it now, keys wait meanwhile
            await self.build_pane(name)
        if self.pane(name) is not None:
            self.pane(name).focus_main()

    def on_click(self, event) -> None:
        if isinstance(event.widget, Tab):
            self.tab_clicked = True  # the tab activation that follows is the person's, not a late echo

    @on(TabbedContent.TabActivated)
    def _focus_activated(self, event: TabbedContent.TabActivated) -> None:
        """Keep the pane in view the one last asked for, and the focus inside it.

        TabbedContent also switches tabs when a widget in a pane gains the focus, by a message that
        can arrive after the next number key showed another pane: such a late switch is undone. A tab
        clicked with the mouse is the person's choice: its pane takes the focus.
        """
        tabbed = self.query_one(TabbedContent)
        if self.tab_clicked:
            self.tab_clicked, self.shown = False, event.pane.id
        if event.pane.id != self.shown:
            tabbed.active = self.shown
            return
        pane = self.pane(event.pane.id)
        if pane is not None and not pane.has_focus_within:  # `/` already put the focus in the search box
            pane.focus_main()

    async def action_search(self) -> None:
        await self.action_show_pane("notes")
        self.pane("notes").action_focus_search()

    def action_help(self) -> None:
        from mage_tui.app.screens.dialog import open_dialog
        from mage_tui.app.screens.help import HelpScreen

        open_dialog(self.app, HelpScreen())

    def action_graph(self) -> None:
        """`6`: the procedural graph, read-only (screens/graph.py)."""
        from mage_tui.app.screens.dialog import open_dialog
        from mage_tui.app.screens.graph import GraphScreen

        open_dialog(self.app, GraphScreen(self.service))

    def on_show_hints(self, message) -> None:
        """`h` on Notes: the read-only view of recent hint decisions."""
        from mage_tui.app.screens.dialog import open_dialog
        from mage_tui.app.screens.hints import HintsScreen

        open_dialog(self.app, HintsScreen(self.service))

    def action_copy_command(self) -> None:
        entry = next((e for e in self.history if e.command), None)
        if entry is not None:
            self.copy_command(entry.command)

    def copy_command(self, command: str) -> None:
        """Put `command` on the clipboard (OSC 52: the terminal must allow it) and say so."""
        self.app.copy_to_clipboard(command)
        self.notify("the git command, through your terminal (OSC 52). If nothing pastes, the terminal "
                    "blocks OSC 52: select it in the command bar instead.", title="copied", timeout=6)

    def action_command_log(self) -> None:
        from mage_tui.app.screens.command_log import CommandLogScreen
        from mage_tui.app.screens.dialog import open_dialog

        open_dialog(self.app, CommandLogScreen(self.history), lambda command: command and self.copy_command(command))

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "undo":
            return self.can_undo and self.permits("undo")
        if action == "copy_command":
            return any(entry.command for entry in self.history)
        if action == "command_log":
            return bool(self.history)
        return True
