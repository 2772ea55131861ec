"""A generated skill, and chapters in which it was loaded: what the optimize tests start from."""

from mage_engine.kb.notes import Note, write_note
from mage_engine.kb.skills import Skill, render_skill, skill_path
from replay.lines import TrailWriter

DESCRIPTION = ("Install the package editable before running pytest. Use when the task involves pytest, "
               "deploy or packaging.")


def generated_skill(kb, name="pytest-editable", generated=True):
    metadata = {"generated_by": "mage", "from_note": name, "graduated": "2026-11-01",
                "trigger_history": "2026-11-01 graduated"} if generated else {}
    skill = Skill(name=name, description=DESCRIPTION, metadata=metadata,
                  body=f"# {name}\n\n## Procedure\n\n1. `pip install -e .`\n2. `pytest -q`\n")
    skill_path(kb, name).parent.mkdir(parents=True, exist_ok=True)
    skill_path(kb, name).write_text(render_skill(skill))
    write_note(kb.note_path(name), Note(id=name, title="Install editable before pytest", kind="procedure",
                                        body="Run `pip install -e .` before pytest.", graduated_skill=name))


def loads(kb, name="pytest-editable", helped=2, misfired=4, prefix="l"):
    """Chapters in which the skill was loaded; the work after it followed the procedure or not."""
    for number in range(helped + misfired):
        trail = TrailWriter(kb, f"{prefix}{number}", day=number + 1)
        if number < helped:
            trail.prompt("pytest fails with ModuleNotFoundError on import of the package")
            trail.skill(name)
            trail.ok("pip install -e .")
            trail.ok("pytest -q")
        else:
            trail.prompt("deploy the release to staging")
            trail.skill(name)
            trail.ok("make deploy ENV=staging")
        trail.end()
