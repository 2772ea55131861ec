"""Crash-safe file writes: a reader sees the old file or the new one, never half.

Writes go to a temporary file in the same folder, are flushed to disk, then
renamed over the target (rename is atomic on POSIX). Appends are one write()
of one whole line on an O_APPEND descriptor, which the kernel keeps intact
across concurrent writers for regular files.
"""

import os
from pathlib import Path


def write_text_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) atomically, creating parent folders."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` atomically, creating parent folders."""
    import tempfile  # lazy: the capture hook only appends, and tempfile costs ~2 ms to import

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        _remove_quietly(tmp)
        raise


def append_line(path: Path, line: str) -> None:
    """Append one line (a trailing newline is added) with a single write()."""
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 minus umask.

    mkstemp creates 0600 files, which would make committed notes owner-only.
    """
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
