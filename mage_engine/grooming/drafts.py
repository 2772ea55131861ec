"""The staging batch as rows for listings (CLI, TUI, JSON), without parsing every draft each time.

Rows are cached in `.mage/state/draft-rows.json` keyed by each draft file's stat
(kb/snapshot.py, racily clean files included): only drafts changed since the
last look are parsed again. `cached_drafts` answers from the cache alone, or
says it cannot (None), for a first frame that must not wait for YAML.
"""

import os

from mage_engine.base.errors import NoteFormatError
from mage_engine.kb import guard
from mage_engine.kb.layout import DRAFT_ROWS_FILE, KB
from mage_engine.kb.notes import Note, read_note, refused
from mage_engine.kb.snapshot import StatCache


def draft_row(draft: Note) -> dict:
    block = draft.draft or {}
    return {"id": draft.id, "title": draft.title, "kind": draft.kind, "category": draft.category,
            "tags": draft.tags, "source": block.get("source", draft.origin), "staged": block.get("staged"),
            "nearest": nearest_of(block), "proposal": block.get("proposal"),
            "signature": block.get("signature"), "summary": draft.summary,
            "path": str(draft.path) if draft.path else None}


def nearest_of(block) -> dict | None:
    """A draft block's nearest note as {"id", "similarity"}, or None when the file says something
    else (a hand-edited or planted draft: `nearest: foo` made `mage drafts` an internal error)."""
    value = block.get("nearest") if isinstance(block, dict) else None
    if not (isinstance(value, dict) and isinstance(value.get("id"), str)):
        return None
    similarity = value.get("similarity")
    return {"id": value["id"], "similarity": similarity if isinstance(similarity, (int, float)) else 0.0}


def list_drafts(kb: KB) -> tuple[list[dict], list[str]]:
    """Rows for every draft (oldest first) and one-line problems for unreadable files."""
    rows, problems = _rows(kb, parse=True)
    return rows, [problem["message"] for problem in problems]


def cached_drafts(kb: KB) -> tuple[list[dict], list[str]] | None:
    """The same rows when every draft is cached and unchanged, else None (list_drafts parses them)."""
    found = _rows(kb, parse=False)
    return None if found is None else (found[0], [problem["message"] for problem in found[1]])


def draft_listing(kb: KB) -> tuple[list[dict], list[dict]]:
    """list_drafts with each problem as a record, for the app's Staging pane:
    {'id', 'file', 'line', 'error', 'message', 'path'}, `message` being list_drafts' line."""
    return _rows(kb, parse=True)


def cached_listing(kb: KB) -> tuple[list[dict], list[dict]] | None:
    """draft_listing from the cache alone, or None when a draft changed: the app's first frame."""
    return _rows(kb, parse=False)


def _rows(kb: KB, parse: bool):
    try:
        listing = guard.entries(kb.staging_dir)
    except OSError as error:  # staging/ itself reached through a link: refused, never read
        if not isinstance(error, guard.Refused):
            return [], []
        return [], [_problem(NoteFormatError(kb.staging_dir, 1, f"refused: {error}"), kb.staging_dir)]
    entries = [entry for entry in listing if entry[0].endswith(".md") and not entry[0].startswith(".")]
    cache = StatCache(kb.path_of(DRAFT_ROWS_FILE), lambda name, kind: _describe(kb.staging_dir / name, kind))
    records = cache.records(entries) if parse else cache.cached(entries)
    if records is None:
        return None
    rows = [{**record["row"], "path": str(kb.staging_dir / name)} for name, record in records.items() if "row" in record]
    rows.sort(key=lambda row: (str(row.get("staged") or ""), row["id"]))
    problems = [{**record["problem"], "path": str(kb.staging_dir / name)}
                for name, record in records.items() if isinstance(record.get("problem"), dict)]
    return rows, problems


def _describe(path, kind: str) -> dict:
    if kind != "file":  # a link or a FIFO is listed, never read
        return {"problem": _problem(refused(path, kind), path)}
    try:
        return {"row": draft_row(read_note(path))}
    except NoteFormatError as problem:
        return {"problem": _problem(problem, path)}


def _problem(problem: NoteFormatError, path) -> dict:
    name = os.path.basename(str(path))
    return {"id": name.removesuffix(".md"), "file": name, "line": problem.line, "error": problem.problem,
            "message": str(problem)}
