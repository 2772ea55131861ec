"""After an upgrade, the first hook run notices the scrub rules changed and re-scrubs `.mage/` in the background.

The cost on every hook run is one read of a few bytes: `.mage/state/scrub-version`
holds the version of the rules `.mage/` was last scrubbed under. When it is
today's, nothing else happens. When it is older (or missing in a knowledge base
that has captured something), the hook, after its one output write, forks a
detached child that runs grooming/rescrub.py (like the index's background
refresh: a fork costs the hook well under a millisecond, a new interpreter
would cost 10). `.mage/state/rescrub.pending`, created exclusively, lets only
one child run; the child writes its process id into it, and a marker older
than an hour is a run that died, and is retried, unless that process still runs
(a long re-scrub of a big trail got a sibling every hour).
A knowledge base made by `mage init` starts stamped, so it never needs one.
"""

import os
import time

from mage_engine.kb.layout import LEARNINGS_DIR, RESCRUB_PENDING_FILE as PENDING, STAGING_DIR
from mage_engine.kb.scrub_stamp import stamped_version, write_stamp

STALE_SECONDS = 3600


def rescrub_if_due(kb) -> bool:
    """Start a background re-scrub when `.mage/` was scrubbed under older rules. Never raises."""
    try:
        from mage_engine.scrub.version import RULES_VERSION

        seen = stamped_version(kb)
        if seen == RULES_VERSION:
            return False
        if seen is None and not _has_captured(kb):
            write_stamp(kb, RULES_VERSION)  # nothing was written under older rules
            return False
        return _claim(kb) and _fork(kb)
    except Exception:
        return False


def _has_captured(kb) -> bool:
    for folder in (LEARNINGS_DIR, STAGING_DIR):
        try:
            if any(not name.startswith(".") for name in os.listdir(kb.at(folder))):
                return True
        except OSError:
            continue
    return False


def _claim(kb) -> bool:
    """Create the pending marker; False when another run holds a fresh one."""
    from mage_engine.kb import guard
    from mage_engine.kb.atomic import remove

    path = kb.at(PENDING)
    for _ in range(2):
        try:
            os.close(guard.open_file(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644, create_dirs=True))
            return True
        except FileExistsError:
            if time.time() - guard.lstat(path).st_mtime < STALE_SECONDS or _still_running(path):
                return False
            remove(path)  # the run that made it died
    return False


def _still_running(path) -> bool:
    """Whether the process whose id the marker holds is alive (a marker without one: no)."""
    from mage_engine.kb import guard

    try:
        with guard.open_binary(path) as handle:
            pid = int(handle.read(32).decode("ascii").strip())
        if pid <= 1:
            return False
        os.kill(pid, 0)
        return True
    except PermissionError:
        return True  # alive, someone else's
    except (OSError, ValueError, UnicodeDecodeError):
        return False


def _fork(kb) -> bool:
    from mage_engine.kb.atomic import remove
    from mage_engine.kb.detached import run_detached

    return run_detached(kb, "rescrub", "re-scrub", lambda: _rescrub(kb), cleanup=lambda: remove(kb.at(PENDING)))


def _rescrub(kb) -> None:
    from mage_engine.grooming.rescrub import rescrub  # in the child: the hook never imports it
    from mage_engine.kb import guard

    fd = guard.open_file(kb.at(PENDING), os.O_WRONLY | os.O_TRUNC)
    try:
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))  # alive while this runs (see _claim)
    finally:
        os.close(fd)
    rescrub(kb)
