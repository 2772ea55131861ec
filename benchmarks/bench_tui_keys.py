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
import random
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


async def paced_latencies(app, key: str, keys: int, ready, table) -> list[float]:
    """Seconds from each key to the first frame showing its move, keys sent like a person (5–10 a second).

    Keys go straight into the app's queue, as the terminal would send them,
    without waiting for the app in between: a key may land while a preview
    loads or paints. App._display is where Textual hands a frame to the
    terminal (headless skips the write itself), as in bench_tui_first_paint.
    """
    from textual import events

    frames, display, pace = [], app._display, random.Random(14)

    def marked(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and not app._batch_count:
            frames.append((time.perf_counter(), table().cursor_row))

    app._display = marked
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        sent = []
        for _ in range(keys):
            event = events.Key(key, key if len(key) == 1 else None)
            event.set_sender(app)
            sent.append((time.perf_counter(), table().cursor_row + 1))
            app.post_message(event)
            await asyncio.sleep(pace.uniform(0.1, 0.2))
        await ready(pilot)
    return [next(at for at, row in frames if at >= t and row >= want) - t for t, want in sent]


async def mage_times(kb, keys: int, paced: int = 0):
    from mage_tui.app.mage import make_app
    from mage_tui.testing.screenshots import settle

    app = make_app(kb, pane="notes", poll_seconds=0)

    async def ready(pilot):
        await settle(pilot)
        while app.screen.query_one("#notes-table").row_count < 5000:  # rows arrive in chunks
            await pilot.pause(0.01)
        await settle(pilot)

    if paced:
        return await paced_latencies(app, "j", paced, ready, lambda: app.screen.query_one("#notes-table"))
    return await press_times(app, "j", keys, ready)


async def bare_times(kb, keys: int, paced: int = 0):
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

    app = Bare()
    if paced:
        return await paced_latencies(app, "down", paced, ready, lambda: app.query_one(DataTable))
    return await press_times(app, "down", keys, ready)


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.95) - 1] * 1000


def main() -> int:
    from bench_tui_first_paint import build_kb  # same folder: the same 5,000-note KB

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--paced", type=int, default=150, help="keys sent like a person (0: skip)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mage-bench-keys-") as folder:
        kb = build_kb(Path(folder) / "kb")
        from mage_engine.grooming.catalog import light_notes

        light_notes(kb)  # warm the catalog as any second start would be
        mage, catch_up = asyncio.run(mage_times(kb, options.keys))
        bare, _ = asyncio.run(bare_times(kb, options.keys))
        ok = report(f"{options.keys} presses over 5,000 notes, each until the app is idle (Pilot)", mage, bare)
        print(f"the preview caught up {catch_up * 1000:.0f} ms after the last key")
        if options.paced:
            mage = asyncio.run(mage_times(kb, 0, options.paced))
            bare = asyncio.run(bare_times(kb, 0, options.paced))
            ok = report(f"{options.paced} keys like a person (5-10 a second), key to the frame showing the move",
                        mage, bare) and ok
    print("ok" if ok else "over the goal")
    return 0


def report(title: str, mage: list[float], bare: list[float]) -> bool:
    """Print median and p95 of both and their ratios; True when both ratios are within the goal."""
    (m50, m95), (b50, b95) = summary(mage), summary(bare)
    print(title)
    print(f"  bare DataTable: median {b50:.1f} ms, p95 {b95:.1f} ms")
    print(f"  mage Notes:     median {m50:.1f} ms, p95 {m95:.1f} ms")
    print(f"  ratio: median {m50 / b50:.2f}x, p95 {m95 / b95:.2f}x (goal <= {GOAL}x)")
    return m50 / b50 <= GOAL and m95 / b95 <= GOAL


if __name__ == "__main__":
    sys.exit(main())
