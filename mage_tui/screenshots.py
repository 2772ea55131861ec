"""`python -m mage_tui.screenshots DIR`: the app's screenshots, regenerated from the demo KB.

Each shot builds a fresh demo KB dated at DEMO_NOW, runs the app headless at
120×36 with that fixed clock, presses the shot's keys, settles after each
(mage_tui.settle: the app's counted work, never a sleep) and saves an SVG.
Same code, same bytes: the screenshots in the README only change when the
app does. `make screenshots` runs this.
"""

import asyncio
import sys
import tempfile
from pathlib import Path

from mage_tui.settle import settle

SIZE = (120, 36)
# name -> (keys pressed after the app settles, what the shot shows)
SHOTS = {
    "staging": ((), "Staging: the draft batch, the highlighted draft and what accept writes"),
    "diff": (("d",), "Staging: side-by-side diff of a draft against its nearest note"),
    "notes": (("2",), "Notes: every note by category, rendered preview"),
    "notes-search": (("slash", *"postgres"), "Notes: live recall search as you type"),
    "skills": (("3",), "Skills: trigger and evidence, optimize suggestions"),
    "dials": (("4",), "Dials: sensitivity (K/M) and autonomy"),
    "recurrence": (("5",), "Recurrence: signature tallies and candidates"),
    "help": (("question_mark",), "Help: every key and its binding id"),
    "confirm": (("j", "m"), "A destructive step asks first: merge into the nearest note"),
}


def demo_app(folder: Path):
    """The app on a fresh demo KB in `folder`, at the demo's own time, as a person."""
    from mage_engine.demo.build import DEMO_NOW, KB_NAME, build_demo_kb
    from mage_tui.app import make_app

    kb = build_demo_kb(folder / KB_NAME, now=DEMO_NOW).kb
    app = make_app(kb, clock=lambda: DEMO_NOW, actor="person", poll_seconds=0)
    app.animation_level = "none"  # the tab underline would otherwise be caught mid-slide
    return app


async def take(name: str, out_dir: Path) -> Path:
    """Build, drive and save one screenshot; returns the SVG's path."""
    keys, title = SHOTS[name]
    with tempfile.TemporaryDirectory(prefix="mage-shot-") as folder:
        app = demo_app(Path(folder))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            svg = app.export_screenshot(title=f"mage · {title}")
    path = out_dir / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0] if argv else "screenshots")
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in SHOTS:
        print(asyncio.run(take(name, out_dir)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
