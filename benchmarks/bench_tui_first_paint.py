"""Benchmark: the app's time to first paint on a KB of 5,000 notes and 200 drafts.

Both sides are whole processes started the same way (this script with
`--child`), run headless at 120×36; the time is from spawning the process to
the end of the first frame that shows their rows (the child prints the clock
from a callback run after that refresh):

- mage on Staging: `make_app(kb)`, until the 200 drafts are painted;
  against a bare Textual app with one DataTable of the same 200 rows.
- mage on Notes: until the 5,000 notes are painted; against a bare app with
  one DataTable of the same 5,000 rows.

The bare app reads its rows from a JSON file (no YAML): the ratio is what
mage's own loading and widgets cost over Textual itself. Median of several
runs, warm caches (one untimed run first); the first cold run is printed too.
Goal: ≤ 1.5× on each.

    .venv/bin/python benchmarks/bench_tui_first_paint.py [--runs 5]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
GOAL = 1.5
NOTES, DRAFTS = 5000, 200
KINDS = ("lesson", "procedure", "pointer", "fact", "rule")
CATEGORIES = ("tools", "infrastructure", "workflow", "projects", "lessons", "security")


def build_kb(root: Path):
    """A KB with NOTES notes and DRAFTS drafts, written as mage writes them."""
    from mage_engine.kb.init import init_kb
    from mage_engine.kb.notes import Note, write_note

    kb = init_kb(root).kb
    for n in range(NOTES):
        note = Note(id=f"note-{n:05d}", title=f"Lesson {n}: keep the {CATEGORIES[n % 6]} cache warm", kind=KINDS[n % 5],
                    category=CATEGORIES[n % 6], tags=["bench", f"t{n % 40}"], created="2026-01-01",
                    updated="2026-02-01", body=f"Summary of lesson {n}: what failed and what fixed it.\n\n"
                                               f"## Procedure\n1. step one for {n}\n2. step two\n")
        write_note(kb.note_path(note.id), note)
    for n in range(DRAFTS):
        draft = Note(id=f"draft-{n:03d}", title=f"Draft {n}: retry the flaky step with a fresh cache",
                     kind=KINDS[n % 5], category=CATEGORIES[n % 6], body=f"Draft {n} body.\n",
                     created="2026-03-01", updated="2026-03-01",
                     draft={"source": "lesson", "fingerprint": f"{n:016x}", "staged": f"2026-03-{1 + n % 28:02d}T10:00:00Z",
                            "nearest": {"id": f"note-{n:05d}", "similarity": 0.41}})
        write_note(kb.draft_path(draft.id), draft)
    return kb


def rows_file(kb, folder: Path) -> dict:
    """The same rows the app shows, as JSON for the bare app (read without YAML)."""
    from mage_engine.grooming.catalog import light_notes
    from mage_engine.grooming.drafts import list_drafts

    drafts = [(r["title"], r["kind"], r["source"], r["staged"][:10]) for r in list_drafts(kb)[0]]
    notes = [(n.category, n.title, n.kind) for n in light_notes(kb)]
    paths = {}
    for name, rows in (("staging", drafts), ("notes", notes)):
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(rows))
    return paths


# --- the two children ---------------------------------------------------------------

def child_mage(kb_dir: str, pane: str) -> None:
    from mage_engine.kb.layout import KB
    from mage_tui.app import make_app
    from mage_tui.screens.main import MainScreen
    from mage_tui.widgets.notes import NotesPane
    from mage_tui.widgets.staging import StagingPane

    # Marks only: the screen's first frame, then the first frame after the rows are in the table.
    mounted = MainScreen.on_mount

    def on_mount(screen):
        mounted(screen)
        screen.call_after_refresh(first_frame)

    def after(method):
        def wrapped(widget, *args):
            method(widget, *args)
            if widget.table.row_count:
                widget.call_after_refresh(painted)
        return wrapped

    MainScreen.on_mount = on_mount
    StagingPane.watch_rows = after(StagingPane.watch_rows)
    NotesPane._fill = after(NotesPane._fill)
    make_app(KB(Path(kb_dir)), pane=pane, poll_seconds=0).run(headless=True, size=(120, 36))


def child_bare(rows_path: str) -> None:
    from textual.app import App
    from textual.widgets import DataTable

    class Bare(App):
        def compose(self):
            yield DataTable()

        def on_mount(self):
            table = self.query_one(DataTable)
            rows = json.loads(Path(rows_path).read_text())
            table.add_columns(*[f"c{i}" for i in range(len(rows[0]))])
            table.add_rows(rows)
            self.call_after_refresh(first_frame)  # its first frame already has the rows
            self.call_after_refresh(painted)

    Bare().run(headless=True, size=(120, 36))


def first_frame() -> None:
    """Report the wall clock at the end of the first frame (mage: its panes, rows loading)."""
    print(f"FRAME {time.time():.6f}", flush=True)


def painted() -> None:
    """Report the wall clock at the end of the first frame with rows, and stop."""
    print(f"PAINTED {time.time():.6f}", flush=True)
    os._exit(0)  # the time is taken; waiting for background threads would only blur it


# --- timing -----------------------------------------------------------------------------

def timed(args: list[str]) -> tuple[float, float]:
    """Seconds from spawning the child to the end of its first frame, and of its first frame with rows."""
    started = time.time()
    child = subprocess.run([sys.executable, __file__, "--child", *args], check=True, cwd=ROOT,
                           capture_output=True, text=True)
    marks = dict(line.split() for line in child.stdout.splitlines() if line.startswith(("FRAME ", "PAINTED ")))
    return float(marks["FRAME"]) - started, float(marks["PAINTED"]) - started


def median_of(args: list[str], runs: int) -> tuple[float, float]:
    times = [timed(args) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", nargs="+")
    options = parser.parse_args()
    if options.child:
        (child_mage if options.child[0] == "mage" else child_bare)(*options.child[1:])
        return 0
    with tempfile.TemporaryDirectory(prefix="mage-bench-paint-") as folder:
        kb = build_kb(Path(folder) / "kb")
        print(f"KB: {NOTES} notes, {DRAFTS} drafts")
        cold = timed(["mage", str(kb.root), "notes"])[1]
        print(f"cold first run on Notes (parses every note once, then cached): rows painted at {cold:.3f}s")
        rows = rows_file(kb, Path(folder))
        python = statistics.median(_python_pass() for _ in range(options.runs))  # for scale
        print(f"python -c pass: {python:.3f}s")
        worst = 0.0
        for pane in ("staging", "notes"):
            (frame, mage), (_, bare) = median_of(["mage", str(kb.root), pane], options.runs), \
                median_of(["bare", str(rows[pane])], options.runs)
            worst = max(worst, frame / bare)
            print(f"{pane:<8} bare DataTable with its rows {bare:.3f}s | mage first paint {frame:.3f}s "
                  f"= {frame / bare:.2f}x (goal <= {GOAL}x) | mage rows painted {mage:.3f}s = {mage / bare:.2f}x")
    print("ok" if worst <= GOAL else f"over the goal: {worst:.2f}x")
    return 0


def _python_pass() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


if __name__ == "__main__":
    sys.exit(main())
