"""Reading the trail back: everything that reads .mage/learnings/ reads it through a TrailReader.

`TrailReader(kb, cursors)` lists the trail's files once, session by session,
rotated parts (1, 2, …) before the live file (the names session_files.py
gives them), regular files only: a link or FIFO planted in the trail is never
read. Then:

- `records(session=None)`: every record in append order, sessions oldest
  first; what chapters, the nudge and a session's turns read;
- `unread()`: the files with bytes past their cursor, each with its start;
  `read_new(item)` their whole new lines (one still being written waits);
  `advance(item, offset)` moves the cursor. Distill and the usage metrics read so.

A cursor is kept per file identity (device and inode), not per name: capture
rotates a session's live file to `<stem>.<n>.jsonl` and starts a new one, and
the cursor follows the renamed file. The first bytes of each file are
remembered too, so a file deleted and replaced (pruning, a reused inode) is
noticed. What a cursor cannot explain (a file gone, shrunk or rewritten) raises
`Restart` when `restart` is set (distill folds the whole trail again: same trail
in, same tallies out); otherwise that file is read again from its start and a
gone file's cursor dropped (usage counts only what is new). Each caller saves
`cursors` with what it read, in the same atomic write (distill's index, the
metrics snapshot): a cursor saved apart could run ahead of its results.
On the hook path (the nudge reads a chapter): no re, json, pathlib or dataclasses.
"""

from mage_engine.base import fs
from mage_engine.kb import guard
from mage_engine.kb.jsonfiles import parse_line
from mage_engine.kb.layout import LEARNINGS_DIR
from mage_engine.trail.session_files import session_files, session_stem, split_name

HEAD_BYTES = 64


class Restart(Exception):
    """The saved cursors no longer describe the trail: fold it again from the start."""


class TrailFile:
    """One trail file on disk and what is left to read of it."""

    __slots__ = ("path", "stem", "part", "key", "size", "mtime", "offset")

    def __init__(self, path: str, stem: str, part: int, key: str, size: int, mtime: int):
        self.path, self.stem, self.part, self.key = path, stem, part, key
        self.size, self.mtime, self.offset = size, mtime, 0

    @property
    def name(self) -> str:
        return fs.basename(self.path)


class TrailReader:
    """The trail of one KB, and where a reader stopped in each file (`cursors`, by file identity)."""

    def __init__(self, kb, cursors: dict | None = None):
        self.kb = kb
        self.cursors = {} if cursors is None else cursors
        self._files = None

    def files(self) -> list[TrailFile]:
        """Every trail file, session by session, rotated parts before the live file (one directory listing)."""
        if self._files is None:
            self._files = _listing(self.kb)
        return self._files

    def stems(self) -> list:
        """Every session that has a trail, sorted."""
        return sorted({item.stem for item in self.files()})

    def records(self, session: str | None = None):
        """Yield every readable record, session by session (oldest session first), each in append order.

        `session` limits the walk to one host session id (its files only are listed)."""
        if session is not None:
            yield from self.records_of(session_stem(session))
            return
        by_stem = {}
        for item in self.files():
            by_stem.setdefault(item.stem, []).append(item.path)
        for stem in sorted(by_stem, key=lambda stem: (_first_stamp(by_stem[stem]), stem)):
            yield from _read_session(by_stem[stem])

    def records_of(self, stem: str):
        """Yield the records of the session whose trail files are named `stem`, in append order."""
        yield from _read_session(session_files(self.kb, stem))

    def unread(self, restart: bool = True) -> list[TrailFile]:
        """The files with unread bytes, each with its start offset (see the module doc for `restart`)."""
        files = self.files()
        present = {item.key for item in files}
        gone = [key for key in self.cursors if key not in present]
        if gone and restart:
            raise Restart("a trail file was removed")
        for key in gone:
            del self.cursors[key]
        todo = []
        for item in files:
            item.offset, saved = 0, self.cursors.get(item.key)  # a plan never inherits an earlier plan's offsets
            if saved is not None:
                untouched = item.size == saved.get("size") and item.mtime == saved.get("mtime")
                if untouched or not (item.size < saved["offset"] or
                                     head_crc(item.path, saved["head_len"]) != saved["head"]):
                    item.offset = saved["offset"]
                elif restart:
                    raise Restart(f"{item.path} was rewritten")
            if item.size > item.offset:
                todo.append(item)
        return todo

    def read_new(self, item: TrailFile) -> tuple[bytes, int]:
        """(the whole new lines as bytes, the offset after them). A line still being written waits."""
        with guard.open_binary(item.path) as handle:
            handle.seek(item.offset)
            data = handle.read(item.size - item.offset)
        end = data.rfind(b"\n") + 1
        return data[:end], item.offset + end

    def advance(self, item: TrailFile, offset: int) -> None:
        """Remember that `item` was read up to `offset`."""
        length = min(HEAD_BYTES, offset)
        self.cursors[item.key] = {"offset": offset, "size": item.size, "mtime": item.mtime, "head_len": length,
                                  "head": head_crc(item.path, length), "name": item.name}


def head_crc(path, length: int) -> int:
    """A checksum of the file's first `length` bytes (-1 if unreadable)."""
    import zlib  # only the readers that keep cursors need it

    try:
        with guard.open_binary(path) as handle:
            return zlib.crc32(handle.read(length))
    except OSError:
        return -1


def _listing(kb) -> list[TrailFile]:
    parts = {}
    try:
        entries = list(fs.scandir(kb.at(LEARNINGS_DIR)))
    except OSError:
        return []
    for entry in entries:
        split = split_name(entry.name)
        if split:
            parts.setdefault(split[0], []).append((split[1] or float("inf"), entry))  # the live file comes last
    found = []
    for stem in sorted(parts):
        for number, entry in sorted(parts[stem], key=lambda item: item[0]):
            try:
                stat = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.st_mode & 0o170000 != 0o100000:
                continue  # a link or a FIFO in the trail is not read (kb/guard.py)
            found.append(TrailFile(entry.path, stem, 0 if number == float("inf") else number,
                                   f"{stat.st_dev}:{stat.st_ino}", stat.st_size, stat.st_mtime_ns))
    return found


def _read_session(paths: list):
    for path in paths:
        try:
            handle = guard.open_binary(path)  # no link, no FIFO: a hostile clone's trail
        except OSError:
            continue
        with handle:
            for raw in handle:
                record = parse_line(raw)
                if record is not None:
                    yield record


def _first_stamp(paths: list) -> str:
    """When a session's trail starts: the `ts` of its first readable line."""
    for record in _read_session(paths):
        return str(record.get("ts", ""))
    return ""


def iter_trail(kb, session: str | None = None):
    """Every trail record, session by session (oldest first), each in append order (`TrailReader.records`)."""
    return TrailReader(kb).records(session)


def session_stems(kb) -> list:
    """Every session that has a trail (file stems), sorted."""
    return sorted({file.stem for file in _listing(kb)})


def read_session(kb, stem: str):
    """One session's records by its file stem, in append order (the daily logs read a session whole)."""
    return _read_session([file.path for file in _listing(kb) if file.stem == stem])
