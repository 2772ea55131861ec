"""Crash-safe file writes: a reader sees the old file or the new one, never half.

Writes go to a temporary file (under a KB, in `.mage/tmp/`, so a crash never
leaves one in `mage/`), are flushed to disk, then renamed over the target
(rename is atomic on POSIX, and replaces a link instead of writing through it).
Appends are one write() of one whole line on an O_APPEND descriptor, which the
kernel keeps intact across concurrent writers for regular files; a short write
is finished or fails loudly, and a line a full disk cut is closed before the
next one. Every folder on the way is reached through `guard` (no links).

Paths may be str or Path. Only os is imported: these run on the hook path,
where `tempfile` and `pathlib` would cost several milliseconds to import.
"""

import os

from mage_engine.kb import guard

_made = [0]  # temporary files made by this process: with the pid, a name no other writer uses


def write_text_atomic(path, text: str, durable: bool = True) -> None:
    """Replace `path` with `text` (UTF-8) atomically, creating parent folders."""
    write_bytes_atomic(path, text.encode("utf-8"), durable)


def write_bytes_atomic(path, data: bytes, durable: bool = True) -> None:
    """Replace `path` with `data` atomically, creating parent folders.

    `durable=False` skips the fsync, for scratch a crash may lose but never tear.
    """
    path = os.path.abspath(os.fspath(path))
    folder = guard.open_dir(os.path.dirname(path), create=True)
    try:
        name = os.path.basename(path)
        mode = _mode_for(folder, name)
        try:
            _write_and_rename(path, folder, name, data, mode, durable, beside=False)
        except OSError as error:
            if error.errno != 18:  # EXDEV: .mage/tmp/ is on another mount (a bind mount): write beside
                raise _naming(error, path) from None
            try:
                _write_and_rename(path, folder, name, data, mode, durable, beside=True)
            except OSError as again:
                raise _naming(again, path) from None
    finally:
        os.close(folder)


def _write_and_rename(path, folder: int, name: str, data: bytes, mode: int, durable: bool, beside: bool) -> None:
    tmp_dir, fd, tmp = _temporary(path, folder, name, beside)
    try:
        try:
            os.fchmod(fd, mode)
            write_all(fd, data)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, name, src_dir_fd=tmp_dir, dst_dir_fd=folder)
    except BaseException:
        _unlink_quietly(tmp, tmp_dir)
        raise
    finally:
        if tmp_dir != folder:
            os.close(tmp_dir)


def _naming(error: OSError, path: str) -> OSError:
    """The error as the target's, not its temporary file's: what a person can act on."""
    if isinstance(error, guard.Refused):
        return error
    return OSError(error.errno, error.strerror, path)


def append_line(path, line: str) -> None:
    """Append one line (a trailing newline is added) with a single write(); folders are made."""
    data = (line.rstrip("\n") + "\n").encode("utf-8", "replace")
    fd = guard.open_file(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644, create_dirs=True)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data  # close a line a full disk cut, in the same write
        write_all(fd, data)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of `data`, finishing short writes; an OSError if the disk takes none."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            import errno

            raise OSError(errno.ENOSPC, "no space left on device (a write made no progress)")
        view = view[written:]


def remove(path) -> bool:
    """Delete the file `path` (a link is removed itself, never its target). False when missing."""
    path = os.path.abspath(os.fspath(path))
    try:
        folder = guard.open_dir(os.path.dirname(path))
    except FileNotFoundError:
        return False
    try:
        os.unlink(os.path.basename(path), dir_fd=folder)
        return True
    except FileNotFoundError:
        return False
    finally:
        os.close(folder)


def remove_tree(path) -> None:
    """Delete the folder `path` and everything in it, reached without links (none followed inside)."""
    import shutil

    path = os.path.abspath(os.fspath(path))
    guard.forget_folder(path)
    try:
        parent = guard.open_dir(os.path.dirname(path))
    except FileNotFoundError:
        return
    try:
        shutil.rmtree(os.path.basename(path), dir_fd=parent, ignore_errors=True)
    finally:
        os.close(parent)


def move(source, target) -> None:
    """Rename the file `source` to `target`, the folders on both sides reached without links."""
    source, target = os.path.abspath(os.fspath(source)), os.path.abspath(os.fspath(target))
    src_dir = guard.open_dir(os.path.dirname(source))
    try:
        dst_dir = guard.open_dir(os.path.dirname(target), create=True)
        try:
            os.replace(os.path.basename(source), os.path.basename(target), src_dir_fd=src_dir, dst_dir_fd=dst_dir)
        finally:
            os.close(dst_dir)
    finally:
        os.close(src_dir)


def _temporary(path: str, folder: int, name: str, beside: bool = False) -> tuple:
    """(folder fd, file fd, name) of a new temporary file: in .mage/tmp/ when the target is in a KB.

    The target's own folder is used when .mage/tmp/ cannot be (read-only, or
    on another file system, where the rename would fail).
    """
    root, _ = guard.locate(path)
    if root is not None and not beside:
        try:
            tmp_dir = guard.open_dir(os.path.join(root, guard.TMP_DIR), create=True)
        except OSError:
            tmp_dir = None
        if tmp_dir is not None:
            if os.fstat(tmp_dir).st_dev == os.fstat(folder).st_dev:
                try:
                    return (tmp_dir, *_create_temporary(tmp_dir, name))
                except OSError:
                    pass
            os.close(tmp_dir)
    return (folder, *_create_temporary(folder, name))


def _create_temporary(folder: int, name: str) -> tuple:
    """(fd, name) of a new `.<name>.<pid>.<n>.<ns>.tmp`; O_EXCL skips a name a crashed writer left."""
    import time

    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | os.O_CLOEXEC
    for _ in range(100):
        _made[0] += 1
        tmp = f".{name[:100]}.{os.getpid()}.{_made[0]}.{time.time_ns() % 1_000_000_000}.tmp"
        try:
            return os.open(tmp, flags, 0o600, dir_fd=folder), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name for {name}")


def _mode_for(folder: int, name: str) -> int:
    """An existing regular file keeps its permissions; a new one gets the usual 0666 minus umask.

    The temporary file is created 0600, which would make committed notes owner-only.
    """
    try:
        info = os.stat(name, dir_fd=folder, follow_symlinks=False)
        if info.st_mode & 0o170000 == 0o100000:  # a regular file
            return info.st_mode & 0o7777
    except OSError:
        pass
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _unlink_quietly(name: str, folder: int) -> None:
    try:
        os.unlink(name, dir_fd=folder)
    except OSError:
        pass
