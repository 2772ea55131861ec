"""`mage export --format cards DIR`: the notes as the three-layer design's cards, the logs beside them.

DIR/cards/<id>.md carries `topic`, `category`, `tags`, `created` and `updated`
(and mage's `kind`, which the design ignores), then the note's body; the
daily logs are copied as DIR/YYYY-MM-DD.md; DIR/MEMORY.md is the slim index
of the cards. Retired notes stay behind (they are out of use). Every file is
written atomically with deterministic text, so exporting twice changes
nothing; only files the export owns are replaced.
"""

from pathlib import Path

from mage_engine.base.errors import MageError


def export_cards(kb, folder: Path, dry_run: bool = False) -> dict:
    from mage_engine.kb.notes import load_folder

    folder = Path(folder).expanduser().resolve()
    if folder == kb.mage_dir.resolve() or kb.mage_dir.resolve() in folder.parents:
        raise MageError("the export folder is inside mage/", "export somewhere else, e.g. `mage export --format cards ../memory`")
    notes, problems = load_folder(kb.notes_dir)
    files = {folder / "cards" / f"{n.id}.md": card_text(n) for n in notes}
    files[folder / "MEMORY.md"] = index_text(notes)
    files.update(_logs(kb, folder))
    written = []
    for path, text in sorted(files.items()):
        if _current(path) != text:
            written.append(str(path))
            if not dry_run:
                _write(path, text)
    return {"folder": str(folder), "cards": len(notes), "written": written, "dry_run": dry_run,
            "problems": [str(p) for p in problems]}


def card_text(note) -> str:
    from mage_engine.kb import frontmatter

    data = {"topic": note.title, "category": note.category, "tags": list(note.tags),
            "created": _date(note.created), "updated": _date(note.updated), "kind": note.kind}
    return frontmatter.render({k: v for k, v in data.items() if v not in (None, "")}, note.body,
                              ("topic", "category", "tags", "created", "updated", "kind"))


def _date(text: str):
    """A bare YAML date (2026-01-05), as the cards write it, not a quoted string."""
    import datetime as dt

    try:
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        return text or None


def index_text(notes: list) -> str:
    lines = ["# Memory", "", "One line per card; details in cards/.", ""]
    lines += [f"- [{n.title}](cards/{n.id}.md)" + (f" — {n.summary[:160]}" if n.summary else "") for n in notes]
    return "\n".join(lines) + "\n"


def _logs(kb, folder: Path) -> dict:
    from mage_engine.logs.daily_file import log_days, read_day

    return {folder / f"{day}.md": read_day(kb, day) for day in log_days(kb)}


def _current(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _write(path: Path, text: str) -> None:
    from mage_engine.kb.atomic import write_text_atomic

    write_text_atomic(path, text)
