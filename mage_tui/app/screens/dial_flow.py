"""Moving a dial: raising autonomy widens what the agent may do, so it asks first; nothing else does.

Mixed into MainScreen beside GroomingFlows.
"""

from textual.content import Content

from mage_engine.base.errors import MageError
from mage_tui.app import messages as m
from mage_tui.activity import in_thread
from mage_tui.app.screens.dialog import open_dialog


class DialFlow:
    """Handlers for CycleDial: where the dial would go, the question when it widens, the write."""

    def on_cycle_dial(self, message: m.CycleDial) -> None:
        self.next_dial(message.name)

    @in_thread("dial-next", latest_only=False)
    def next_dial(self, name: str) -> m.DialNext:
        now, following = self.service.next_dial_value(name)
        return m.DialNext(name, now, following, self.service.dial_values(name))

    def on_dial_next(self, message: m.DialNext) -> None:
        """Raising autonomy widens what the agent may do: say what, and ask. Anything else just happens."""
        from mage_engine.grooming.autonomy import PERMITS
        from mage_tui.app.screens.confirm import ConfirmScreen

        values = list(message.values)
        raising = message.name == "autonomy" and message.now in values and \
            values.index(message.following) > values.index(message.now)
        if not raising:
            self.run_dial(message.name, message.following)
            return
        body = Content.assemble(
            Content.styled(f"{message.now} → ", "$text-muted"), Content.styled(message.following, "bold $text-warning"),
            Content("\n\n"), Content.styled(PERMITS[message.following], "$text"), Content("\n\n"),
            Content.styled("Writes mage/config.yaml. Lowering it again never asks.", "$text-muted"))

        def decided(choice: str | None) -> None:
            if choice == "raise":
                self.run_dial(message.name, message.following)

        open_dialog(self.app, ConfirmScreen(f"Let the agent do more: autonomy {message.following}?", body,
                                            [("raise", "y", f"Raise to {message.following}", "warning"),
                                             ("cancel", "n", "Cancel", "default")]), decided)

    @in_thread("dial-change", latest_only=False)
    def run_dial(self, name: str, value: str) -> m.DialsLoaded | m.ActionFailed:
        try:
            dials = self.service.set_dial(name, value)
        except MageError as error:
            return m.ActionFailed(str(error))
        return m.DialsLoaded(dials, changed=f"{name}: {getattr(dials, name)}")

