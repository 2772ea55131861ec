"""Where distill stopped reading each trail file, so the next run reads only what is new.

A cursor is kept per file identity (device and inode), not per name: capture
rotates a session's live file to `<stem>.<n>.jsonl` and starts a new one, and
the cursor follows the renamed file. The first bytes of each file are
remembered too, so a file deleted and replaced (pruning, a reused inode) is
noticed. Anything a cursor cannot explain (a file gone or shrunk) makes
distill start over from the whole trail: same trail in, same tallies out.
"""

import os
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from mage_engine.kb import guard

HEAD_BYTES = 64
# capture's naming (trail/session_files.py): `<stem>.jsonl` is live, `<stem>.<n>.jsonl` rotated parts
PART = re.compile(r"^(?P<stem>[A-Za-z0-9_-]+?)(?:\.(?P<part>\d+))?\.jsonl$")


@dataclass
class TrailFile:
    """One trail file on disk and what is left to read of it."""

    path: object
    key: str
    size: int
    mtime: int = 0
    offset: int = 0


class Restart(Exception):
    """The saved cursors no longer describe the trail: fold it again from the start."""


def trail_files(kb) -> list[TrailFile]:
    """Every trail file, session by session, rotated parts (1, 2, …) before the live file.

    One directory listing for all sessions: a trail holds hundreds of them.
    """
    parts = {}
    try:
        entries = list(os.scandir(kb.learnings_dir))
    except OSError:
        return []
    for entry in entries:
        match = PART.match(entry.name)
        if match:
            number = int(match["part"]) if match["part"] else float("inf")  # the live file comes last
            parts.setdefault(match["stem"], []).append((number, entry))
    found = []
    for stem in sorted(parts):
        for _, entry in sorted(parts[stem], key=lambda item: item[0]):
            try:
                stat = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.st_mode & 0o170000 != 0o100000:
                continue  # a link or a FIFO in the trail is not read (kb/guard.py)
            found.append(TrailFile(Path(entry.path), f"{stat.st_dev}:{stat.st_ino}", stat.st_size, stat.st_mtime_ns))
    return found


def plan(files: list[TrailFile], cursors: dict) -> list[TrailFile]:
    """The files with unread bytes, each with its start offset. Raises Restart."""
    present = {item.key for item in files}
    if any(key not in present for key in cursors):
        raise Restart("a trail file was removed")
    todo = []
    for item in files:
        item.offset, saved = 0, cursors.get(item.key)  # a plan never inherits an earlier plan's offsets
        if saved is not None:
            untouched = item.size == saved.get("size") and item.mtime == saved.get("mtime")
            if not untouched and (item.size < saved["offset"] or
                                  head_crc(item.path, saved["head_len"]) != saved["head"]):
                raise Restart(f"{item.path} was rewritten")
            item.offset = saved["offset"]
        if item.size > item.offset:
            todo.append(item)
    return todo


def head_crc(path, length: int) -> int:
    """A checksum of the file's first `length` bytes (-1 if unreadable)."""
    try:
        with guard.open_binary(path) as handle:
            return zlib.crc32(handle.read(length))
    except OSError:
        return -1


def read_new(item: TrailFile) -> tuple[list, int]:
    """(whole new lines as text, new offset). A line still being written waits."""
    with guard.open_binary(item.path) as handle:
        handle.seek(item.offset)
        data = handle.read(item.size - item.offset)
    end = data.rfind(b"\n") + 1
    return data[:end].decode("utf-8", errors="replace").split("\n")[:-1], item.offset + end


def cursor_for(item: TrailFile, offset: int) -> dict:
    """What to remember about a file after reading it up to `offset`."""
    length = min(HEAD_BYTES, offset)
    return {"offset": offset, "size": item.size, "mtime": item.mtime, "head_len": length,
            "head": head_crc(item.path, length), "name": item.path.name}
