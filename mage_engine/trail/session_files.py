"""The trail's files: `.mage/learnings/<session>.jsonl`, one JSON object per line, appended and rotated.

Each session has its own file. Lines are appended with one write() on an
O_APPEND descriptor (`atomic.append_line`), so concurrent writers never tear
a line. Past 10 MiB a file is renamed to `<session>.<n>.jsonl` (n = 1, 2, …,
oldest first) and a fresh one starts. Reading them back: reader.py. This
module is on the hook path: it appends with str paths and `fastjson`, and
reads file names without `re`.
"""

import time

from mage_engine.base import fastjson, fs
from mage_engine.kb.layout import LEARNINGS_DIR

ROTATE_BYTES = 10 * 1024 * 1024
SAFE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


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
        if fs.lstat(path).st_size <= limit:
            return False
    except OSError:
        return False
    from mage_engine.kb.atomic import move

    folder, name = fs.split(fs.fspath(path))
    stem = name[: -len(".jsonl")]
    number = 1 + max((part for _, part in _parts(folder, stem)), default=0)
    move(path, fs.join(folder, f"{stem}.{number}.jsonl"))
    return True


def split_name(name: str) -> tuple | None:
    """(stem, part) of a trail file's name: `<stem>.jsonl` is the live file (part 0), `<stem>.<n>.jsonl`
    rotated part n; None for any other name."""
    if not name.endswith(".jsonl"):
        return None
    base = name[: -len(".jsonl")]
    stem, dot, number = base.rpartition(".")
    if dot and number.isdecimal():  # as `\d` reads digits
        part = int(number)
    else:
        stem, part = base, 0
    if not stem or not SAFE_CHARS.issuperset(stem):
        return None
    return stem, part


def _parts(folder, stem: str):
    """(file name, part number) of a session's trail files; the live file is part 0."""
    try:
        names = fs.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        split = split_name(name)
        if split and split[0] == stem:
            found.append((name, split[1]))
    return found


def session_files(kb, stem: str) -> list:
    """A session's trail files as str paths, oldest first (rotated parts 1, 2, …, then the live file).

    str, not Path: the SessionStart(compact) hook reads the trail for its nudge.
    """
    parts = _parts(kb.at(LEARNINGS_DIR), stem)
    return [kb.at(LEARNINGS_DIR, name) for name, part in sorted(parts, key=lambda item: item[1] or float("inf"))]
