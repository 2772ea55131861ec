"""Work in flight, counted: the app's explicit idle signal.

Every asynchronous step the app starts is begun here *before* it is
scheduled and ended only once its effect is applied and the steps it leads
to have begun: a thread worker (until the screen has handled its report), a
request a pane sends up (until the screen has handled it), a debounced
preview, a callback after the next refresh, a dialog opening or answered, a
Markdown document mounting. So the count never touches zero mid-chain, and
`wait_idle()` returns exactly when the app waits for the person. Tests,
snapshots and `make screenshots` await it instead of sleeping or guessing.

Everything here runs on the event loop; worker threads reach it through
`call_later`, which queues behind the report they posted.
"""

import asyncio
import functools
from collections import Counter

from textual.message import Message

from mage_engine.base.errors import MageError


class Activity:
    """Named counts of work in flight; idle when every count is back to zero."""

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()
        self._idle = asyncio.Event()
        self._idle.set()
        self._latest: dict[str, int] = {}
        self._tasks: set = set()  # strong references: a pending task must not be collected
        self._waiting_refresh: list = []  # after_refresh callbacks not run yet
        self.begun = 0
        """How many steps have begun so far (settling compares it before and after a frame)."""

    @property
    def busy(self) -> bool:
        """Is anything in flight?"""
        return bool(self.open)

    def begin(self, what: str, periodic: bool = False) -> str:
        """Count one more `what` in flight; returns `what` for the matching `end`.

        `periodic` work (the disk watcher's tick) starts on a clock, not in
        response to anything: it is counted but not added to `begun`.
        """
        self.open[what] += 1
        self.begun += 0 if periodic else 1
        self._idle.clear()
        return what

    def end(self, what: str) -> None:
        """One `what` is done (its effect applied, its follow-up begun)."""
        if self.open[what] <= 0:
            raise RuntimeError(f"activity ended more often than begun: {what}")
        self.open[what] -= 1
        if not self.open[what]:
            del self.open[what]
        if not self.open:
            self._idle.set()

    def track(self, awaitable, what: str) -> None:
        """Count `awaitable` (e.g. a Markdown update) until it completes."""
        self.begin(what)

        async def finish() -> None:
            try:
                await awaitable
            finally:
                self.end(what)

        self.spawn(finish())

    def spawn(self, coroutine) -> None:
        """Run `coroutine` as a task the activity keeps (a task nobody references may be collected)."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def after_refresh(self, node, callback, *args) -> None:
        """`node.call_after_refresh(callback, *args)`, counted until the callback has run.

        Textual hands the callback to whichever screen is on top when the
        request is read, and a screen dismissed before its next refresh never
        runs it. So until it has run, a callback is handed again to each
        screen that comes to the top (`screen_on_top`); it runs once.
        """
        what = self.begin(f"after refresh: {getattr(callback, '__name__', 'callback')}")

        async def run() -> None:
            if run not in self._waiting_refresh:
                return  # already run: a second screen it was handed to refreshed too
            self._waiting_refresh.remove(run)
            try:
                result = callback(*args)
                if asyncio.iscoroutine(result):
                    await result
            finally:
                self.end(what)

        self._waiting_refresh.append(run)
        if not node.call_after_refresh(run):
            self._waiting_refresh.remove(run)
            self.end(what)

    def screen_on_top(self, screen) -> None:
        """`screen` is now on top (pushed or uncovered): hand it every callback still waiting for a refresh."""
        for run in list(self._waiting_refresh):
            screen.call_after_refresh(run)

    def newest(self, group: str) -> int:
        """Number a new run in `group`; reports of older runs are stale."""
        self._latest[group] = self._latest.get(group, 0) + 1
        return self._latest[group]

    def is_newest(self, group: str, serial: int) -> bool:
        return self._latest.get(group) == serial

    async def wait_idle(self, timeout: float = 60.0) -> None:
        """Return once nothing is in flight; TimeoutError names what still is."""
        try:
            async with asyncio.timeout(timeout):
                while self.open:  # re-check: a step may begin work right after the last one ended
                    await self._idle.wait()
        except TimeoutError:
            raise TimeoutError(f"the app was still busy after {timeout:.0f}s: {dict(self.open)}") from None


def in_thread(group: str, latest_only: bool = True, periodic: bool = False):
    """Work off the UI thread, counted as activity: the app's one way to run work in a thread.

    The body runs in a thread and returns its report message (or None). The
    report is posted to the screen from the event loop, and dropped when a
    newer run of the same group has started since (`latest_only`): a slow,
    stale load never overwrites a fresh one. An exception in the body is
    reported to the screen as `WorkFailed`. The activity begins before the
    thread is started and ends after the screen has handled the report, so
    `wait_idle()` never sees a gap.

    The thread is awaited by a task the activity owns, not by a Textual
    worker of the screen: Textual cancels a screen's workers when it is
    dismissed, and a worker cancelled before its thread ran, or whose screen
    had closed by the time it reported, left the count up for ever (`c` on
    the merge screen closes it while its preview is still being merged). The
    task's `finally` always runs, so the count always comes back down.
    """
    def decorate(body):
        @functools.wraps(body)
        def start(screen, *args) -> None:
            activity = screen.app.activity
            what = activity.begin(f"worker {body.__name__}", periodic)
            serial = activity.newest(group)
            activity.spawn(_run(body, screen, args, activity, what, group, serial, latest_only))
        return start
    return decorate


class WorkFailed(Message):
    """A thread's body raised: MageError is a message for the person, anything else a bug."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error

    @property
    def text(self) -> str:
        if isinstance(self.error, MageError):
            return str(self.error)
        return f"internal error: {type(self.error).__name__}: {self.error}"


async def _run(body, screen, args, activity: Activity, what: str, group: str, serial: int, latest_only: bool):
    report = None
    try:
        report = await asyncio.to_thread(body, screen, *args)
    except Exception as error:  # shown by the screen, never a crashed app
        report = WorkFailed(error)
    finally:  # on the loop, behind anything the body posted to the screen
        only_if_newest = latest_only and not isinstance(report, WorkFailed)
        if not screen.call_later(_deliver, screen, activity, what, report, only_if_newest and (group, serial)):
            activity.end(what)  # the screen has closed: the report has nowhere to go


def _deliver(screen, activity: Activity, what: str, report, newest_of) -> None:
    """Post `report` unless `newest_of` (group, serial) names a run a newer one has replaced."""
    if report is not None and not (newest_of and not activity.is_newest(*newest_of)):
        screen.post_message(report)
    if not screen.call_later(activity.end, what):  # behind the report in the screen's queue
        activity.end(what)
