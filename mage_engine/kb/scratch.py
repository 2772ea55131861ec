"""Small scratch files the hooks rewrite often: replaced by rename (kb/atomic.py), without a disk flush.

What the hint and session-start hooks keep for themselves (the everyday-word
counts, which notes a session's start named) is a cache or a statistic: a crash
that loses it costs one prompt's worth of it, and readers treat an unreadable
file as absent. A flush (fsync) on every prompt would cost more than it saves.
Opened through the KB guard, so a link planted anywhere on the path in `.mage/`
is never followed (and a FIFO never waited on).
"""

from mage_engine.base import fastjson, fs
from mage_engine.kb import guard
from mage_engine.kb.atomic import write_text_atomic

KEEP_FILES = 400  # per folder of per-session files; the oldest go past this


def write_json(path: str, data) -> None:
    """Replace `path` with compact JSON, creating its folder (atomically, without a flush)."""
    write_text_atomic(path, fastjson.dumps(data, ensure_ascii=False, separators=(",", ":")), durable=False)


def overwrite_json(path: str, data) -> None:
    """Write compact JSON over `path` in place (no temporary file, no rename): for a file only its
    own session writes, whose reader treats a half-written file as absent.

    Written over the old bytes, then cut to length, not truncated first: ext4 (its
    auto_da_alloc) starts writing a file's blocks out when it is truncated to nothing and
    written again, 0.2 ms where this takes 0.03 (measured on the hint hook's own file). A
    reader between the two sees the new text with the old one's tail: not JSON, so absent."""
    text = fastjson.compact_utf8(data)
    fd = guard.open_file(path, fs.O_WRONLY | fs.O_CREAT, 0o644, create_dirs=True)
    try:
        written = 0
        while written < len(text):
            written += fs.pwrite(fd, text[written:], written)
        fs.ftruncate(fd, len(text))
    finally:
        fs.close(fd)


def prune_folder(folder: str, keep: int = KEEP_FILES) -> None:
    """Delete the oldest files of `folder` beyond `keep` (one per ended session piles up). The folder
    is opened once, through no link, and listed and emptied by its descriptor: a link swapped in
    for it meanwhile is never followed."""
    try:
        descriptor = guard.open_dir(folder)
    except OSError:
        return
    try:
        with fs.scandir(descriptor) as listing:
            entries = [(entry.stat(follow_symlinks=False).st_mtime_ns, entry.name) for entry in listing
                       if entry.is_file(follow_symlinks=False)]
        if len(entries) <= keep:
            return
        for _, name in sorted(entries)[: len(entries) - keep // 2]:
            fs.unlink(name, dir_fd=descriptor)
    except OSError:
        pass
    finally:
        fs.close(descriptor)
