"""Reading an import source's files: through the file guard (no links, size-capped), never changed."""

import os
from pathlib import Path

MAX_FILE_BYTES = 4 * 1024 * 1024


def read(path: Path) -> str | None:
    from mage_engine.kb import guard

    try:
        return guard.read_bytes(path, MAX_FILE_BYTES).decode("utf-8", "replace")
    except OSError:
        return None


def shown(kb, path: Path) -> str:
    """The file as a person would name it: relative to the project, else with ~ for home."""
    text = kb.relative(path)
    home = os.path.expanduser("~")
    return "~" + text[len(home):] if text.startswith(home + "/") else text


def markdown_files(folder: Path) -> list[Path]:
    from mage_engine.kb import guard

    try:
        listing = guard.entries(folder, with_stat=False)
    except OSError:
        return []
    return [folder / name for name, kind, _ in listing if kind == "file" and name.endswith((".md", ".mdc"))
            and not name.startswith(".")]
