"""Skills on disk: `mage/skills/<name>/SKILL.md` in the Agent Skills format (docs/recurrence.md#graduate).

Only portable frontmatter is written: `name` (1–64 chars of a-z, 0-9 and
single hyphens, equal to the folder name), `description` (1–1,024 chars: when
to use the skill) and `metadata`, a string-to-string map saying mage made it
(`generated_by: mage`), from which note, when, and its trigger history. A
skill without `generated_by: mage` is hand-written: listed, never changed.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from mage_engine.base.errors import MageError

NAME = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$")
MAX_DESCRIPTION = 1024
KEY_ORDER = ("name", "description", "metadata")


@dataclass
class Skill:
    """One SKILL.md: its frontmatter fields and body."""

    name: str
    description: str
    body: str
    metadata: dict = field(default_factory=dict)
    path: Path | None = None

    @property
    def generated(self) -> bool:
        """Made by mage (graduation), so optimize may reword or demote it."""
        return self.metadata.get("generated_by") == "mage"


def valid_name(name: str) -> bool:
    return bool(NAME.match(name or "")) and "--" not in name


def skill_path(kb, name: str) -> Path:
    return kb.skills_dir / name / "SKILL.md"


def render_skill(skill: Skill) -> str:
    """The SKILL.md text. Raises MageError when the name or description breaks the format."""
    from mage_engine.kb import frontmatter

    if not valid_name(skill.name):
        raise MageError(f"skill name {skill.name!r} is not 1-64 lowercase letters, digits and single hyphens",
                        "rename the note (its id becomes the skill name) and graduate again")
    description = " ".join(skill.description.split())
    if not 1 <= len(description) <= MAX_DESCRIPTION:
        raise MageError(f"skill {skill.name}: description must be 1-{MAX_DESCRIPTION} characters",
                        "shorten the note's title and summary")
    data = {"name": skill.name, "description": description,
            "metadata": {str(k): str(v) for k, v in skill.metadata.items()}}
    return frontmatter.render(data, skill.body, KEY_ORDER)


def read_skill(path: Path) -> Skill:
    """Parse one SKILL.md (NoteFormatError names the file and line when it cannot)."""
    from mage_engine.kb import frontmatter

    from mage_engine.kb import guard
    from mage_engine.kb.notes import MAX_NOTE_BYTES

    data, body, _ = frontmatter.split(guard.read_text(path, MAX_NOTE_BYTES), path)
    metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    return Skill(name=str(data.get("name") or Path(path).parent.name),
                 description=" ".join(str(data.get("description") or "").split()), body=body,
                 metadata={str(k): str(v) for k, v in metadata.items()}, path=Path(path))


def list_skills(kb) -> list[Skill]:
    """Every readable skill under mage/skills/, by name; unreadable ones are left out
    (`skill_problems` names them)."""
    from mage_engine.base.errors import NoteFormatError

    skills = []
    for path in sorted(kb.skills_dir.glob("*/SKILL.md")):
        try:
            skills.append(read_skill(path))
        except (NoteFormatError, OSError, UnicodeDecodeError):
            continue
    return skills


def count_skills(kb) -> int:
    """The skills mage reads (a linked or broken one is not counted: `skill_problems` names it)."""
    return len(list_skills(kb)) if kb.skills_dir.is_dir() else 0


def skill_problems(kb) -> list[str]:
    """One line per skill folder mage will not read: a link (refused, never followed) or a broken SKILL.md."""
    from mage_engine.base.errors import NoteFormatError
    from mage_engine.kb import guard

    problems = []
    try:
        listing = guard.entries(kb.skills_dir, with_stat=False)
    except OSError as error:
        return [f"{kb.skills_dir}: {error}"]
    for name, kind, _ in listing:
        if name.startswith("."):
            continue
        if kind != "dir":
            problems.append(guard.refused_entry(kb.skills_dir, name, kind))
            continue
        path = kb.skills_dir / name / "SKILL.md"
        if not guard.lexists(path):
            continue
        try:
            read_skill(path)
        except NoteFormatError as error:
            problems.append(str(error))
        except (OSError, UnicodeDecodeError) as error:
            problems.append(f"{path}: refused or unreadable ({error})")
    return problems


def short_name(loaded: str) -> str:
    """The skill a `Skill` tool use loaded, without a plugin prefix (`plugin:name` -> `name`)."""
    return str(loaded).rsplit(":", 1)[-1].strip()
