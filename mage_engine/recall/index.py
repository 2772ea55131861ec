"""The search index's life cycle: `rebuild_index` (full) and `ensure_fresh` (cheap check,
incremental repair), as called by `mage index`, `mage recall`, grooming and the hooks.

Freshness, cheapest first: the stamp's folder mtimes catch every added, removed
or renamed file (mage's own atomic writes, git checkouts, editors that save by
rename); a stat of every source file, folded into a fingerprint, catches edits
made in place. Callers with a time budget (the hooks) skip the stat pass when
the last one took longer than their budget and start a background refresh
instead (see `refresh.py`); `mage recall` and `mage index` always do it.
"""

import time

from mage_engine.errors import NoteFormatError
from mage_engine.recall import manifest, store
from mage_engine.recall.store import IndexLock

FULL_REBUILD_SHARE = 0.3  # past this share of changed files a rebuild beats an update
HOOK_SCAN_BUDGET_MS = 6.0


def rebuild_index(kb, progress=None) -> dict:
    """Rebuild the whole index from mage/notes and mage/skills; swap it in atomically.

    `progress(done, total)` is called while documents are added. Returns
    {"docs": n, "problems": [one-line strings], "seconds": s}.
    """
    lock = IndexLock(kb, wait=30.0)
    if not lock.acquire():
        raise store.IndexUnavailable("another mage process is rebuilding the search index",
                                     "wait for it to finish, then run `mage index` again")
    try:
        return _rebuild_locked(kb, progress)
    finally:
        lock.release()


def ensure_fresh(kb, scan_budget_ms: float | None = None) -> str:
    """Bring the index up to date if the notes changed: "fresh", "updated", "rebuilt",
    "deferred" (a background refresh will check) or "busy" (another process holds the lock)."""
    stamp = store.read_stamp(kb)
    if stamp is None or not _generation_ok(kb, stamp):
        return _with_lock(kb, scan_budget_ms, lambda: _rebuild_locked(kb) and "rebuilt")
    dirs = manifest.dir_stamps(kb)
    if dirs == stamp.get("dirs") and not stamp.get("unsettled"):
        if scan_budget_ms is not None and stamp.get("scan_ms", 0.0) > scan_budget_ms:
            from mage_engine.recall.refresh import request_refresh

            request_refresh(kb, stamp)
            return "deferred"
        files, scan_ms = _timed_scan(kb)
        if manifest.fingerprint(files) == stamp.get("fingerprint"):
            return "fresh"
    return _with_lock(kb, scan_budget_ms, lambda: _update_locked(kb))


def _with_lock(kb, scan_budget_ms, action) -> str:
    lock = IndexLock(kb, wait=0.0 if scan_budget_ms is not None else 30.0)
    if not lock.acquire():
        return "busy"
    try:
        return action()
    finally:
        lock.release()


def _generation_ok(kb, stamp) -> bool:
    return (kb.index_dir / stamp["generation"] / "meta.json").is_file()


def _timed_scan(kb) -> tuple[dict, float]:
    started = time.perf_counter()
    files = manifest.scan(kb)
    return files, (time.perf_counter() - started) * 1000


def _read_all(kb, rels, progress=None) -> tuple[dict, list, list]:
    """({rel: record or None}, [(record, body)], [problem lines]) for the given files."""
    records, entries, problems = {}, [], []
    for done, rel in enumerate(rels, 1):
        try:
            record, body = _read(kb, rel)
            records[rel] = record
            entries.append((record, body))
        except NoteFormatError as problem:
            records[rel] = None
            problems.append(str(problem))
        if progress and done % 500 == 0:
            progress(done, len(rels))
    return records, entries, problems


def _read(kb, rel):
    from mage_engine.recall.records import read_source

    return read_source(kb.root, rel)


def _rebuild_locked(kb, progress=None) -> dict:
    from mage_engine.recall import build

    started = time.perf_counter()
    dirs = manifest.dir_stamps(kb)  # before the scan: a change during it shows next time
    files, scan_ms = _timed_scan(kb)
    records, entries, problems = _read_all(kb, sorted(files), progress)
    name, path = store.new_generation(kb)
    count = build.create(path, entries, (lambda n: progress(n, len(entries))) if progress else None)
    _commit(kb, name, dirs, files, scan_ms, records, problems)
    store.drop_old_generations(kb, keep=name)
    return {"docs": count, "problems": problems, "seconds": round(time.perf_counter() - started, 3)}


def _update_locked(kb) -> str:
    from mage_engine.recall import build

    stamp, old = store.read_stamp(kb), store.read_json(store.manifest_path(kb))
    if stamp is None or old is None or not _generation_ok(kb, stamp):
        _rebuild_locked(kb)
        return "rebuilt"
    dirs = manifest.dir_stamps(kb)
    files, scan_ms = _timed_scan(kb)
    changed, removed = manifest.diff(old.get("files", {}), files)
    if not changed and not removed:
        _commit(kb, stamp["generation"], dirs, files, scan_ms, old.get("records", {}), old.get("problems", []))
        return "fresh"
    if len(changed) + len(removed) > max(20, FULL_REBUILD_SHARE * len(files)):
        _rebuild_locked(kb)
        return "rebuilt"
    fresh, entries, problems = _read_all(kb, changed)
    build.update(store.generation_path(kb, stamp), changed + removed, entries)
    records = {rel: rec for rel, rec in old.get("records", {}).items() if rel in files and rel not in fresh}
    records.update(fresh)
    kept = [p for p in old.get("problems", []) if not any(rel in p for rel in changed + removed)]
    _commit(kb, stamp["generation"], dirs, files, scan_ms, records, kept + problems)
    return "updated"


def _commit(kb, generation, dirs, files, scan_ms, records, problems) -> None:
    """Write manifest, standing context and, last (the commit point), the stamp."""
    from mage_engine.recall.standing_cache import standing_digest

    store.write_json(store.manifest_path(kb), {"schema": store.SCHEMA_VERSION, "files": files,
                                               "records": records, "problems": problems})
    store.write_json(store.standing_path(kb), standing_digest(records))
    store.write_json(store.stamp_path(kb), {
        "schema": store.SCHEMA_VERSION, "generation": generation, "dirs": dirs,
        "fingerprint": manifest.fingerprint(files), "unsettled": any(e[1] < 0 for e in files.values()),
        "docs": sum(1 for r in records.values() if r), "scan_ms": round(scan_ms, 2),
        "checked_ns": time.time_ns()})
