"""One chapter's steps in, its observations and skill loads out. Pure and deterministic.

Observations are the signature sightings of the five families: failure → fix
and retry (families.py), correction (corrections.py), explicit request
(lessons.py) and routine procedure (routines.py). Skill loads are Claude Code `Skill` tool uses: optimize
(docs/recurrence.md#optimize) judges each by the work that followed it, the next FOLLOWING
prompts and tool uses or up to the chapter's end (kept as short lines:
`$ pip install -e .`, `Edit src/app.py`, `> the next prompt`), and graduation leaves out
chapters in which a mage skill was loaded.
"""

from mage_engine.recurrence.corrections import CorrectionTracker
from mage_engine.recurrence.families import FixTracker
from mage_engine.recurrence.lessons import LessonTracker
from mage_engine.recurrence.routines import RoutineTracker
from mage_engine.recurrence.steps import SHELL_TOOLS

FOLLOWING = 20
TEXT_KEPT = 200


def analyse(steps: list) -> tuple[list, list]:
    """(observations, skill loads) of one chapter's steps, in order."""
    fixes, corrections, lessons, routines = FixTracker(), CorrectionTracker(), LessonTracker(), RoutineTracker()
    observations, loads, last_prompt = [], [], ""
    for step in _once(steps):
        if not step.get("h"):
            _follow(loads, step)
        if step.get("k") == "t" and step.get("skill"):
            loads.append({"skill": step["skill"], "ts": step["ts"], "before": last_prompt, "following": []})
        elif step.get("k") == "p" and not step.get("h"):
            last_prompt = step["text"][:TEXT_KEPT * 2]
        for tracker in (fixes, corrections, lessons):
            found = tracker.feed(step)
            if found:
                observations.append(found)
        routines.feed(step)
    return observations + routines.observations(), loads


def _once(steps: list):
    """The steps with a repeated tool call left out (the same tool_use id twice: hooks wired twice)."""
    seen = set()
    for step in steps:
        key = step.get("id") if step.get("k") == "t" else None
        if key:
            if key in seen:
                continue
            seen.add(key)
        yield step


def _follow(loads: list, step: dict) -> None:
    """Add the step to every open load's following work (at most FOLLOWING each)."""
    compact = None
    for load in loads:
        if len(load["following"]) >= FOLLOWING:
            continue
        if compact is None:
            compact = _compact(step)
        load["following"].append(compact)


def _compact(step: dict) -> str:
    """One line per step, small in the saved state: `$ cmd` (shell), `Tool target`, `> prompt`."""
    if step.get("k") == "p":
        return "> " + step["text"][:TEXT_KEPT]
    if step["tool"] in SHELL_TOOLS and step.get("cmd"):
        return "$ " + step["cmd"][:TEXT_KEPT]
    return f"{step['tool']} {step.get('cmd') or ', '.join(step.get('paths') or [])}".strip()[:TEXT_KEPT]
