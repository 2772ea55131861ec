"""Where the search index lives in .mage/index/, and how it is swapped safely.

A full rebuild writes a fresh generation folder (`gen-<ns>/`), then replaces
`current.json` (the stamp) in one atomic rename: that rename is the commit
point, so a crash mid-build leaves the old index in use and an orphan folder
that the next build deletes. The stamp also holds what freshness checks need
(folder mtimes, the scan fingerprint), so the hot path reads one small file.
`manifest.json` (every file and its note record) and `standing.json` (what
SessionStart injects) sit beside it.
"""

import fcntl
import os
import time

from mage_engine import fastjson
from mage_engine.errors import MageError
from mage_engine.jsonfiles import read_object
from mage_engine.kb.layout import INDEX_DIR

SCHEMA_VERSION = 5  # 2: camelCase words in code also indexed by their humps; `anyhow` no longer a stopword;
# 3: kind, category and template headings are no longer note words; 4: Chinese, Japanese and
# Korean text indexed as character pairs; 5: title and summary terms stored


class IndexUnavailable(MageError):
    """The search index is missing, from another schema version, or unreadable."""


def is_index_failure(error: BaseException) -> bool:
    """An error reading the index: any Exception, or a Rust panic surfacing from Tantivy
    (pyo3's PanicException derives from BaseException), but never Ctrl-C or exit."""
    return isinstance(error, Exception) or type(error).__name__ == "PanicException"


def stamp_path(kb):
    """current.json: which generation is live, and what freshness checks compare."""
    return kb.index_dir / "current.json"


def index_file(kb, name: str) -> str:
    """A file or folder in .mage/index/ as a str (the hook path's twin of the *_path functions)."""
    return kb.at(INDEX_DIR, name)


def manifest_path(kb):
    """manifest.json: every source file (mtime, size) and its record."""
    return kb.index_dir / "manifest.json"


def standing_path(kb):
    """standing.json: what SessionStart injects, precomputed."""
    return kb.index_dir / "standing.json"


def write_json(path, data) -> None:
    """Write compact JSON atomically."""
    from mage_engine.kb.atomic import write_text_atomic

    write_text_atomic(path, fastjson.dumps(data, ensure_ascii=False, separators=(",", ":")))


def read_stamp(kb) -> dict | None:
    """The current stamp, or None if there is none of this schema version."""
    stamp = read_object(index_file(kb, "current.json"))
    if not stamp or stamp.get("schema") != SCHEMA_VERSION or not stamp.get("generation"):
        return None
    return stamp


def new_generation(kb) -> tuple[str, str]:
    """(name, absolute path) of a new, empty generation folder."""
    name = f"gen-{time.time_ns()}-{os.getpid()}"
    path = kb.index_dir / name
    path.mkdir(parents=True)
    return name, str(path)


def generation_ok(kb, stamp: dict) -> bool:
    """The stamp's generation folder holds a committed Tantivy index."""
    return os.path.isfile(index_file(kb, f'{stamp["generation"]}/meta.json'))


def generation_path(kb, stamp: dict) -> str:
    """The folder of the stamp's generation."""
    return index_file(kb, stamp["generation"])


def drop_old_generations(kb, keep: str) -> None:
    """Delete every generation folder except `keep` (readers still holding one keep their mmaps)."""
    try:
        entries = list(os.scandir(kb.index_dir))
    except OSError:
        return
    import shutil

    for entry in entries:
        if entry.is_dir() and entry.name.startswith("gen-") and entry.name != keep:
            shutil.rmtree(entry.path, ignore_errors=True)


class FileLock:
    """An exclusive flock on `path`, released when its process dies (no stale locks).

    `wait` seconds: 0 means try once (the hook path never waits on a lock).
    """

    def __init__(self, path, wait: float = 0.0):
        self.path = path
        self.wait = wait
        self.handle = None

    def acquire(self) -> bool:
        """Take the lock, waiting at most `wait` seconds; False if another process holds it."""
        os.makedirs(os.path.dirname(os.fspath(self.path)), exist_ok=True)
        self.handle = open(self.path, "a+")
        deadline = time.monotonic() + self.wait
        while True:
            try:
                fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    self.release()
                    return False
                time.sleep(0.01)

    def release(self) -> None:
        """Drop the lock (safe to call twice)."""
        if self.handle is not None:
            self.handle.close()  # closing drops the flock
            self.handle = None


def index_lock(kb, wait: float = 0.0) -> FileLock:
    """The lock every index writer (rebuild or update) holds."""
    return FileLock(index_file(kb, ".lock"), wait)
