"""Snapshots at 120×36 of every pane, the diff, help and the modals, on the demo KB at a fixed time.

Update after an intended change with `pytest tests/test_tui_snapshots.py --snapshot-update`
(and `make screenshots` for the README's copies).
"""

import pytest

from mage_tui.screenshots import SHOTS
from helpers.tui import SIZE, app_on, demo_kb, settle

MODALS = {
    "reject-reason": ("space", "space", "R", *"one-offs"),
    "propose": ("p", "a", *"came up twice"),
    "choose-note": ("m", "c", *"uv"),
}


def shoot(snap_compare, tmp_path, keys):
    app = app_on(demo_kb(tmp_path))

    async def run_before(pilot):
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("shot", list(SHOTS))
def test_screens(snap_compare, tmp_path, shot):
    """Every pane, the diff view, the help screen and the merge confirmation."""
    assert shoot(snap_compare, tmp_path, SHOTS[shot][0])


@pytest.mark.parametrize("modal", list(MODALS))
def test_modals(snap_compare, tmp_path, modal):
    """The reason asked on reject, the proposal modal and the merge-target chooser."""
    assert shoot(snap_compare, tmp_path, MODALS[modal])
