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

from textual import work


class Activity:
    """Named counts of work in flight; idle when every count is back to zero."""

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()
        self._idle = asyncio.Event()
        self._idle.set()
        self._latest: dict[str, int] = {}
        self._tasks: set = set()  # strong references: a pending task must not be collected
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

        task = asyncio.ensure_future(finish())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def after_refresh(self, node, callback, *args) -> None:
        """`node.call_after_refresh(callback, *args)`, counted until the callback has run."""
        what = self.begin(f"after refresh: {getattr(callback, '__name__', 'callback')}")

        async def run() -> None:
            try:
                result = callback(*args)
                if asyncio.iscoroutine(result):
                    await result
            finally:
                self.end(what)

        if not node.call_after_refresh(run):
            self.end(what)

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
    """Textual's `@work(thread=True)`, counted as activity: the app's one way to run work off the UI thread.

    The body returns its report message (or None). The report is posted to the
    screen from the event loop, and dropped when a newer run of the same group
    has started since (`latest_only`): a slow, stale load never overwrites a
    fresh one. The activity begins before the worker is scheduled and ends
    after the screen has handled the report, so `wait_idle()` never sees a gap.
    """
    def decorate(body):
        @work(thread=True, group=group, name=body.__name__, exit_on_error=False)
        def counted(screen, activity: "Activity", what: str, serial: int, *args) -> None:
            report = None
            try:
                report = body(screen, *args)
            finally:  # queued on the loop after anything the body posted
                screen.call_later(_deliver, screen, activity, what, group, serial, report, latest_only)

        @functools.wraps(body)
        def start(screen, *args):
            activity = screen.app.activity
            what = activity.begin(f"worker {body.__name__}", periodic)
            return counted(screen, activity, what, activity.newest(group), *args)
        return start
    return decorate


def _deliver(screen, activity: Activity, what: str, group: str, serial: int, report, latest_only: bool) -> None:
    if report is not None and (not latest_only or activity.is_newest(group, serial)):
        screen.post_message(report)
    screen.call_later(activity.end, what)  # behind the report in the screen's queue
