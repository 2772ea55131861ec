"""The mage app: `make_app(kb, clock=…)` builds it, `run_app(kb)` runs it.

The app is thin: it loads the person's keymap, opens the main screen on the
requested pane, and runs $EDITOR. The main screen owns the state.
"""

import os
import shlex
import subprocess
from pathlib import Path

from textual.app import App, SuspendNotSupported
from textual.binding import Binding

from mage_engine.errors import MageError
from mage_engine.kb.layout import KB
from mage_tui.commands import MageCommands
from mage_tui.screens.main import MainScreen
from mage_tui.service import Clock, MageService, make_service


class MageApp(App):
    """Groom drafts into notes, browse notes and skills, set the dials."""

    CSS_PATH = "app.tcss"
    TITLE = "mage"
    COMMANDS = App.COMMANDS | {MageCommands}
    BINDINGS = [Binding("q", "quit", "quit", tooltip="Quit (nothing is lost: every action is already on disk)",
                        id="app.quit")]

    def __init__(self, service: MageService, pane: str = "staging", poll_seconds: float = 1.0):
        super().__init__()
        self.service = service
        self.first_pane = pane
        self.poll_seconds = poll_seconds
        self.keymap: dict[str, str] = {}

    def on_mount(self) -> None:
        try:
            self.keymap = self.service.keymap()
        except MageError as error:
            self.notify(str(error), title="keys in config.yaml ignored", severity="warning", timeout=10)
        self.set_keymap(self.keymap)
        self.push_screen(MainScreen(self.service, self.first_pane, self.poll_seconds))

    def run_pane_action(self, section: str, action: str) -> None:
        """Run a pane's action from the palette: show the pane first, then act."""
        main = next(s for s in reversed(self.screen_stack) if isinstance(s, MainScreen))
        if section == "app":
            self.call_later(main.run_action, action)
            return
        main.action_show_pane(section)
        self.call_later(main.pane(section).run_action, action)

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


def make_app(kb: KB, clock: Clock | None = None, actor: str | None = None, pane: str = "staging",
             poll_seconds: float = 1.0) -> MageApp:
    """The app on `kb` (tests pass a temp KB, a fixed clock, and may pass the actor)."""
    return MageApp(make_service(kb, clock, actor), pane=pane, poll_seconds=poll_seconds)


def run_app(kb: KB, pane: str = "staging") -> None:
    """Run the app full-screen until the person quits."""
    make_app(kb, pane=pane).run()
