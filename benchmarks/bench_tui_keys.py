"""Benchmark: key response while moving through 5,000 notes (Notes pane, `j` held down).

Drives the app headless with Pilot at 120×36 on a KB of 5,000 notes, presses
`j` KEYS times and times each press until the app has handled it (Pilot waits
for the key's messages); then the same against a bare Textual app with one
DataTable of the same 5,000 rows and `down`. Prints the median and 95th
percentile per key and their ratios, and how long the preview took to catch up
after the last key. A Pilot press includes Pilot's own wait for the screen, so
the absolute figures are an upper bound; the ratio is the measure.
Goal: median and p95 each ≤ 1.5× the bare table.

    .venv/bin/python benchmarks/bench_tui_keys.py [--keys 300]
"""

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
GOAL = 1.5


async def press_times(app, key: str, keys: int, ready) -> tuple[list[float], float]:
    """Seconds per key press, and the time for the app to settle after the last one."""
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        times = []
        for _ in range(keys):
            started = time.perf_counter()
            await pilot.press(key)
            times.append(time.perf_counter() - started)
        started = time.perf_counter()
        await ready(pilot)
        return times, time.perf_counter() - started


async def mage_times(kb, keys: int):
    from mage_tui.app import make_app
    from mage_tui.screenshots import settle

    app = make_app(kb, pane="notes", poll_seconds=0)

    async def ready(pilot):
        await settle(pilot)
        while app.screen.query_one("#notes-table").row_count < 5000:  # rows arrive in chunks
            await pilot.pause(0.01)
        await settle(pilot)

    return await press_times(app, "j", keys, ready)


async def bare_times(kb, keys: int):
    from textual.app import App
    from textual.widgets import DataTable

    from mage_engine.grooming.catalog import light_notes

    rows = [(n.category, n.title, n.kind) for n in light_notes(kb)]

    class Bare(App):
        def compose(self):
            yield DataTable(cursor_type="row")

        def on_mount(self):
            table = self.query_one(DataTable)
            table.add_columns("category", "note", "kind")
            table.add_rows(rows)
            table.focus()

    async def ready(pilot):
        await pilot.pause()

    return await press_times(Bare(), "down", keys, ready)


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.95) - 1] * 1000


def main() -> int:
    from bench_tui_first_paint import build_kb  # same folder: the same 5,000-note KB

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mage-bench-keys-") as folder:
        kb = build_kb(Path(folder) / "kb")
        from mage_engine.grooming.catalog import light_notes

        light_notes(kb)  # warm the catalog as any second start would be
        mage, catch_up = asyncio.run(mage_times(kb, options.keys))
        bare, _ = asyncio.run(bare_times(kb, options.keys))
    (m50, m95), (b50, b95) = summary(mage), summary(bare)
    print(f"{options.keys} presses over 5,000 notes")
    print(f"bare DataTable: median {b50:.1f} ms, p95 {b95:.1f} ms")
    print(f"mage Notes:     median {m50:.1f} ms, p95 {m95:.1f} ms")
    print(f"ratio: median {m50 / b50:.2f}x, p95 {m95 / b95:.2f}x (goal <= {GOAL}x); "
          f"the preview caught up {catch_up * 1000:.0f} ms after the last key")
    ok = m50 / b50 <= GOAL and m95 / b95 <= GOAL
    print("ok" if ok else "over the goal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
