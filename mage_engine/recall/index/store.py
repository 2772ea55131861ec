"""Where the search index lives in .mage/index/, and how it is swapped safely.

A full rebuild writes a fresh generation folder (`gen-<ns>/`), then replaces
`current.json` (the stamp) in one atomic rename: that rename is the commit
point, so a crash mid-build leaves the old index in use and an orphan folder
that the next build deletes. The stamp also holds what freshness checks need
(folder mtimes, the scan fingerprint), so the hot path reads one small file.
`manifest.json` (every file and its note record) and `standing.json` (what
SessionStart injects) sit beside it.
"""

import time

from mage_engine.base import fastjson, fs
from mage_engine.base.errors import MageError
from mage_engine.kb.flock import FileLock
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.layout import INDEX_DIR, INDEX_MANIFEST, INDEX_STAMP_FILE, INDEX_STANDING_FILE

SCHEMA_VERSION = 8  # (an analyzer change bumps terms/saved_lists.py's ANALYZER_VERSION too)
# 2: camelCase words in code also indexed by their humps; `anyhow` no longer a stopword;
# 3: kind, category and template headings are no longer note words; 4: Chinese, Japanese and
# Korean text indexed as character pairs; 5: title and summary terms stored; 6: each note's
# sequence of terms stored (terms/quotes.py); 8: hyphenated compounds also indexed closed (`on-call`
# as oncall)


class IndexUnavailable(MageError):
    """The search index is missing, from another schema version, or unreadable."""


def is_index_failure(error: BaseException) -> bool:
    """An error reading the index: any Exception, or a Rust panic surfacing from Tantivy
    (pyo3's PanicException derives from BaseException), but never Ctrl-C or exit."""
    return isinstance(error, Exception) or type(error).__name__ == "PanicException"


def stamp_path(kb):
    """current.json: which generation is live, and what freshness checks compare."""
    return kb.path_of(INDEX_STAMP_FILE)


def index_file(kb, name: str) -> str:
    """A file or folder in .mage/index/ as a str (the hook path's twin of the *_path functions)."""
    return kb.at(INDEX_DIR, name)


def manifest_path(kb):
    """manifest.json: every source file (mtime, size) and its record."""
    return kb.path_of(INDEX_MANIFEST)


def standing_path(kb):
    """standing.json: what SessionStart injects, precomputed."""
    return kb.path_of(INDEX_STANDING_FILE)


def write_json(path, data) -> None:
    """Write compact JSON atomically (fastjson.compact_utf8: a file name git cloned byte for byte
    that is not UTF-8 is written as escapes)."""
    from mage_engine.kb.atomic import write_bytes_atomic

    write_bytes_atomic(path, fastjson.compact_utf8(data))


def read_stamp(kb) -> dict | None:
    """The current stamp, or None if there is none of this schema version."""
    stamp = read_object(index_file(kb, "current.json"))
    if not stamp or stamp.get("schema") != SCHEMA_VERSION or not _plain_generation(stamp.get("generation")):
        return None
    return stamp


def _plain_generation(name) -> bool:
    """`gen-…`, a folder right inside .mage/index/ (a stamp from a cloned repository may say anything)."""
    return isinstance(name, str) and name.startswith("gen-") and "/" not in name and ".." not in name


def new_generation(kb) -> tuple[str, str]:
    """(name, absolute path) of a new, empty generation folder."""
    from mage_engine.kb import guard

    name = f"gen-{time.time_ns()}-{fs.getpid()}"
    path = kb.index_dir / name
    guard.makedirs(path)  # Tantivy writes inside: no folder on the way may be a link out of the KB
    return name, str(path)


def generation_ok(kb, stamp: dict) -> bool:
    """The stamp's generation folder holds a committed Tantivy index (a plain `gen-…` name in
    .mage/index/, reached without a link: a cloned stamp cannot point the search elsewhere)."""
    from mage_engine.kb import guard

    name = stamp.get("generation")
    if not _plain_generation(name) or not guard.is_regular(index_file(kb, f"{name}/meta.json")):
        return False
    try:  # Tantivy opens what it finds there by name, following links: none may be one
        return all(kind == "file" for _, kind, _ in guard.entries(index_file(kb, name), with_stat=False))
    except OSError:
        return False


def generation_path(kb, stamp: dict) -> str:
    """The folder of the stamp's generation."""
    return index_file(kb, stamp["generation"])


def drop_old_generations(kb, keep: str) -> None:
    """Delete every generation folder except `keep` (readers still holding one keep their mmaps)."""
    from mage_engine.kb import guard
    from mage_engine.kb.atomic import remove_tree

    try:
        entries = guard.entries(kb.index_dir, with_stat=False)
    except OSError:
        return
    for name, kind, _ in entries:
        if kind == "dir" and name.startswith("gen-") and name != keep:
            remove_tree(kb.index_dir / name)


def private_copy(path: str) -> str:
    """A copy of the index folder `path` in a temporary folder removed when this process ends."""
    import atexit
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="mage-index-")
    atexit.register(shutil.rmtree, folder, True)
    copy = fs.join(folder, "index")
    shutil.copytree(path, copy, symlinks=False)
    return copy


def index_lock(kb, wait: float = 0.0) -> FileLock:
    """The lock every index writer (rebuild or update) holds."""
    return FileLock(index_file(kb, ".lock"), wait)
