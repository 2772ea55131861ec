"""What the index was built from: every note and skill file, its mtime and size.

`scan` stats the source files; `fingerprint` folds a scan into one short hash
kept in the index's stamp, so "is the index fresh?" costs a directory listing
plus one stat per file and no JSON of 10,000 entries. Files are keyed as every
stat snapshot is (kb/snapshot.py): a file modified in the same clock tick as the
scan is racily clean, its entry never matches, and it is re-read on the next check.
"""

import time

from mage_engine.base import fs
from mage_engine.kb.layout import NOTES_DIR, SKILLS_DIR
from mage_engine.kb.snapshot import stat_key


def source_dirs(kb) -> list:
    """Folders whose entries change when a note or skill is added, removed or renamed."""
    dirs = [kb.at(NOTES_DIR), kb.at(SKILLS_DIR)]
    try:
        dirs += sorted(entry.path for entry in fs.scandir(dirs[1]) if entry.is_dir(follow_symlinks=False))
    except OSError:
        pass
    return dirs


def timed_scan(kb) -> tuple[dict, float]:
    """(scan, milliseconds it took): what every freshness check runs, hooks included."""
    started = time.perf_counter()
    files = scan(kb)
    return files, (time.perf_counter() - started) * 1000


def dir_stamps(kb) -> dict:
    """{folder: mtime_ns} for the source folders (missing folders map to 0)."""
    stamps = {}
    for folder in source_dirs(kb):
        try:
            stamps[fs.relpath(folder, kb.top)] = fs.lstat(folder).st_mtime_ns
        except OSError:
            stamps[fs.relpath(folder, kb.top)] = 0
    return stamps


def list_sources(kb) -> list[str]:
    """Relative paths of every note (mage/notes/*.md) and skill (mage/skills/*/SKILL.md).

    Links are left out (the file guard would refuse to read them anyway; the
    catalog and `mage index` report them).
    """
    rels, skills = [], kb.at(SKILLS_DIR)
    try:
        with fs.scandir(kb.at(NOTES_DIR)) as entries:
            rels += [f"mage/notes/{e.name}" for e in entries
                     if e.name.endswith(".md") and not e.name.startswith(".") and not e.is_symlink()]
    except OSError:
        pass
    try:
        with fs.scandir(skills) as entries:
            for entry in entries:
                if not entry.name.startswith(".") and entry.is_dir(follow_symlinks=False) and \
                        _is_file(fs.join(entry.path, "SKILL.md")):
                    rels.append(f"mage/skills/{entry.name}/SKILL.md")
    except OSError:
        pass
    return sorted(rels)


def _is_file(path: str) -> bool:
    try:
        return fs.lstat(path).st_mode & 0o170000 == 0o100000
    except OSError:
        return False


def scan(kb) -> dict:
    """{relative path: [mtime_ns, size]} for every source file, racily clean ones at size -1."""
    now = time.time_ns()
    root = kb.top
    files = {}
    for rel in list_sources(kb):
        try:
            stat = fs.lstat(fs.join(root, rel))
        except OSError:
            continue  # removed between the listing and the stat
        files[rel] = stat_key(stat, now)
    return files


def fingerprint(files: dict) -> str:
    """A short digest of a scan, the same in every process: Python's hash of the scan as integers
    (a str's hash is salted per process, an int's and a tuple's are not). No hashing module is
    loaded for it: each is another library to open on every prompt (0.2 ms). It guards against
    change, not against an adversary: a note edited so that its digest collides gains nothing."""
    key = tuple((int.from_bytes(rel.encode("utf-8", "surrogateescape"), "little"), mtime, size)
                for rel, (mtime, size) in sorted(files.items()))
    return f"h{hash(key) & 0xFFFF_FFFF_FFFF_FFFF:016x}"


def diff(old: dict, new: dict) -> tuple[list, list]:
    """(paths to (re)index, paths to drop) going from scan `old` to scan `new`."""
    changed = [rel for rel, entry in new.items() if old.get(rel) != entry or entry[1] < 0]
    removed = [rel for rel in old if rel not in new]
    return sorted(changed), sorted(removed)
