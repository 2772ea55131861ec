"""Snapshots of every pane, help and the merge screen at 80×24, 120×36 and 200×50, and of the other
screens and modals at 120×36, on the demo KB at a fixed time.

Update after an intended change with `pytest tests/test_tui_snapshots.py --snapshot-update`
(and `make screenshots` for the README's copies).
"""

import pytest

from mage_tui.testing.screenshots import SHOTS, prepare
from helpers.tui import app_on, demo_kb, settle

SIZES = [(80, 24), (120, 36), (200, 50)]
EVERY_SIZE = ["staging", "notes", "skills", "dials", "recurrence", "help", "merge"]
MODALS = {
    "reject-reason": ("space", "space", "R", *"one-offs"),
    "propose": ("p", "a", *"came up twice"),
    "choose-note": ("m", "c", *"uv"),
    "approve-proposals": ("P",),
    "command-log": ("a", "j", "a", "L"),
}


def shoot(snap_compare, tmp_path, keys, size, shot=""):
    kb = demo_kb(tmp_path)
    prepare(shot, kb)
    app = app_on(kb)

    async def run_before(pilot):
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("shot", EVERY_SIZE)
def test_every_pane_at_three_sizes(snap_compare, tmp_path, shot, size):
    """Each pane, help and the merge screen, from the default terminal to a wide one."""
    assert shoot(snap_compare, tmp_path, SHOTS[shot][0], size)


@pytest.mark.parametrize("shot", [name for name in SHOTS if name not in EVERY_SIZE])
def test_screens(snap_compare, tmp_path, shot):
    """The diff view, the command bar after an accept, search, the autonomy confirmation."""
    assert shoot(snap_compare, tmp_path, SHOTS[shot][0], (120, 36), shot)


@pytest.mark.parametrize("modal", list(MODALS))
def test_modals(snap_compare, tmp_path, modal):
    """The reason asked on reject, proposals, the merge-target chooser, approving all, the command log."""
    assert shoot(snap_compare, tmp_path, MODALS[modal], (120, 36))
