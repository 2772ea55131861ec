"""Temporary files a dead writer left: found and removed by whoever next takes the KB lock.

Atomic writes stage their temporary files in `.mage/tmp/` (git-ignored), named
`.<name>.<pid>.<n>.<ns>.tmp`; older versions of mage left them beside their
targets, in `mage/` where `git add mage/` would commit them. A file whose
writer is no longer running, or that is an hour old whoever made it, goes.
"""

import os
import time

from mage_engine.kb import guard
from mage_engine.kb.layout import MAGE_DIR, NOTES_DIR, SCRATCH_DIR, STAGING_DIR

FOLDERS = (guard.TMP_DIR, MAGE_DIR, NOTES_DIR, STAGING_DIR, SCRATCH_DIR)
MAX_AGE_SECONDS = 3600


def sweep_temporaries(kb, now: float | None = None) -> list:
    """Remove the orphaned temporary files in FOLDERS; returns what went, relative to the project."""
    from mage_engine.kb.atomic import remove

    removed = []
    for folder in FOLDERS:
        try:
            listing = guard.entries(kb.at(folder))
        except OSError:
            continue
        for name, kind, info in listing:
            if kind == "file" and name.startswith(".") and name.endswith(".tmp") and _orphaned(name, info, now):
                if remove(kb.at(folder, name)):
                    removed.append(f"{folder}/{name}")
    return removed


def _orphaned(name: str, info, now: float | None) -> bool:
    """A temporary file whose process is gone, or an hour old whoever made it."""
    age = (time.time() if now is None else now) - info.st_mtime
    parts = name.split(".")
    try:
        pid = int(parts[-4])
    except (IndexError, ValueError):
        return age > MAX_AGE_SECONDS
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass
    return age > MAX_AGE_SECONDS
