"""The native-memory redirect: Claude Code's own memory files in mage/, read as drafts.

With the twin connected, the host agent writes memory files straight into
mage/ (Gate-0 has scrubbed them on the way). Grooming takes them in
(grooming/redirects.py): every such file is staged as a draft with source
`redirect`, Claude Code's frontmatter mapped onto mage's (`to_draft_fields`),
then moved out of mage/ into .mage/redirected/ (`move_out`) so it is neither
committed nor imported twice. A file counts as the host's when it is a
markdown file outside mage's own entries whose frontmatter carries Claude
Code's memory keys.
"""

import time
from dataclasses import dataclass
from pathlib import Path

from mage_engine.base.errors import MageError
from mage_engine.kb.layout import KB, REDIRECTED_DIR

MAGE_OWN = {"notes", "skills", "logs", "archive", "INDEX.md", "MEMORY.md", "config.yaml", "rejected.jsonl"}
HOST_KEYS = {"name", "description", "metadata"}
# Claude Code memory type -> (mage kind, mage category)
TYPES = {"user": ("preference", "human"), "feedback": ("rule", "workflow"),
         "project": ("fact", "projects"), "reference": ("pointer", "projects")}
MAX_TITLE = 120


@dataclass
class Redirected:
    """One host memory file taken in: the draft it became (or why not) and where the file went."""

    file: str
    status: str            # staged | duplicate | rejected | skipped
    id: str | None = None
    moved_to: str = ""
    reason: str = ""

    def to_json(self) -> dict:
        return {"file": self.file, "status": self.status, "id": self.id, "moved_to": self.moved_to,
                "reason": self.reason}


def host_memory_files(kb: KB) -> list[tuple[Path, dict, str]]:
    """(path, frontmatter, body) of each file in mage/ that Claude Code's auto memory wrote.

    Regular files only, found without following a link: a link in mage/ to a
    file elsewhere is never read into a draft.
    """
    found = []
    for path in _markdown_files(kb.mage_dir, top=True):
        parsed = _parse(path)
        if parsed and HOST_KEYS & set(parsed[0]):
            found.append((path, *parsed))
    return found


def _markdown_files(folder: Path, top: bool = False, depth: int = 0) -> list[Path]:
    from mage_engine.kb import guard

    try:
        listing = guard.entries(folder, with_stat=False)
    except OSError:
        return []
    files = []
    for name, kind, _ in listing:
        if name.startswith(".") or (top and name in MAGE_OWN):
            continue
        if kind == "file" and name.endswith(".md"):
            files.append(folder / name)
        elif kind == "dir" and depth < 8:
            files += _markdown_files(folder / name, depth=depth + 1)
    return files


def to_draft_fields(meta: dict, body: str, path: Path) -> dict:
    """Claude Code's memory frontmatter (name, description, metadata.type) mapped onto a mage draft."""
    metadata = meta.get("metadata") if isinstance(meta.get("metadata"), dict) else {}
    host_type = str(metadata.get("type") or meta.get("type") or "").strip().lower()
    kind, category = TYPES.get(host_type, ("lesson", "lessons"))
    description = " ".join(str(meta.get("description") or "").split())
    name = str(meta.get("name") or path.stem)
    title = description if 0 < len(description) <= MAX_TITLE else name.replace("-", " ").replace("_", " ").capitalize()
    text = body.strip() or description
    tags = ["claude-memory"] + ([host_type] if host_type in TYPES else [])
    return {"title": title, "body": text, "kind": kind, "category": category, "tags": tags}


def _parse(path: Path) -> tuple[dict, str] | None:
    from mage_engine.kb import frontmatter

    from mage_engine.kb import guard
    from mage_engine.kb.notes import MAX_NOTE_BYTES

    try:
        text = guard.read_text(path, MAX_NOTE_BYTES)
        meta, body, _ = frontmatter.split(text, path)
    except (OSError, UnicodeDecodeError, MageError):
        return None
    return meta, body


def move_out(kb: KB, path: Path) -> Path:
    """Into .mage/redirected/, stamped, so the file leaves mage/ and is never imported twice."""
    from mage_engine.kb.atomic import move

    flat = "__".join(path.relative_to(kb.mage_dir).parts)
    target = kb.root / REDIRECTED_DIR / f"{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-{flat}"
    move(path, target)
    return target
