"""Small scratch files the hooks rewrite often: replaced by rename, without a disk flush.

What the hint and session-start hooks keep for themselves (the everyday-word
counts, which notes a session's start named) is a cache or a statistic: a crash
that loses it costs one prompt's worth of it, and readers treat an unreadable
file as absent. A flush (fsync) on every prompt would cost more than it saves.
Written with O_NOFOLLOW so a symlink planted in `.mage/` is never followed.
"""

import os

from mage_engine import fastjson

KEEP_FILES = 400  # per folder of per-session files; the oldest go past this


def write_json(path: str, data) -> None:
    """Replace `path` with compact JSON, creating its folder."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(temporary, flags, 0o644), "w", encoding="utf-8") as handle:
        handle.write(fastjson.dumps(data, ensure_ascii=False, separators=(",", ":")))
    os.replace(temporary, path)


def overwrite_json(path: str, data) -> None:
    """Write compact JSON over `path` in place (no temporary file, no rename): for a file only its
    own session writes, whose reader treats a half-written file as absent."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, flags, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(fastjson.dumps(data, ensure_ascii=False, separators=(",", ":")))


def prune_folder(folder: str, keep: int = KEEP_FILES) -> None:
    """Delete the oldest files of `folder` beyond `keep` (one per ended session piles up)."""
    try:
        entries = [entry for entry in os.scandir(folder) if entry.is_file(follow_symlinks=False)]
        if len(entries) <= keep:
            return
        entries.sort(key=lambda entry: entry.stat().st_mtime_ns)
        for entry in entries[: len(entries) - keep // 2]:
            os.unlink(entry.path)
    except OSError:
        pass
