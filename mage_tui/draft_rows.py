"""The staging batch as rows, without parsing every draft's YAML each time the app opens.

Rows are what `mage_engine.grooming.drafts.list_drafts` returns, cached in
`.mage/state/tui-draft-rows.json` keyed by each file's name, mtime and size
(like the engine's catalog): only drafts changed since the last look are
parsed again. With every draft cached, `cached_rows` answers in a few
milliseconds, so Staging paints its rows in the app's very first frame.
"""

import json
import os
from pathlib import Path

from mage_engine.kb.layout import KB

CACHE_NAME = "tui-draft-rows-v2.json"  # v2: an unreadable draft's problem is a record (file, line, error)
MOST_CACHED = 1000  # beyond this many drafts, even reading the cache belongs in a worker


def draft_rows(kb: KB) -> tuple[list[dict], list[dict]]:
    """Rows for every draft (oldest first) and the unreadable files: {'id', 'file', 'line', 'error', 'message'},
    `message` being the engine's one line (`path:line: problem`)."""
    return _rows(kb, parse=True)


def cached_rows(kb: KB) -> tuple[list[dict], list[dict]] | None:
    """The same rows if every draft is cached and unchanged, else None (parse them in a worker)."""
    return _rows(kb, parse=False)


def _rows(kb: KB, parse: bool):
    cache_path = kb.state_dir / CACHE_NAME
    cache = _load(cache_path)
    entries = _draft_entries(kb.staging_dir)
    if not parse and len(entries) > MOST_CACHED:
        return None
    fresh, changed = {}, False
    for name, key, path in entries:
        record = cache.get(name)
        if not record or record.get("key") != key:
            if not parse:
                return None
            record, changed = {"key": key, **_describe(path)}, True
        fresh[name] = record
    if changed or len(fresh) != len(cache):
        _save(cache_path, {name: r for name, r in fresh.items() if r.get("cacheable", True)})
    paths = {name: str(path) for name, _key, path in entries}  # the KB may have moved since
    rows = [{**r["row"], "path": paths[name]} for name, r in fresh.items() if "row" in r]
    rows.sort(key=lambda row: (str(row.get("staged") or ""), row["id"]))
    problems = [{**r["problem"], "path": paths[name]} for name, r in fresh.items() if isinstance(r.get("problem"), dict)]
    return rows, problems


def _describe(path: Path) -> dict:
    # Parsing is the slow path: its modules (YAML among them) load only when a draft changed.
    from mage_engine.base.errors import NoteFormatError
    from mage_engine.grooming.drafts import draft_row
    from mage_engine.kb.notes import read_note

    try:
        row = draft_row(read_note(path))
    except NoteFormatError as problem:
        return {"problem": {"id": path.stem, "file": path.name, "line": problem.line, "error": problem.problem,
                            "message": str(problem)}}
    # A hand-written date can come back from YAML as a date object: such rows are never cached.
    return {"row": row, "cacheable": _round_trips(row)}


def _round_trips(row: dict) -> bool:
    try:
        return json.loads(json.dumps(row)) == row
    except (TypeError, ValueError):
        return False


def _draft_entries(folder: Path) -> list[tuple[str, list, Path]]:
    """(name, [mtime_ns, size], path) of each draft file, as list_drafts reads them."""
    try:
        with os.scandir(folder) as found:
            entries = [e for e in found if e.name.endswith(".md") and not e.name.startswith(".")]
    except OSError:
        return []
    result = []
    for entry in sorted(entries, key=lambda e: e.name):
        try:
            stat = entry.stat(follow_symlinks=False)  # a link is listed (and refused), never followed
        except OSError:
            continue  # removed while we looked
        result.append((entry.name, [stat.st_mtime_ns, stat.st_size], Path(entry.path)))
    return result


def _load(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(path: Path, data: dict) -> None:
    from mage_engine.kb.atomic import write_text_atomic

    try:
        write_text_atomic(path, json.dumps(data, sort_keys=True))
    except OSError:
        pass  # a cache: losing it costs time, never correctness
