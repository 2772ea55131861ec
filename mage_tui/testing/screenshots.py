"""`python -m mage_tui.testing.screenshots DIR`: the app's screenshots, regenerated from the demo KB.

Each shot builds a fresh demo KB dated at DEMO_NOW, runs the app headless
with that fixed clock, presses the shot's keys, settles after each
(mage_tui.testing.settle: the app's counted work, never a sleep) and saves an SVG:
`NAME.svg` at 120×36 and `NAME-80x24.svg` at the default terminal size.
Same code, same bytes: the screenshots in the README only change when the
app does. `make screenshots` runs this.
"""

import asyncio
import sys
import tempfile
from pathlib import Path

from mage_tui.testing.settle import settle

SIZE = (120, 36)
SIZES = {"": (120, 36), "-80x24": (80, 24)}  # file name suffix -> terminal size
# name -> (keys pressed after the app settles, what the shot shows)
SHOTS = {
    "staging": ((), "Staging: the draft batch, the highlighted draft and what accept writes"),
    "diff": (("d",), "Staging: side-by-side diff of a draft against its nearest note"),
    "accepted": (("a",), "Staging: after an accept, the next draft and the git command to copy (y)"),
    "merge": (("m",), "Merge: the note, the draft and the merged note, before anything is written"),
    "notes": (("2",), "Notes: every note by category, rendered preview"),
    "notes-search": (("slash", *"postgres"), "Notes: live recall search as you type, with scores"),
    "skills": (("3",), "Skills: trigger and evidence, optimize suggestions"),
    "dials": (("4",), "Dials: sensitivity (K/M) and autonomy"),
    "autonomy": (("4", "o"), "Raising autonomy asks first, saying what the agent may then do"),
    "recurrence": (("5",), "Recurrence: signature tallies and candidates"),
    "help": (("question_mark",), "Help: every key, its binding id, and every mark"),
    "graph": (("6",), "Graph: each step, what sessions here did next, how it ended, where sessions stand"),
}
# Shots on a demo copy prepared first (name -> (keys, title, "module:function" run on the KB)); the
# snapshot tests of these live with their pane's tests.
PREPARED_SHOTS = {
    "maintenance": (("7",), "Maintenance: proposals with their evidence; m merge, r retire, x dismiss",
                    "mage_tui.testing.maintenance_demo:prepare_maintenance"),
}
# name -> what a shot of SHOTS adds to the demo KB first (the demo itself holds no procedural graph)
SETUP = {"graph": "mage_engine.recall.procedure.demo:seed_graph"}


def prepare(name: str, kb) -> None:
    """Run the shot's SETUP on `kb`, if it has one."""
    _run(SETUP.get(name), kb)


def _run(target: str | None, kb) -> None:
    if target:
        import importlib

        module, _, function = target.partition(":")
        getattr(importlib.import_module(module), function)(kb)


def steady_demo_kb(folder: Path):
    """The demo KB at DEMO_NOW, its notes and skills dated a day before and indexed afresh.

    Files written in the same clock tick as the index look changed to its freshness check, which
    then updates it in place; Tantivy counts the replaced documents until it merges segments, so
    search scores would depend on timing. Backdated files and one full build make them exact.
    """
    import os

    from mage_engine.demo.build import DEMO_NOW, KB_NAME, build_demo_kb
    from mage_engine.recall.index.lifecycle import rebuild_index

    kb = build_demo_kb(folder / KB_NAME, now=DEMO_NOW).kb
    before = (DEMO_NOW.timestamp() - 86400,) * 2
    for path in [*kb.notes_dir.glob("*.md"), *kb.skills_dir.glob("*/SKILL.md")]:
        os.utime(path, before)
    rebuild_index(kb)
    return kb


def demo_app(folder: Path, prepare: str | None = None):
    """The app on a fresh demo KB in `folder`, at the demo's own time, as a person
    (`prepare`: "module:function" run on the KB first)."""
    from mage_engine.demo.build import DEMO_NOW
    from mage_tui.app.mage import make_app

    kb = steady_demo_kb(folder)
    _run(prepare, kb)
    app = make_app(kb, clock=lambda: DEMO_NOW, actor="person", poll_seconds=0)
    app.animation_level = "none"  # the tab underline would otherwise be caught mid-slide
    return app


async def take(name: str, out_dir: Path, suffix: str = "") -> Path:
    """Build, drive and save one screenshot at the size `suffix` names; returns the SVG's path."""
    keys, title, prepare = (*SHOTS[name], None) if name in SHOTS else PREPARED_SHOTS[name]
    with tempfile.TemporaryDirectory(prefix="mage-shot-") as folder:
        app = demo_app(Path(folder), prepare or SETUP.get(name))
        async with app.run_test(size=SIZES[suffix]) as pilot:
            await settle(pilot)
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            svg = app.export_screenshot(title=f"mage · {title}")
    path = out_dir / f"{name}{suffix}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0] if argv else "screenshots")
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in [*SHOTS, *PREPARED_SHOTS]:
        for suffix in SIZES:
            print(asyncio.run(take(name, out_dir, suffix)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
