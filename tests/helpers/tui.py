"""Shared by the app's tests: the demo KB at a fixed time, the app on it, keys and settling.

`settle` (mage_tui.testing.settle) is exact: tests never sleep to wait for the app.
"""

import asyncio

from mage_engine.demo.build import DEMO_NOW
from mage_tui.app.mage import make_app
from mage_tui.testing.screenshots import steady_demo_kb
from mage_tui.testing.settle import settle

SIZE = (120, 36)
# The staging batch, oldest first, as the demo stages it.
UV_CACHE = "add-the-python-version-to-the-uv-cache-key"  # a person's lesson, near the note gha-uv-cache-key
RECURRING = "uv-sync-fails-with-failed-to-install-pydantic-core-incompatible"  # what `mage promote` stages
EDITABLE = "pytest-needs-pip-install-e-before-it-can-import-acme"
HTTPX = "mock-outbound-http-with-httpx-mocktransport-not-monkeypatch"
BASTION = "reach-the-staging-database-through-the-bastion"
COMMITS = "write-commit-messages-in-the-imperative-mood"
RESTART = "restart-the-dev-server-after-editing-env"
ORDER = [UV_CACHE, EDITABLE, HTTPX, BASTION, COMMITS, RESTART, RECURRING]


def fixed_clock():
    return DEMO_NOW


_BUILT: list = []  # the demo KB built once per test process, copied for each test


def demo_kb(tmp_path):
    """The demo KB, dated exactly as the sample data (so ages never drift), indexed so that
    search scores never depend on timing (mage_tui.testing.screenshots.steady_demo_kb). Built once per
    process and copied (with its files' times) into `tmp_path`: each test has its own."""
    import shutil
    import tempfile
    from pathlib import Path

    from mage_engine.kb.layout import KB

    if not _BUILT:
        import atexit

        folder = tempfile.mkdtemp(prefix="mage-demo-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _BUILT.append(steady_demo_kb(Path(folder)))
    target = Path(tmp_path) / _BUILT[0].root.name
    shutil.copytree(_BUILT[0].root, target, symlinks=True)
    return KB(target.resolve())


def app_on(kb, **options):
    """The app on `kb` as a person, with the fixed clock and no disk polling unless asked."""
    options.setdefault("poll_seconds", 0)
    options.setdefault("actor", "person")
    app = make_app(kb, clock=fixed_clock, **options)
    app.animation_level = "none"
    return app


async def press(pilot, *keys: str) -> None:
    """Press each key and settle after it: a key that opens a dialog is ready before the next one."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def type_text(pilot, text: str, *then: str) -> None:
    """Type `text` into the focused field, then press `then` (e.g. enter), and settle."""
    await pilot.press(*text, *then)
    await settle(pilot)


async def until(pilot, condition, timeout: float = 30.0) -> None:
    """Settle until `condition()` holds: only for Textual's own widgets (the command palette
    searches in its own worker), whose work the app does not count."""
    async with asyncio.timeout(timeout):
        await settle(pilot)
        while not condition():
            await pilot.pause()
            await settle(pilot)


def main_screen(app):
    from mage_tui.app.screens.main import MainScreen

    return next(s for s in app.screen_stack if isinstance(s, MainScreen))


def staged_ids(app) -> list[str]:
    """The draft ids in the Staging list, top to bottom."""
    return [row.value for row in main_screen(app).query_one("#drafts").rows]


def notes_ids(app) -> list[str]:
    """The note ids in the Notes list, top to bottom."""
    return [row.value for row in main_screen(app).query_one("#notes-table").rows]


async def merge_first_draft_into_docker_desktop(pilot, app, kb) -> None:
    """On the note chooser of `m` then `c`: pick docker-desktop-memory, see it named, press y, and check
    that the first draft of the batch went into that note and left Staging."""
    from mage_engine.kb.notes import read_note

    await type_text(pilot, "docker desktop", "enter")
    assert "mage/notes/docker-desktop-memory.md" in str(app.screen.query_one("#merge-title").render())
    await press(pilot, "y")
    assert "the cache key hashes both" in read_note(kb.note_path("docker-desktop-memory")).body
    assert not kb.draft_path(UV_CACHE).exists()
