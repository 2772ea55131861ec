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

from mage_engine.base import fs
from mage_engine.kb import guard

_made = [0]  # temporary files made by this process: with the pid, a name no other writer uses


def write_text_atomic(path, text: str, durable: bool = True) -> None:
    """Replace `path` with `text` (UTF-8) atomically, creating parent folders."""
    write_bytes_atomic(path, text.encode("utf-8"), durable)


def write_bytes_atomic(path, data: bytes, durable: bool = True) -> None:
    """Replace `path` with `data` atomically, creating parent folders.

    `durable=False` skips the fsync, for scratch a crash may lose but never tear.
    """
    path = fs.abspath(fs.fspath(path))
    folder = guard.open_dir(fs.dirname(path), create=True)
    try:
        name = fs.basename(path)
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
        fs.close(folder)


def _write_and_rename(path, folder: int, name: str, data: bytes, mode: int, durable: bool, beside: bool) -> None:
    tmp_dir, fd, tmp = _temporary(path, folder, name, beside)
    try:
        try:
            fs.fchmod(fd, mode)
            guard.write_all(fd, data)
            if durable:
                fs.fsync(fd)
        finally:
            fs.close(fd)
        fs.replace(tmp, name, src_dir_fd=tmp_dir, dst_dir_fd=folder)
    except BaseException:
        _unlink_quietly(tmp, tmp_dir)
        raise
    finally:
        if tmp_dir != folder:
            fs.close(tmp_dir)


def _naming(error: OSError, path: str) -> OSError:
    """The error as the target's, not its temporary file's: what a person can act on."""
    if isinstance(error, guard.Refused):
        return error
    return OSError(error.errno, error.strerror, path)


def append_line(path, line: str) -> None:
    """Append one line (a trailing newline is added) with a single write(); folders are made."""
    data = (line.rstrip("\n") + "\n").encode("utf-8", "replace")
    fd = guard.open_file(path, fs.O_RDWR | fs.O_APPEND | fs.O_CREAT, 0o644, create_dirs=True)
    try:
        size = fs.fstat(fd).st_size
        if size and fs.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data  # close a line a full disk cut, in the same write
        guard.write_all(fd, data)
    finally:
        fs.close(fd)


def remove(path) -> bool:
    """Delete the file `path` (a link is removed itself, never its target). False when missing."""
    path = fs.abspath(fs.fspath(path))
    try:
        folder = guard.open_dir(fs.dirname(path))
    except FileNotFoundError:
        return False
    try:
        fs.unlink(fs.basename(path), dir_fd=folder)
        return True
    except FileNotFoundError:
        return False
    finally:
        fs.close(folder)


def remove_tree(path) -> None:
    """Delete the folder `path` and everything in it, reached without links (none followed inside)."""
    import shutil

    path = fs.abspath(fs.fspath(path))
    guard.forget_folder(path)
    try:
        parent = guard.open_dir(fs.dirname(path))
    except FileNotFoundError:
        return
    try:
        shutil.rmtree(fs.basename(path), dir_fd=parent, ignore_errors=True)
    finally:
        fs.close(parent)


def move(source, target) -> None:
    """Rename the file `source` to `target`, the folders on both sides reached without links."""
    source, target = fs.abspath(fs.fspath(source)), fs.abspath(fs.fspath(target))
    src_dir = guard.open_dir(fs.dirname(source))
    try:
        dst_dir = guard.open_dir(fs.dirname(target), create=True)
        try:
            fs.replace(fs.basename(source), fs.basename(target), src_dir_fd=src_dir, dst_dir_fd=dst_dir)
        finally:
            fs.close(dst_dir)
    finally:
        fs.close(src_dir)


def _temporary(path: str, folder: int, name: str, beside: bool = False) -> tuple:
    """(folder fd, file fd, name) of a new temporary file: in .mage/tmp/ when the target is in a KB.

    The target's own folder is used when .mage/tmp/ cannot be (read-only, or
    on another file system, where the rename would fail).
    """
    root, _ = guard.locate(path)
    if root is not None and not beside:
        try:
            tmp_dir = guard.open_dir(fs.join(root, guard.TMP_DIR), create=True)
        except OSError:
            tmp_dir = None
        if tmp_dir is not None:
            if fs.fstat(tmp_dir).st_dev == fs.fstat(folder).st_dev:
                try:
                    return (tmp_dir, *_create_temporary(tmp_dir, name))
                except OSError:
                    pass
            fs.close(tmp_dir)
    return (folder, *_create_temporary(folder, name))


def _create_temporary(folder: int, name: str) -> tuple:
    """(fd, name) of a new `.<name>.<pid>.<n>.<ns>.tmp`; O_EXCL skips a name a crashed writer left."""
    import time

    flags = fs.O_WRONLY | fs.O_CREAT | fs.O_EXCL | fs.O_NOFOLLOW | fs.O_CLOEXEC
    for _ in range(100):
        _made[0] += 1
        tmp = f".{name[:100]}.{fs.getpid()}.{_made[0]}.{time.time_ns() % 1_000_000_000}.tmp"
        try:
            return fs.open(tmp, flags, 0o600, dir_fd=folder), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name for {name}")


def _mode_for(folder: int, name: str) -> int:
    """An existing regular file keeps its permissions; a new one gets the usual 0666 minus umask.

    The temporary file is created 0600, which would make committed notes owner-only.
    """
    try:
        info = fs.stat(name, dir_fd=folder, follow_symlinks=False)
        if info.st_mode & 0o170000 == 0o100000:  # a regular file
            return info.st_mode & 0o7777
    except OSError:
        pass
    umask = fs.umask(0)
    fs.umask(umask)
    return 0o666 & ~umask


def _unlink_quietly(name: str, folder: int) -> None:
    try:
        fs.unlink(name, dir_fd=folder)
    except OSError:
        pass
