"""Waiting for the app without sleeping: for tests, snapshots and `make screenshots`.

`settle(pilot)` returns once every key sent so far has been handled, the
app's counted work is done (mage_tui.activity) and the screen has painted.
Each step is exact, not a guess from timing, so a loaded machine only makes
it slower:

1. keys: a marker follows the keys' path (the app's queue, the focused widget,
   each ancestor back up to the app where bindings run). Message queues are
   first in, first out, so the marker arrives behind every key sent before it.
2. work: a key's action begins its activity before it posts anything, so from
   here on `activity.wait_idle()` covers workers, requests, previews,
   dialogs, Markdown and callbacks after refresh.
3. paint: one frame for Textual's own follow-up (layout, a tab's underline);
   repeated only if that frame began new work or left a message queued.
"""

import asyncio


async def keys_handled(app, timeout: float = 60.0) -> None:
    """Return once every key already sent to `app` has travelled its whole path."""
    arrived = asyncio.get_running_loop().create_future()

    def hop(path: list) -> None:
        while path:
            node, path = path[0], path[1:]
            if node.call_later(hop, path):
                return  # continues in `node`'s queue, behind what is already there
        if not arrived.done():
            arrived.set_result(None)

    def start() -> None:  # in the app's queue, behind the keys
        node = app.focused or app.screen
        hop([node, *node.ancestors])

    if app.call_later(start):  # False once the app is closing: nothing more will be handled
        await asyncio.wait_for(arrived, timeout)


async def settle(pilot, timeout: float = 60.0) -> None:
    """Wait until keys are handled, the app is idle and the screen painted (see the module docstring)."""
    app = pilot.app
    try:
        await _settle(pilot, app, timeout)
    except TimeoutError:  # name what never finished: the one clue a flaky run leaves
        raise TimeoutError(f"the app did not settle in {timeout:.0f}s; in flight: {dict(app.activity.open)}; "
                           f"queues empty: {_queues_empty(app)}") from None


async def _settle(pilot, app, timeout: float) -> None:
    from textual.widgets import Input

    async with asyncio.timeout(timeout):
        while True:
            await keys_handled(app)
            await app.activity.wait_idle(timeout)
            for field in app.screen.query(Input):
                field.cursor_blink = False  # a blinking cursor would make screenshots differ
            begun = app.activity.begun
            await pilot.pause()
            if app.activity.begun == begun and not app.activity.busy and _queues_empty(app):
                return


def _queues_empty(app) -> bool:
    """No message waits in any queue (Textual's own messages, e.g. a row highlighted)."""
    nodes = [app, *app.screen_stack]
    for screen in app.screen_stack:
        nodes.extend(screen.walk_children())
    return all(node.message_queue_size == 0 for node in nodes)
