"""Skills visible to Claude Code: mage/skills/<name> mirrored as .claude/skills/<name>.

Each mirror is a relative symbolic link, so the committed skill stays the one
copy and a clone at any path works. A name the project already uses under
.claude/skills/ is left alone (reported as shadowed). Claude Code follows the
link (checked on the real host).
"""

import os
from pathlib import Path

from mage_engine.kb.layout import KB


def host_skills_dir(kb: KB) -> Path:
    return kb.root / ".claude" / "skills"


def skill_names(kb: KB) -> list[str]:
    """Folders under mage/skills/ that hold a SKILL.md (never one reached through a link:
    the host would follow a mirror of it out of the project)."""
    from mage_engine.kb import guard

    try:
        listing = guard.entries(kb.skills_dir, with_stat=False)
    except OSError:
        return []
    return [name for name, kind, _ in listing
            if kind == "dir" and guard.is_regular(kb.skills_dir / name / "SKILL.md")]


def visibility(kb: KB) -> dict:
    """name -> 'linked' (the host sees mage's copy), 'missing' or 'shadowed'."""
    result = {}
    for name in skill_names(kb):
        link = host_skills_dir(kb) / name
        if not link.exists() and not link.is_symlink():
            result[name] = "missing"
        elif _points_at(link, kb.skills_dir / name):
            result[name] = "linked"
        else:
            result[name] = "shadowed"
    return result


def linked_skills_folder(kb: KB) -> str | None:
    """`.claude` or `.claude/skills` when it is a symbolic link (a cloned repository's): mage then makes
    and removes no mirror there, since each would land in, or be taken from, a folder outside the project."""
    from mage_engine.hosts.linked_paths import first_link

    return first_link(str(kb.root), ".claude/skills")


def mirror_skills(kb: KB) -> list[str]:
    """Link every missing skill; returns the links made (relative to the project). None through a link."""
    if linked_skills_folder(kb):
        return []
    made = []
    for name, state in visibility(kb).items():
        if state != "missing":
            continue
        link = host_skills_dir(kb) / name
        link.parent.mkdir(parents=True, exist_ok=True)
        if link.is_symlink():
            link.unlink()  # a dangling link left by a skill that was removed
        os.symlink(os.path.relpath(kb.skills_dir / name, link.parent), link)
        made.append(kb.relative(link))
    return made


def unmirror_skills(kb: KB) -> list[str]:
    """Remove every link into mage/skills/ (and nothing else); returns what went. None through a link."""
    if linked_skills_folder(kb):
        return []
    removed = []
    folder = host_skills_dir(kb)
    for link in sorted(folder.iterdir()) if folder.is_dir() else []:
        if link.is_symlink() and _points_into(link, kb.skills_dir):
            link.unlink()
            removed.append(kb.relative(link))
    if removed and not any(folder.iterdir()):
        folder.rmdir()
    return removed


def _points_at(link: Path, target: Path) -> bool:
    return link.is_symlink() and Path(os.path.realpath(link)) == Path(os.path.realpath(target))


def _points_into(link: Path, folder: Path) -> bool:
    target = Path(os.path.normpath(link.parent / os.readlink(link)))
    return target.parent == Path(os.path.normpath(folder)) or \
        Path(os.path.realpath(target)).parent == Path(os.path.realpath(folder))
