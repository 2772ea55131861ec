"""Benchmark: the app's time to first paint on a KB of 5,000 notes and 200 drafts.

Both sides are whole processes started the same way (this script with
`--child`), run headless at 120×36; the times are from spawning the process
to the moment Textual hands a frame to the terminal: the app's first frame,
and the first frame that shows the rows:

- mage on Staging: `make_app(kb)`, until the 200 drafts are painted;
  against a bare Textual app with one DataTable of the same 200 rows.
- mage on Notes: until the first screenful of the 5,000 notes is painted
  (the rest follow in chunks between frames); against a bare app with one
  DataTable of all 5,000 rows.

The bare app reads its rows from a JSON file (no YAML): the ratio is what
mage's own loading and widgets cost over Textual itself. Each figure is the
median (and range) of --runs runs, mage and bare taking turns so a busy
moment hits both; caches are warm (one untimed run of each first: the
draft-rows and note catalogs, and bytecode), and the first cold run is
printed too. Goal: ≤ 1.5× for the first frame and for the frame with rows.

    .venv/bin/python benchmarks/bench_tui_first_paint.py [--runs 7]
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
    from mage_tui.app.mage import MageApp, make_app
    from mage_tui.app.screens.main import MainScreen

    table_id = {"staging": "#drafts", "notes": "#notes-table"}[pane]

    def has_rows(screen) -> bool:
        tables = screen.query(table_id)
        return bool(tables) and tables.first().row_count > 0

    mark_frames(MageApp, lambda screen: isinstance(screen, MainScreen), has_rows)
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

    mark_frames(Bare, lambda screen: True, lambda screen: screen.query_one(DataTable).row_count > 0)
    Bare().run(headless=True, size=(120, 36))


def mark_frames(app_class, measured, has_rows) -> None:
    """Print the clock as each frame is handed to the terminal: the first frame of the measured
    screen (FRAME), then the first one showing rows (PAINTED), and stop there.

    App._display is where Textual hands a rendered frame to the driver (headless
    skips the write itself): the same moment for mage and for the bare app.
    """
    display = app_class._display

    def marked(app, screen, renderable) -> None:
        display(app, screen, renderable)
        if renderable is None or app._batch_count or not measured(screen):
            return  # nothing handed over
        if not getattr(app, "_framed", False):
            app._framed = True
            print(f"FRAME {time.time():.6f}", flush=True)
        if has_rows(screen):
            print(f"PAINTED {time.time():.6f}", flush=True)
            os._exit(0)  # the time is taken; waiting for background threads would only blur it

    app_class._display = marked


# --- timing -----------------------------------------------------------------------------

# Children may cache bytecode, as any install does: with PYTHONDONTWRITEBYTECODE set, mage (an
# editable checkout) would be compiled from source on every run while Textual is not.
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def timed(args: list[str]) -> tuple[float, float]:
    """Seconds from spawning the child to the end of its first frame, and of its first frame with rows."""
    started = time.time()
    child = subprocess.run([sys.executable, __file__, "--child", *args], check=True, cwd=ROOT,
                           capture_output=True, text=True, env=CHILD_ENV)
    marks = dict(line.split() for line in child.stdout.splitlines() if line.startswith(("FRAME ", "PAINTED ")))
    return float(marks["FRAME"]) - started, float(marks["PAINTED"]) - started


def alternating(mage_args: list[str], bare_args: list[str], runs: int) -> tuple[list, list]:
    """`runs` timings of each, mage and bare taking turns, so a busy moment hits both alike."""
    mage, bare = [], []
    for _ in range(runs):
        mage.append(timed(mage_args))
        bare.append(timed(bare_args))
    return mage, bare


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f}s [{min(values):.3f}–{max(values):.3f}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
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
            timed(["mage", str(kb.root), pane]), timed(["bare", str(rows[pane])])  # warm, untimed
            mage, bare = alternating(["mage", str(kb.root), pane], ["bare", str(rows[pane])], options.runs)
            frames, painted, bares = [t[0] for t in mage], [t[1] for t in mage], [t[1] for t in bare]
            frame, rows_at, base = (statistics.median(v) for v in (frames, painted, bares))
            worst = max(worst, frame / base, rows_at / base)
            print(f"{pane:<8} bare DataTable with its rows {spread(bares)}\n"
                  f"         mage first frame  {spread(frames)} = {frame / base:.2f}x (goal <= {GOAL}x)\n"
                  f"         mage rows painted {spread(painted)} = {rows_at / base:.2f}x (goal <= {GOAL}x)")
    print("ok" if worst <= GOAL else f"over the goal: {worst:.2f}x")
    return 0


def _python_pass() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


if __name__ == "__main__":
    sys.exit(main())
