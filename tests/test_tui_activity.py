"""A screen closed while its work is still running leaves the app idle, not busy for ever.

Each test holds the engine call a screen's worker makes until the screen has
been dismissed, then lets it finish: the app must settle (and the next key
work), as it must when a person presses `c` or escape faster than a slow
disk answers.
"""

import asyncio
import threading

from helpers.tui import (SIZE, UV_CACHE, app_on, demo_kb, main_screen, merge_first_draft_into_docker_desktop,
                         press, settle)


def held(function):
    """`function`, made to wait in its thread until the returned event is set."""
    release = threading.Event()

    def waiting(*args, **kwargs):
        release.wait(30)
        return function(*args, **kwargs)
    return waiting, release


async def until_screen(app, name: str, timeout: float = 30.0) -> None:
    """Wait (without settling: the held work keeps the app busy) until the screen `name` is on top."""
    async with asyncio.timeout(timeout):
        while type(app.screen).__name__ != name:
            await asyncio.sleep(0.01)


async def test_c_while_the_merge_preview_is_computed_still_settles_and_merges(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        real = app.service.merge_text
        app.service.merge_text, release = held(real)
        await pilot.press("m")
        await until_screen(app, "MergeScreen")
        await pilot.press("c")
        await until_screen(app, "ChooseNoteScreen")
        app.service.merge_text = real
        release.set()  # the closed merge screen's preview reports now, to no one
        await settle(pilot, timeout=20)
        await merge_first_draft_into_docker_desktop(pilot, app, kb)


async def test_escape_while_the_graph_is_drawn_still_settles(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.service.graph_rows, release = held(app.service.graph_rows)
        await pilot.press("6")
        await until_screen(app, "GraphScreen")
        await pilot.press("escape")
        await until_screen(app, "MainScreen")
        release.set()
        await settle(pilot, timeout=20)
        assert not app.activity.busy
        await press(pilot, "a")  # the app still answers keys
        assert kb.note_path(UV_CACHE).exists()


async def test_a_worker_that_raises_is_shown_and_the_app_settles(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        def broken(*args, **kwargs):
            raise OSError("disk went away")
        app.service.accept = broken
        await press(pilot, "a")
        messages = [str(n.message) for n in app._notifications]
        assert any("disk went away" in text for text in messages), messages
        assert not app.activity.busy and kb.draft_path(UV_CACHE).exists()
        assert not main_screen(app).pane("staging").busy_ids  # no draft left marked ⟳
