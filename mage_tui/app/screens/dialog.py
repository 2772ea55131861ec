"""Dialogs: modal questions whose opening and answering count as the app's activity.

A dialog is busy twice: while it opens (until it has painted with the focus
in place, so the next key reaches it) and from its answer until the screen
that asked has acted on it (say, started the reject). In between, the app is
idle: it waits for the person. `open_dialog` and `Dialog` pair the counts.
"""

from typing import Callable, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

Answer = TypeVar("Answer")

OPENING = "dialog opening"
ANSWERED = "dialog answered"


class Dialog(ModalScreen[Answer]):
    """A modal screen that counts its opening and its answer (see the module docstring)."""

    _opened = False
    _answered = False

    def on_screen_resume(self) -> None:
        activity = self.app.activity
        activity.screen_on_top(self)
        if not self._opened:  # Textual puts the focus in place as the screen resumes
            self._opened = True
            activity.after_refresh(self, activity.end, OPENING)

    def on_work_failed(self, message) -> None:
        """A dialog's worker raised (activity.WorkFailed): say so, the dialog stays open."""
        self.notify(message.text, title="mage", severity="error", timeout=8)

    def dismiss(self, result=None):
        """Answer with `result`; the asker's callback runs next, and ends the count begun here."""
        if self._answered:  # a second key in the same instant: the first answer stands
            return AwaitComplete.nothing()
        self._answered = True
        self.app.activity.begin(ANSWERED)
        return super().dismiss(result)


def open_dialog(app, dialog: Dialog, then: Callable | None = None) -> None:
    """Push `dialog`; `then(answer)` runs when the person answers (None: cancelled)."""
    activity = app.activity
    activity.begin(OPENING)

    def answered(answer) -> None:
        try:
            if then is not None:
                then(answer)
        finally:
            activity.end(ANSWERED)

    app.push_screen(dialog, answered)
