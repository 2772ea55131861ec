"""Stat snapshots: whether a KB file changed since mage last read it, without reading it.

A file is keyed by its mtime (in ns) and size. A file modified less than
SETTLE_NS before the look is keyed with size -1: "racily clean", as git and
dulwich's index call it. An edit made within the same timestamp tick as the
look, to the same size, would otherwise hide behind an unchanged key; -1 never
matches a later look, so such a file is read again the next time.

`StatCache` keeps records made from a folder's files (grooming's catalog) in
one state file keyed so; the search index's manifest (recall/index/manifest.py)
and the recurrence candidates' view of the notes and drafts key their scans
with `stat_key` too. On the hook path (the index's freshness check): nothing is
imported but os and time until a cache is read or saved.
"""

import time

from mage_engine.base import fs

SETTLE_NS = 100_000_000  # 10x the coarsest timestamp tick of ext4/xfs/btrfs/APFS


def stat_key(stat, now_ns: int) -> list:
    """[mtime_ns, size] of a stat result, the size -1 when the file is racily clean at `now_ns`."""
    return [stat.st_mtime_ns, stat.st_size if now_ns - stat.st_mtime_ns > SETTLE_NS else -1]


def folder_keys(folder, suffix: str = ".md") -> list:
    """Sorted (name, mtime_ns, size) of the folder's `suffix` files, racily clean ones at size -1
    ([] when the folder is missing); links are listed by their own stat, never followed."""
    now = time.time_ns()
    try:
        with fs.scandir(folder) as entries:
            return sorted((entry.name, *stat_key(entry.stat(follow_symlinks=False), now))
                          for entry in entries if entry.name.endswith(suffix))
    except OSError:
        return []


class StatCache:
    """Records made from the files of one folder, saved in `cache_path` and keyed by each file's
    stat key and kind: only new, changed or racily clean files are described again."""

    def __init__(self, cache_path, describe):
        self.cache_path = cache_path
        self.describe = describe  # (name, kind) -> the record of that file (a dict)

    def records(self, entries) -> dict:
        """{name: record} for every entry (name, kind, stat), described again where its key changed."""
        return self._refresh(entries, describe=True)

    def cached(self, entries) -> dict | None:
        """The same, when every entry is cached and unchanged; else None (describe them elsewhere:
        the app paints its first frame from what is cached, and parses in a worker)."""
        return self._refresh(entries, describe=False)

    def _refresh(self, entries, describe: bool) -> dict | None:
        from mage_engine.kb.jsonfiles import read_object

        cache, now = read_object(self.cache_path) or {}, time.time_ns()
        fresh, changed = {}, False
        for name, kind, stat in entries:
            key = [*stat_key(stat, now), kind]
            cached = cache.get(name)
            if isinstance(cached, dict) and cached.get("key") == key and key[1] >= 0:
                fresh[name] = cached
                continue
            if not describe:
                return None
            changed = True
            fresh[name] = {"key": key, **self.describe(name, kind)}
        if changed or len(fresh) != len(cache):
            self._save(fresh)
        return fresh

    def _save(self, data: dict) -> None:
        from mage_engine.base import fastjson
        from mage_engine.kb.atomic import write_text_atomic

        try:
            text = fastjson.dumps(data, sort_keys=True)
        except (TypeError, ValueError):  # a record JSON cannot hold (YAML's dates): left out, described each time
            text = fastjson.dumps({name: record for name, record in data.items() if _storable(record)},
                                  sort_keys=True)
        try:
            write_text_atomic(self.cache_path, text, durable=False)
        except OSError:
            pass  # a cache: losing it costs time, never correctness


def _storable(record: dict) -> bool:
    from mage_engine.base import fastjson

    try:
        return fastjson.loads(fastjson.dumps(record)) == record
    except (TypeError, ValueError):
        return False
