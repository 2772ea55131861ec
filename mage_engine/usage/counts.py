"""Folding usage events into per-note counts: the engine room of metrics.py.

Two sources, each read from where the last fold stopped:
- `.mage/metrics.events.jsonl`: `hinted`, `recalled` and `accepted` events that
  the hooks and commands append (one O_APPEND write each, no lock);
- the capture trail (`.mage/learnings/*.jsonl`): a `Read` of `mage/notes/<id>.md`
  by the user's agent (not a subagent) is an `opened` event.
The trail is read through trail/reader.py, whose cursors (per file identity) are
saved in the snapshot: a rotated file (renamed, same inode) is not read twice
and a new file starts at 0.
"""

import re

from mage_engine.kb.jsonfiles import parse_line
from mage_engine.kb.ids import is_safe_id
from mage_engine.trail.reader import TrailReader
from mage_engine.usage.events import KINDS

MAX_CHAPTERS = 100
_NOTE_PATH = re.compile(r"(?:^|/)mage/notes/([^/]+)\.md$")  # any script: kb.ids.is_safe_id decides


def empty_usage() -> dict:
    """The usage record of a note nothing has happened to yet."""
    return {**{kind: 0 for kind in KINDS}, "first_used": "", "last_used": "",
            "chapters": {kind: [] for kind in KINDS}, "hinted_turns": 0, "used": 0}


def apply_event(notes: dict, event: dict) -> None:
    """Count one event {"event", "ids", "ts", "session", "chapter"} into `notes`."""
    kind = event.get("event")
    if kind not in KINDS:
        return
    chapter = _chapter_id(event.get("session"), event.get("chapter"))
    stamp = str(event.get("ts") or "")
    for note_id in event.get("ids") or []:
        usage = notes.setdefault(str(note_id), empty_usage())
        usage[kind] += 1
        if kind != "accepted" and stamp:
            usage["last_used"] = max(usage["last_used"], stamp)
            usage["first_used"] = min(usage["first_used"] or stamp, stamp)
        seen = usage["chapters"][kind]
        if chapter and chapter not in seen:
            seen.append(chapter)
            del seen[:-MAX_CHAPTERS]


def _chapter_id(session, chapter) -> str:
    if not session or chapter in (None, ""):
        return ""
    return f"{session}:{chapter}"


def read_new_lines(path, offset: int) -> tuple[list[bytes], int]:
    """Complete lines of `path` after byte `offset`, and the offset after the last one."""
    try:
        from mage_engine.kb import guard

        with guard.open_binary(path) as handle:  # no link out of .mage/, no FIFO
            handle.seek(offset)
            data = handle.read()
    except OSError:
        return [], offset
    end = data.rfind(b"\n") + 1  # a line still being written waits for the next fold
    return data[:end].splitlines(), offset + end


def fold_events_file(notes: dict, path, offset: int) -> int:
    """Fold the events appended since `offset`; returns the new offset."""
    lines, offset = read_new_lines(path, offset)
    for line in lines:
        event = parse_line(line)
        if event is not None:
            apply_event(notes, event)
    return offset


def fold_trail(notes: dict, kb, cursors: dict) -> dict:
    """Fold new `Read`s of note files from every trail file; returns the reader's cursors to save.

    A file the cursors cannot explain (rewritten, or a new file on a reused inode) is read again from
    its start; a gone file's cursor is dropped (trail/reader.py)."""
    reader = TrailReader(kb, _upgraded(kb, cursors))
    for item in reader.unread(restart=False):
        data, offset = reader.read_new(item)
        for line in data.splitlines():
            if b'"Read"' in line and b"mage/notes/" in line:
                _fold_read(notes, line)
        reader.advance(item, offset)
    return reader.cursors


def _upgraded(kb, cursors: dict) -> dict:
    """Cursors as the reader keeps them; snapshots before it kept {inode: offset}, which read as
    offsets into the file of that inode (a file since shrunk is read again, as they were then)."""
    if all(isinstance(saved, dict) for saved in cursors.values()):
        return dict(cursors)
    upgraded = {key: saved for key, saved in cursors.items() if isinstance(saved, dict)}
    for item in TrailReader(kb).files():
        offset = cursors.get(item.key.rpartition(":")[2])
        if isinstance(offset, int):
            upgraded[item.key] = {"offset": offset, "size": -1, "mtime": -1, "head_len": 0, "head": 0,
                                  "name": item.name}
    return upgraded


def _fold_read(notes: dict, line: bytes) -> None:
    record = parse_line(line)
    if record is None or record.get("tool") != "Read" or record.get("sub") or record.get("ok") is False:
        return
    ids = sorted({m.group(1) for p in record.get("paths") or [] if isinstance(p, str)
                  for m in [_NOTE_PATH.search(p.replace("\\", "/"))] if m and is_safe_id(m.group(1))})
    if ids:
        apply_event(notes, {"event": "opened", "ids": ids, "ts": record.get("ts"),
                            "session": record.get("session"), "chapter": record.get("chapter")})
