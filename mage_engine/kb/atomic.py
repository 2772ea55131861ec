"""Crash-safe file writes: a reader sees the old file or the new one, never half.

Writes go to a temporary file in the same folder, are flushed to disk, then
renamed over the target (rename is atomic on POSIX). Appends are one write()
of one whole line on an O_APPEND descriptor, which the kernel keeps intact
across concurrent writers for regular files.

Paths may be str or Path. Only os is imported: these run on the hook path,
where `tempfile` and `pathlib` would cost several milliseconds to import.
"""

import os
import time

_TEMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_made = [0]  # temporary files made by this process: with the pid, a name no other writer uses


def write_text_atomic(path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) atomically, creating parent folders."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path, data: bytes) -> None:
    """Replace `path` with `data` atomically, creating parent folders."""
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    mode = _mode_for(path)
    fd, tmp = _create_temporary(folder, os.path.basename(path))
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        _remove_quietly(tmp)
        raise


def append_line(path, line: str) -> None:
    """Append one line (a trailing newline is added) with a single write()."""
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def _create_temporary(folder: str, name: str) -> tuple:
    """(fd, path) of a new, exclusive `.<name>.<pid>.<n>.<ns>.tmp` beside the target.

    O_EXCL makes the create fail rather than reuse a file: a name left by a
    crashed writer of the same pid is simply skipped.
    """
    for _ in range(100):
        _made[0] += 1
        tmp = os.path.join(folder, f".{name}.{os.getpid()}.{_made[0]}.{time.time_ns() % 1_000_000_000}.tmp")
        try:
            return os.open(tmp, _TEMP_FLAGS, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {os.path.join(folder, name)}")


def _mode_for(path: str) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 minus umask.

    The temporary file is created 0600, which would make committed notes owner-only.
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
