"""The staging batch as rows for listings (CLI, TUI, JSON), without parsing every draft each time.

Rows are cached in `.mage/state/draft-rows.json` keyed by each draft file's stat
(kb/snapshot.py, racily clean files included): only drafts changed since the
last look are parsed again. `cached_drafts` answers from the cache alone, or
says it cannot (None), for a first frame that must not wait for YAML.
"""

from mage_engine.base.errors import NoteFormatError
from mage_engine.kb import guard
from mage_engine.kb.layout import DRAFT_ROWS_FILE, KB
from mage_engine.kb.notes import Note, read_note, refused
from mage_engine.kb.snapshot import StatCache


def draft_row(draft: Note) -> dict:
    block = draft.draft or {}
    return {"id": draft.id, "title": draft.title, "kind": draft.kind, "category": draft.category,
            "tags": draft.tags, "source": block.get("source", draft.origin), "staged": block.get("staged"),
            "nearest": block.get("nearest"), "proposal": block.get("proposal"),
            "signature": block.get("signature"), "summary": draft.summary,
            "path": str(draft.path) if draft.path else None}


def list_drafts(kb: KB) -> tuple[list[dict], list[str]]:
    """Rows for every draft (oldest first) and one-line problems for unreadable files."""
    return _rows(kb, parse=True)


def cached_drafts(kb: KB) -> tuple[list[dict], list[str]] | None:
    """The same rows when every draft is cached and unchanged, else None (list_drafts parses them)."""
    return _rows(kb, parse=False)


def _rows(kb: KB, parse: bool):
    try:
        listing = guard.entries(kb.staging_dir)
    except OSError as error:  # staging/ itself reached through a link: refused, never read
        return [], [str(NoteFormatError(kb.staging_dir, 1, f"refused: {error}"))] if isinstance(error, guard.Refused) \
            else []
    entries = [entry for entry in listing if entry[0].endswith(".md") and not entry[0].startswith(".")]
    cache = StatCache(kb.root / DRAFT_ROWS_FILE, lambda name, kind: _describe(kb.staging_dir / name, kind))
    records = cache.records(entries) if parse else cache.cached(entries)
    if records is None:
        return None
    rows = [{**record["row"], "path": str(kb.staging_dir / name)} for name, record in records.items() if "row" in record]
    rows.sort(key=lambda row: (str(row.get("staged") or ""), row["id"]))
    return rows, [record["problem"] for record in records.values() if "problem" in record]


def _describe(path, kind: str) -> dict:
    if kind != "file":  # a link or a FIFO is listed, never read
        return {"problem": str(refused(path, kind))}
    try:
        return {"row": draft_row(read_note(path))}
    except NoteFormatError as problem:
        return {"problem": str(problem)}
