"""A background freshness check for knowledge bases too large to stat on every prompt.

Stat-ing every note costs about 2 µs a file (more on a loaded machine): 20 ms
at 10,000 notes, most of a prompt hook's budget. When the last full scan took
longer than the hook's budget, the hook trusts the folder mtimes (they catch
every added, removed or renamed file: mage's own writes, git, editors that
save by rename) and forks a child that does the full scan and repairs the
index (the check it is given: lifecycle.refresh_now), at most once every `REFRESH_INTERVAL_NS`. An in-place edit is then seen
by the prompt after the one that started the check. `mage recall` and
`mage index` always scan in full.
"""

import time

REFRESH_INTERVAL_NS = 2_000_000_000


def request_refresh(kb, stamp: dict, check) -> bool:
    """Fork a detached full check, `check(kb)`, unless one ran lately or a writer is at work. Never raises.

    The child is kb/detached.py's: it drops the host's pipes at once.
    """
    try:
        if time.time_ns() - int(stamp.get("checked_ns", 0)) < REFRESH_INTERVAL_NS:
            return False
        probe = refresh_lock(kb)
        if not probe.acquire():
            return False  # a check is running already
        probe.release()
        from mage_engine.kb.detached import run_detached

        return run_detached(kb, "refresh", "index refresh", lambda: _check_alone(kb, check))
    except Exception:
        return False


def _check_alone(kb, check) -> None:
    lock = refresh_lock(kb)
    if lock.acquire():  # held until the child exits: one background check at a time
        check(kb)


def refresh_lock(kb):
    """Held by a background check for its whole run."""
    from mage_engine.kb.flock import FileLock
    from mage_engine.recall.index.store import index_file

    return FileLock(index_file(kb, ".refresh.lock"), wait=0.0)
