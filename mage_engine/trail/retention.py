"""Pruning the trail by age (`capture.retain_days`) and size (`capture.max_mb`), once a day.

The SessionStart hook calls `maybe_prune`; a stamp file in `.mage/state/`
makes every other call that day a single stat. Files go oldest first (by
modification time); a session's state file goes with its last trail file.
"""

import time

from mage_engine.base import fs
from mage_engine.kb.layout import PRUNE_STAMP_FILE

DAY_SECONDS = 24 * 3600


def maybe_prune(kb, config=None, now: float | None = None) -> list | None:
    """Prune unless it was done in the last 24 hours; returns the files removed, or None if skipped."""
    now = time.time() if now is None else now
    stamp = kb.at(PRUNE_STAMP_FILE)  # a str: the daily check is on the hook path
    try:
        if now - fs.stat(stamp).st_mtime < DAY_SECONDS:
            return None
    except OSError:
        pass
    retain_days = getattr(config, "retain_days", 30)
    max_mb = getattr(config, "max_mb", 200)
    removed = prune_trail(kb, retain_days, max_mb, now)
    _touch(stamp, now)
    return removed


def prune_trail(kb, retain_days: int, max_mb: int, now: float | None = None) -> list:
    """Remove trail files older than `retain_days`, then the oldest until all fit in `max_mb`."""
    now = time.time() if now is None else now
    files = _trail_files(kb)  # (mtime, size, path), oldest first
    cutoff = now - retain_days * DAY_SECONDS
    removed = [path for mtime, _, path in files if mtime < cutoff]
    kept = [(mtime, size, path) for mtime, size, path in files if mtime >= cutoff]
    total, budget = sum(size for _, size, _ in kept), max_mb * 1024 * 1024
    while kept and total > budget:
        _, size, path = kept.pop(0)
        removed.append(path)
        total -= size
    for path in removed:
        _unlink(path)
    _drop_orphan_states(kb)
    return removed


def _trail_files(kb) -> list:
    found = []
    try:
        entries = list(fs.scandir(kb.learnings_dir))
    except OSError:
        return []
    for entry in entries:
        if entry.name.endswith(".jsonl") and entry.is_file(follow_symlinks=False):
            info = entry.stat(follow_symlinks=False)
            found.append((info.st_mtime, info.st_size, kb.learnings_dir / entry.name))
    return sorted(found)


def _drop_orphan_states(kb) -> None:
    """Forget the state of sessions whose whole trail was pruned."""
    from mage_engine.trail.session_state import sessions_dir
    from mage_engine.trail.reader import TrailReader

    live = set(TrailReader(kb).stems())
    try:
        names = fs.listdir(sessions_dir(kb))
    except OSError:
        return
    for name in names:
        stem, dot, suffix = name.rpartition(".")
        if dot and suffix in ("json", "lock") and stem not in live:
            _unlink(sessions_dir(kb) / name)


def _touch(path, now: float) -> None:
    from mage_engine.kb.atomic import write_text_atomic  # no link followed in .mage/state/

    try:
        write_text_atomic(path, time.strftime("%Y-%m-%dT%H:%M:%SZ\n", time.gmtime(now)), durable=False)
        fs.utime(path, (now, now), follow_symlinks=False)
    except OSError:
        pass


def _unlink(path) -> None:
    from mage_engine.kb.atomic import remove  # never in a folder reached through a link

    try:
        remove(path)
    except OSError:
        pass
