"""The cards of the three-layer design, and Cursor's rules, as import candidates."""

from pathlib import Path

from mage_engine.adopt.candidate import Candidate, kind_of, sections
from mage_engine.adopt.source_files import markdown_files, read, shown
from mage_engine.base.errors import MageError
from mage_engine.kb.notes import CATEGORIES


def card_folder(folder: Path) -> Path:
    """DIR/cards/ when DIR is the design's memory/ folder, else DIR itself."""
    return folder / "cards" if (folder / "cards").is_dir() else folder


def card_candidates(kb, folder: Path) -> list[Candidate]:
    """Each card: `topic` the title, `category` (the same nine as mage's) and `tags` kept."""
    from mage_engine.kb import frontmatter

    cards = card_folder(folder)
    if not cards.is_dir():
        raise MageError(f"no cards folder at {folder}", "name the design's memory/ folder or its cards/ folder")
    found = []
    for path in markdown_files(cards):
        text = read(path)
        try:
            meta, body, _ = frontmatter.split(text or "", path)
        except MageError:
            continue
        title = str(meta.get("topic") or meta.get("title") or path.stem.replace("-", " ").capitalize())
        category = str(meta.get("category") or "lessons")
        category = category if category in CATEGORIES else "lessons"
        tags = meta.get("tags") if isinstance(meta.get("tags"), list) else []
        kind = {"human": "preference", "system": "rule"}.get(category, "lesson")
        if body.strip():
            found.append(Candidate(shown(kb, path), title, body.strip(), kind, category,
                                   ["card", *[str(t) for t in tags]]))
    return found


def cursor_candidates(kb) -> list[Candidate]:
    """`.cursor/rules/*.mdc` (one rule each) and `.cursorrules` (one per section)."""
    from mage_engine.kb import frontmatter

    found = []
    for path in sorted(markdown_files(kb.root / ".cursor" / "rules")):
        text = read(path)
        try:
            meta, body, _ = frontmatter.split(text or "", path)
        except MageError:
            meta, body = {}, text or ""
        description = " ".join(str(meta.get("description") or "").split())
        title = description[:120] if description else path.stem.replace("-", " ").capitalize()
        globs = meta.get("globs")
        scope = f"\n\nApplies to: {globs}" if globs and not meta.get("alwaysApply") else ""
        if body.strip():
            found.append(Candidate(shown(kb, path), title, body.strip() + scope, "rule", "workflow", ["cursor"]))
    legacy = read(kb.root / ".cursorrules")
    if legacy:
        parts = sections(legacy) or [("", legacy.strip())]
        for heading, body in parts:
            kind, category = kind_of(heading or "rules", body)
            found.append(Candidate(".cursorrules", f".cursorrules: {heading or 'rules'}", body, kind, category,
                                   ["cursor"]))
    return found
