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

import os
import time

REFRESH_INTERVAL_NS = 2_000_000_000


def request_refresh(kb, stamp: dict, check) -> bool:
    """Fork a detached full check, `check(kb)`, unless one ran lately or a writer is at work. Never raises.

    Forking costs the hook ~0.3 ms (starting a new interpreter would cost 5-15 ms);
    the child drops the host's pipes at once, so the hook's output is not held up.
    """
    try:
        if time.time_ns() - int(stamp.get("checked_ns", 0)) < REFRESH_INTERVAL_NS:
            return False
        probe = refresh_lock(kb)
        if not probe.acquire():
            return False  # a check is running already
        probe.release()
        if os.fork() != 0:
            return True
    except Exception:
        return False
    _child(kb, check)  # never returns


def _child(kb, check) -> None:
    import gc

    gc.enable()  # the hook turned the collector off for its few milliseconds; this may run for seconds
    code = 0
    try:
        os.setsid()
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        lock = refresh_lock(kb)
        if lock.acquire():  # held until exit: one background check at a time
            check(kb)
    except BaseException as error:  # the child must never reach the parent's code path
        code = 1
        try:
            from mage_engine.kb.errors_log import log_error

            log_error(kb, "refresh", f"background index refresh: {type(error).__name__}: {error}")
        except BaseException:
            pass
    finally:
        os._exit(code)


def refresh_lock(kb):
    """Held by a background check for its whole run."""
    from mage_engine.kb.flock import FileLock
    from mage_engine.recall.index.store import index_file

    return FileLock(index_file(kb, ".refresh.lock"), wait=0.0)
