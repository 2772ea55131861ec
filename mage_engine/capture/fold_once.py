"""Folds are exactly-once: what a fold that was killed already appended is never appended again.

The host kills a hook that outlives its timeout, and a fold of a big
transcript may be killed after appending some records but before the state
(the new offset) is saved; the next fold then reads the same lines again. So
every folded record carries its transcript line's `uuid`, the state remembers
where the trail ended when a fold last finished (`mark`: inode and size of
the live file), and a fold first collects the uuids appended since that mark,
following a rotation to the renamed part. A kill at any instant neither loses
a turn nor writes one twice.
"""

from mage_engine.base import fs
from mage_engine.trail.session_files import live_file, session_files

FOLDED_EVENTS = (b'"event":"Turn"', b'"event":"CompactBoundary"')


def trail_mark(kb, stem: str) -> list | None:
    """[inode, size] of the session's live trail file: where the trail ends now."""
    try:
        info = fs.stat(live_file(kb, stem))
    except OSError:
        return None
    return [info.st_ino, info.st_size]


def appended_since(kb, stem: str, mark) -> set:
    """uuids of the folded records appended after `mark` (a fold killed before its state was saved).

    No mark (no fold of this session has finished, or its state was lost): the whole trail."""
    from mage_engine.kb import guard

    found = set()
    started = not mark
    for path in session_files(kb, stem):
        try:
            handle = guard.open_binary(path)  # no link, no FIFO: the trail is mage's own
        except OSError:
            continue
        with handle:
            if not started:
                if fs.fstat(handle.fileno()).st_ino != mark[0]:
                    continue
                handle.seek(mark[1])
                started = True
            found |= _folded_uuids(handle)
    return found


def _folded_uuids(handle) -> set:
    from mage_engine.kb.jsonfiles import parse_line

    found = set()
    for raw in handle:
        if any(marker in raw for marker in FOLDED_EVENTS):
            record = parse_line(raw)
            if record is not None and record.get("uuid"):
                found.add(record["uuid"])
    return found
