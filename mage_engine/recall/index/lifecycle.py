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

from mage_engine.recall.index import manifest, store
from mage_engine.recall.index.store import index_lock

HOOK_SCAN_BUDGET_MS = 6.0
HOOK_REBUILD_LIMIT = 500  # notes a hook may index itself when there is no index yet …
HOOK_REBUILD_BYTES = 1_000_000  # … and bytes (about 0.2 s): a cloned repository's 50 notes of 1 MB took 10 s
HOOK_LIMITS = (HOOK_REBUILD_LIMIT, HOOK_REBUILD_BYTES)


def rebuild_index(kb, progress=None) -> dict:
    """Rebuild the whole index from mage/notes and mage/skills; swap it in atomically.

    `progress(done, total)` is called while documents are added. Returns
    {"docs": n, "problems": [one-line strings], "seconds": s}.
    """
    lock = index_lock(kb, wait=30.0)
    if not lock.acquire():
        if lock.problem is not None:
            raise store.IndexUnavailable(f"the search index cannot be written ({lock.problem})",
                                         "make .mage/ writable, then run `mage index` again")
        raise store.IndexUnavailable("another mage process is rebuilding the search index",
                                     "wait for it to finish, then run `mage index` again")
    try:
        from mage_engine.recall.index.write import rebuild_locked

        return rebuild_locked(kb, progress)
    finally:
        lock.release()


def ensure_fresh(kb, scan_budget_ms: float | None = None) -> str:
    """Bring the index up to date if the notes changed: "fresh", "updated", "rebuilt",
    "deferred" (a background refresh will check) or "busy" (another process holds the lock)."""
    return fresh_stamp(kb, scan_budget_ms)[0]


def fresh_stamp(kb, scan_budget_ms: float | None = None) -> tuple:
    """(what `ensure_fresh` says, and the stamp it read and checked when the index stays as that stamp
    says, else None): a search that follows opens that generation without reading and checking the
    stamp again."""
    stamp = store.read_stamp(kb)
    if stamp is None or not store.generation_ok(kb, stamp):
        if scan_budget_ms is not None and _write().too_big_for_a_hook(kb, manifest.list_sources(kb), HOOK_LIMITS):
            from mage_engine.recall.index.refresh import request_refresh

            request_refresh(kb, {}, refresh_now)  # too big to build inside a hook: build in the background
            return "deferred", None
        return _with_lock(kb, scan_budget_ms, lambda: _write().rebuild_locked(kb) and "rebuilt"), None
    dirs = manifest.dir_stamps(kb)
    if dirs == stamp.get("dirs") and not stamp.get("unsettled"):
        if scan_budget_ms is not None and stamp.get("scan_ms", 0.0) > scan_budget_ms:
            from mage_engine.recall.index.refresh import request_refresh

            request_refresh(kb, stamp, refresh_now)
            return "deferred", stamp  # checked above: searched as it is while the refresh runs
        files, scan_ms = manifest.timed_scan(kb)  # index_write is only imported to write
        if manifest.fingerprint(files) == stamp.get("fingerprint"):
            _note_scan_cost(kb, stamp, scan_ms)
            return "fresh", stamp
    inline = HOOK_LIMITS if scan_budget_ms is not None else None  # a hook never indexes much itself
    result = _with_lock(kb, scan_budget_ms, lambda: _write().update_locked(kb, inline_limit=inline))
    if result == "deferred":  # forked only now: a child must not inherit the index lock
        from mage_engine.recall.index.refresh import request_refresh

        request_refresh(kb, stamp or {}, refresh_now)
    return result, None


def refresh_now(kb) -> str:
    """A full freshness check, then the stamp records when it ran (what refresh.py's child runs)."""
    result = ensure_fresh(kb)
    if result in ("fresh", "updated", "rebuilt"):
        patch_stamp(kb, checked_ns=time.time_ns())
    return result


def _write():
    from mage_engine.recall.index import write as index_write

    return index_write


def _note_scan_cost(kb, stamp: dict, scan_ms: float) -> None:
    """Keep the stamp's scan cost current when it crosses the hooks' budget (either way)."""
    if (scan_ms > HOOK_SCAN_BUDGET_MS) != (stamp.get("scan_ms", 0.0) > HOOK_SCAN_BUDGET_MS):
        patch_stamp(kb, scan_ms=round(scan_ms, 2))


def patch_stamp(kb, **fields) -> bool:
    """Change fields of the current stamp under the lock (skipped if a writer holds it)."""
    lock = index_lock(kb, wait=0.0)
    if not lock.acquire():
        return False
    try:  # re-read under the lock: never write back a stamp another writer replaced
        stamp = store.read_stamp(kb)
        if stamp is not None:
            store.write_json(store.stamp_path(kb), {**stamp, **fields})
        return stamp is not None
    except OSError:
        return False
    finally:
        lock.release()


def _with_lock(kb, scan_budget_ms, action) -> str:
    lock = index_lock(kb, wait=0.0 if scan_budget_ms is not None else 30.0)
    if not lock.acquire():
        return "busy"
    try:
        return action()
    finally:
        lock.release()
