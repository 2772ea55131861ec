"""The mage app: `make_app(kb, clock=…)` builds it, `run_app(kb)` runs it.

The app is thin: it loads the person's keymap, opens the main screen on the
requested pane, and runs $EDITOR. The main screen owns the state.
"""

import gc
import os
import shlex
import subprocess
from pathlib import Path

from textual import on
from textual.app import App, SuspendNotSupported, SystemCommand
from textual.binding import Binding

from mage_engine.kb.layout import KB
from mage_tui.app import messages as m
from mage_tui.activity import Activity
from mage_tui.app.commands.palette import MageCommands
from mage_tui.app.screens.main import MainScreen
from mage_tui.service import Clock, MageService, make_service


class MageApp(App):
    """Groom drafts into notes, browse notes and skills, set the dials."""

    CSS_PATH = "app.tcss"
    TITLE = "mage"
    COMMANDS = App.COMMANDS | {MageCommands}
    NOTIFICATION_TIMEOUT = 5
    BINDINGS = [Binding("q", "quit", "quit", tooltip="Quit (nothing is lost: every action is already on disk)",
                        id="app.quit")]

    def __init__(self, service: MageService, pane: str = "staging", poll_seconds: float = 1.0):
        super().__init__()
        _freeze_imports()
        self.service = service
        self.first_pane = pane
        self.poll_seconds = poll_seconds
        self.keymap: dict[str, str] = {}
        self.keymap_problem: str | None = None
        self.activity = Activity()
        """Work in flight; `await app.activity.wait_idle()` returns when the app waits for the person."""
        self.activity.begin(MainScreen.OPENING)  # ended by the main screen once its loads have begun

    def get_default_screen(self) -> MainScreen:
        """The main screen, as the app's first screen: it composes outside Textual's start-up batch,
        so its first frame is displayed as soon as it is rendered (a pushed screen's would be rendered
        inside that batch, thrown away and rendered again). The person's keys come with the dials,
        read in a worker just after the first frame."""
        return MainScreen(self.service, self.first_pane, self.poll_seconds)

    def apply_keymap(self, keymap: dict[str, str], problem: str | None) -> None:
        """Put config.yaml's `keys:` in force; a malformed block is named once and the defaults kept."""
        if problem and problem != self.keymap_problem:
            self.notify(problem, title="keys in config.yaml ignored", severity="warning", timeout=10)
        self.keymap_problem = problem
        if keymap != self.keymap:
            self.keymap = keymap
            self.set_keymap(keymap)

    def on_key(self, event) -> None:
        """A character typed right after a key put the focus in a field (`/`, `f`, a dialog's box)
        was handed to the widget focused before (Textual hands keys out as they arrive and runs
        bindings later). It belongs in the field, not to a binding: a field consumes the characters
        typed into it, so one that reaches the app with a field focused was typed before the switch."""
        from textual.widgets import Input  # loaded by then: a field is what this looks for

        field = self.focused
        if isinstance(field, Input) and event.is_printable and event.character:
            event.stop()
            event.prevent_default()  # no binding for it (`q` typed after `/` searches, it does not quit)
            field.insert_text_at_cursor(event.character)

    def get_system_commands(self, screen):
        """Textual's own palette entries, kept to the one mage has no key for, named like mage's."""
        yield SystemCommand("App: change theme", "Pick a colour theme (mage uses the theme's colours only)",
                            self.action_change_theme)

    @on(m.Request)
    def _request_handled(self, message: m.Request) -> None:
        """A pane's request bubbled past the screen, which has acted on it (Pane.request began it)."""
        self.activity.end(f"request {type(message).__name__}")

    def run_pane_action(self, section: str, action: str) -> None:
        """Run a pane's action from the palette: show the pane first, then act."""
        main = next(s for s in reversed(self.screen_stack) if isinstance(s, MainScreen))
        if section == "app":
            self.activity.after_refresh(self, main.run_action, action)
            return

        async def show_then_act() -> None:
            await main.action_show_pane(section)
            self.activity.after_refresh(self, main.pane(section).run_action, action)

        self.activity.after_refresh(self, show_then_act)

    def edit_file(self, path: Path) -> None:
        """Open `path` in $VISUAL/$EDITOR (vi by default), the terminal handed over meanwhile."""
        command = shlex.split(os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi") + [str(path)]
        try:
            with self.suspend():
                result = subprocess.run(command, check=False)
        except FileNotFoundError:
            self.notify(f"editor not found: {command[0]}. Set $EDITOR", severity="error")
            return
        except SuspendNotSupported:  # no terminal to hand over (headless, tests): run it directly
            result = subprocess.run(command, check=False, stdin=subprocess.DEVNULL)
        if result.returncode:
            self.notify(f"{command[0]} exited with {result.returncode}", severity="warning")


_imports_frozen = False


def _freeze_imports() -> None:
    """Take what is loaded so far (modules, classes: they live as long as the process) out of the
    garbage collector's sweeps, once per process; a full sweep through them cost ~15 ms in the
    middle of the first frame."""
    global _imports_frozen
    if not _imports_frozen:
        _imports_frozen = True
        gc.freeze()


def make_app(kb: KB, clock: Clock | None = None, actor: str | None = None, pane: str = "staging",
             poll_seconds: float = 1.0) -> MageApp:
    """The app on `kb` (tests pass a temp KB, a fixed clock, and may pass the actor)."""
    return MageApp(make_service(kb, clock, actor), pane=pane, poll_seconds=poll_seconds)


def run_app(kb: KB, pane: str = "staging") -> None:
    """Run the app full-screen until the person quits."""
    make_app(kb, pane=pane).run()
