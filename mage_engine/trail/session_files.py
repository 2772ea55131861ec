"""The trail: `.mage/learnings/<session>.jsonl`, one JSON object per line.

Each session has its own file. Lines are appended with one write() on an
O_APPEND descriptor (`atomic.append_line`), so concurrent writers never tear
a line. Past 10 MiB a file is renamed to `<session>.<n>.jsonl` (n = 1, 2, …,
oldest first) and a fresh one starts. This module is on the hook path: it
appends with str paths and `fastjson`, and imports `re` only to list files.
"""

import os
import time

from mage_engine.base import fastjson
from mage_engine.kb.layout import LEARNINGS_DIR

ROTATE_BYTES = 10 * 1024 * 1024
SAFE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_PART = r"^(?P<stem>[A-Za-z0-9_-]+?)(?:\.(?P<part>\d+))?\.jsonl$"  # a trail file's name


def session_stem(session_id: str) -> str:
    """A safe file name for a host session id (no dots, slashes or spaces)."""
    text = str(session_id)
    safe = "".join(char if char in SAFE_CHARS else "_" for char in text)
    stem = safe[:100].strip("_") or "unknown"
    if stem != text:
        import zlib  # a short checksum keeps two ids that sanitise alike apart

        stem = f"{stem[:80]}-{zlib.crc32(text.encode('utf-8', 'replace')):08x}"
    return stem


def trail_path(kb, stem: str):
    """The live (newest) trail file of one session."""
    return kb.learnings_dir / f"{stem}.jsonl"


def live_file(kb, stem: str) -> str:
    """`trail_path` as a str, for the hook path."""
    return kb.at(LEARNINGS_DIR, f"{stem}.jsonl")


def utc_stamp(now: float | None = None) -> str:
    """ISO 8601 UTC with milliseconds, e.g. 2026-11-30T01:17:22.915Z."""
    now = time.time() if now is None else now
    millis = int(now * 1000) % 1000
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{millis:03d}Z"


def serialise(record: dict) -> str:
    """One compact JSON line; text that cannot be UTF-8 falls back to \\u escapes."""
    line = fastjson.dumps(record, ensure_ascii=False, separators=(",", ":"))
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates from a payload's \\ud800 escapes
        line = fastjson.dumps(record, ensure_ascii=True, separators=(",", ":"))
    return line


def append_record(kb, stem: str, record: dict, rotate: bool = True) -> None:
    """Append one record to the session's trail, rotating first when it is large."""
    from mage_engine.kb.atomic import append_line

    path = live_file(kb, stem)
    if rotate:
        rotate_if_large(path)
    append_line(path, serialise(record))  # makes .mage/learnings/ when it is missing


def rotate_if_large(path, limit: int = ROTATE_BYTES) -> bool:
    """Rename a trail file past `limit` bytes to the next free `.<n>.jsonl`.

    Callers hold the session lock, so two rotations never race; a writer that
    opened the file just before the rename lands its line in the rotated part.
    """
    try:
        if os.lstat(path).st_size <= limit:
            return False
    except OSError:
        return False
    from mage_engine.kb.atomic import move

    folder, name = os.path.split(os.fspath(path))
    stem = name[: -len(".jsonl")]
    number = 1 + max((part for _, part in _parts(folder, stem)), default=0)
    move(path, os.path.join(folder, f"{stem}.{number}.jsonl"))
    return True


def _parts(folder, stem: str):
    """(file name, part number) of a session's trail files; the live file is part 0."""
    import re

    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        match = re.match(_PART, name)
        if match and match["stem"] == stem:
            found.append((name, int(match["part"] or 0)))
    return found


def session_files(kb, stem: str) -> list:
    """A session's trail files as str paths, oldest first (rotated parts 1, 2, …, then the live file).

    str, not Path: the SessionStart(compact) hook reads the trail for its nudge.
    """
    parts = _parts(kb.at(LEARNINGS_DIR), stem)
    return [kb.at(LEARNINGS_DIR, name) for name, part in sorted(parts, key=lambda item: item[1] or float("inf"))]


def session_stems(kb) -> list:
    """Every session that has a trail, in no particular order."""
    import re

    try:
        names = os.listdir(kb.at(LEARNINGS_DIR))
    except OSError:
        return []
    return sorted({m["stem"] for m in (re.match(_PART, name) for name in names) if m})


def read_session(kb, stem: str):
    """Yield a session's records in the order they were appended; unreadable lines are skipped."""
    from mage_engine.kb.jsonfiles import parse_line  # here: the capture hook only appends
    from mage_engine.kb import guard

    for path in session_files(kb, stem):
        try:
            handle = guard.open_binary(path)  # no link, no FIFO: a hostile clone's trail
        except OSError:
            continue
        with handle:
            for raw in handle:
                record = parse_line(raw)
                if record is not None:
                    yield record


def iter_trail(kb, session: str | None = None):
    """Yield every trail record, session by session (oldest session first), each in append order.

    `session` limits the walk to one host session id.
    """
    if session is not None:
        yield from read_session(kb, session_stem(session))
        return
    for stem in sorted(session_stems(kb), key=lambda stem: (_first_stamp(kb, stem), stem)):
        yield from read_session(kb, stem)


def _first_stamp(kb, stem: str) -> str:
    """When a session's trail starts: the `ts` of its first readable line."""
    for record in read_session(kb, stem):
        return str(record.get("ts", ""))
    return ""
