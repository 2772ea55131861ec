"""The one door to mage's own files: no link followed, regular files only, sizes capped.

Every file under a KB's `mage/` and `.mage/` may have been put there by someone
else: a cloned repository can commit `.mage/errors.log -> ~/.bashrc`, the agent
can make `mage/notes` a link out of the project, a FIFO can stand where a note
should be. So a path under `<project>/mage/` or `<project>/.mage/` is opened
one folder at a time from a descriptor of the project folder, each step with
O_NOFOLLOW: a link anywhere on the way is refused, and none can be swapped in
between a check and the open. Files are opened non-blocking and checked with
fstat to be regular before anything is read; reads stop at a cap; writes loop
until every byte is down or fail loudly. Paths outside every KB (the host's
transcript) get the regular-file check and the caps only.

A KB announces its project folder with `trust(top)` when it is made
(kb/layout.py), so callers go on passing plain paths. `Refused` is an OSError:
code that treats an unreadable file as missing treats a refused one so too.
Only base/fs (the interpreter's `posix`) is imported: this module is on every hook's path.
"""

from mage_engine.base import fs

OWN = ("mage", ".mage")              # the folders under a project that are mage's
TMP_DIR = ".mage/tmp"                # where atomic writes stage their temporary files
_DIR = fs.O_RDONLY | fs.O_DIRECTORY | fs.O_CLOEXEC
_NOFOLLOW = fs.O_NOFOLLOW
_roots: list = []                    # trusted project folders, longest first


class Refused(OSError):
    """A path mage will not use: a symbolic link, not a regular file or folder, or too large."""

    def __str__(self):
        return self.strerror or super().__str__()


def trust(top) -> None:
    """Treat `top` as a project folder: paths under its mage/ and .mage/ are guarded."""
    top = fs.abspath(fs.fspath(top))
    if top not in _roots:
        _roots.append(top)
        _roots.sort(key=len, reverse=True)


def locate(path) -> tuple:
    """(project folder, [parts under it]) for a path in a trusted KB's mage/ or .mage/, else (None, None)."""
    path = fs.abspath(fs.fspath(path))
    for root in _roots:
        if path.startswith(root) and path[len(root):len(root) + 1] == "/":
            parts = path[len(root) + 1:].split("/")
            if parts[0] in OWN:
                return root, parts
    return None, None


# --- folders ------------------------------------------------------------------

def open_dir(path, create: bool = False) -> int:
    """A descriptor of the folder `path`, reached without following a link (made when `create`)."""
    root, parts = locate(path)
    if root is None:
        path = fs.fspath(path)
        if create:
            fs.makedirs(path, exist_ok=True)
        return fs.open(path, _DIR)
    return _walk(root, parts, create)


def makedirs(path) -> None:
    """`fs.makedirs(path, exist_ok=True)`, refusing links under a KB."""
    fs.close(open_dir(path, create=True))


def _walk(root: str, parts: list, create: bool) -> int:
    if _kept is not None and _kept[0] == fs.getpid():
        return _walk_kept(root, [name for name in parts if name not in ("", ".")], create)
    fd = fs.open(root, _DIR)
    done = []
    try:
        for name in parts:
            if name in ("", "."):
                continue
            child = _step(fd, name, create, root, done)
            fs.close(fd)
            fd = child
            done.append(name)
    except BaseException:
        fs.close(fd)
        raise
    return fd


# A hook process opens a dozen files under the same few folders in its few milliseconds; walking
# each from the project folder again cost it some 60 opens (0.3 ms). There, each folder reached
# stays open for the rest of the process, and each walk starts from the deepest one already open,
# once it has checked that this folder is still the one at its path (another process may have
# removed, moved or replaced it since: then it is walked to afresh; a link in its place is refused
# by that walk as by any other).
_kept = None  # (pid, {(project folder, folder names...): descriptor}) once keep_folders_open() ran


def keep_folders_open() -> None:
    """For the rest of this process (not a child it forks), keep each folder under a KB open once
    walked to. Only for a process that lives milliseconds: the hooks (events/dispatch.py)."""
    global _kept
    _kept = (fs.getpid(), {})


def forget_folder(path) -> None:
    """Close the kept descriptors of `path` and of every folder in it (it is being removed: a folder made
    again at the same path later must be walked to afresh)."""
    root, parts = locate(path)
    if _kept is None or _kept[0] != fs.getpid() or root is None:
        return
    _forget((root, *[name for name in parts if name not in ("", ".")]))


def _forget(gone: tuple) -> None:
    for key in [key for key in _kept[1] if key[:len(gone)] == gone]:
        fs.close(_kept[1].pop(key))


def _walk_kept(root: str, parts: list, create: bool) -> int:
    kept = _kept[1]
    depth = len(parts)
    while depth and (root, *parts[:depth]) not in kept:
        depth -= 1
    if not depth and (root,) not in kept:
        kept[(root,)] = fs.open(root, _DIR)
    fd = kept[(root, *parts[:depth])]
    if depth and not _still_there(fd, fs.join(root, *parts[:depth])):
        _forget((root, *parts[:depth]))  # removed or moved by someone else since: walk to it afresh
        return _walk_kept(root, parts, create)
    for index in range(depth, len(parts)):
        fd = _step(fd, parts[index], create, root, parts[:index])
        kept[(root, *parts[:index + 1])] = fd
    return fs.dup(fd)


def _still_there(descriptor: int, path: str) -> bool:
    """Whether the kept folder `descriptor` is still the folder at `path` (an fstat and an lstat: half
    the cost of walking to it again)."""
    try:
        kept, now = fs.fstat(descriptor), fs.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (kept.st_dev, kept.st_ino) == (now.st_dev, now.st_ino)


def _step(parent: int, name: str, create: bool, root: str, done: list) -> int:
    flags = _DIR | _NOFOLLOW
    try:
        return fs.open(name, flags, dir_fd=parent)
    except FileNotFoundError:
        if not create:
            raise
    except OSError as error:
        raise _refusal(error, parent, name, root, done) from None
    try:
        fs.mkdir(name, 0o777, dir_fd=parent)
    except FileExistsError:
        pass
    try:
        return fs.open(name, flags, dir_fd=parent)
    except OSError as error:
        raise _refusal(error, parent, name, root, done) from None


def _refusal(error: OSError, parent: int, name: str, root: str, done: list) -> OSError:
    """A Refused naming what stands in the way, or the error itself when nothing does."""
    import errno

    where = "/".join([*done, name])
    if error.errno not in (errno.ELOOP, errno.ENOTDIR, errno.ENXIO, errno.EISDIR):
        return error
    try:
        mode = fs.stat(name, dir_fd=parent, follow_symlinks=False).st_mode
    except OSError:
        return error
    if fs.S_ISLNK(mode):
        what = "is a symbolic link (mage follows no link inside a knowledge base)"
    elif fs.S_ISDIR(mode):
        what = "is a folder where mage expects a file"
    elif fs.S_ISREG(mode):
        what = "is a file where mage expects a folder"
    else:
        what = "is not a regular file (a FIFO, socket or device)"
    return Refused(errno.ELOOP if fs.S_ISLNK(mode) else errno.EINVAL, f"{where} {what}", fs.join(root, where))


# --- files ----------------------------------------------------------------------

def open_file(path, flags: int = fs.O_RDONLY, mode: int = 0o644, create_dirs: bool = False) -> int:
    """A descriptor of the regular file `path`: never through a link under a KB, never blocking on a FIFO."""
    root, parts = locate(path)
    if root is None:
        fd = fs.open(fs.fspath(path), flags | fs.O_NONBLOCK | fs.O_CLOEXEC, mode)
        return _regular(fd, fs.fspath(path))
    folder = _walk(root, parts[:-1], create_dirs)
    try:
        try:
            fd = fs.open(parts[-1], flags | fs.O_NONBLOCK | fs.O_CLOEXEC | _NOFOLLOW, mode, dir_fd=folder)
        except OSError as error:
            raise _refusal(error, folder, parts[-1], root, parts[:-1]) from None
        status = fs.fstat(fd)
        if flags & _WRITING and fs.S_ISREG(status.st_mode) and status.st_nlink > 1:
            # a hard link, which the no-link rule cannot see (git cannot make one; the agent or a
            # local process can link a file from outside into the KB): writing would change that file
            fd = _detached(fd, status, folder, parts[-1], flags, mode)
            status = fs.fstat(fd)
    finally:
        fs.close(folder)
    return _regular(fd, fs.join(root, *parts), status)


_WRITING = fs.O_WRONLY | fs.O_RDWR
MAX_DETACH_BYTES = 512 * 1024 * 1024


def _detached(fd: int, status, folder: int, name: str, flags: int, mode: int) -> int:
    """`name` made a file of its own before it is written: its bytes copied to a new file that
    replaces the name (the other name keeps the old file, untouched), then opened as asked."""
    import errno

    try:
        if status.st_size > MAX_DETACH_BYTES:
            raise Refused(errno.EMLINK, f"{name} is a hard link to another file, too large to copy apart", name)
        reading = fs.open(name, fs.O_RDONLY | fs.O_NONBLOCK | fs.O_CLOEXEC | _NOFOLLOW, dir_fd=folder)
        try:
            data = read_fd(reading, MAX_DETACH_BYTES, name)  # (`fd` may be open for writing only)
        finally:
            fs.close(reading)
    finally:
        fs.close(fd)
    temporary = f".{name}.{fs.getpid()}.unlinked"
    copy = fs.open(temporary, fs.O_WRONLY | fs.O_CREAT | fs.O_EXCL | fs.O_CLOEXEC | _NOFOLLOW,
                   status.st_mode & 0o777, dir_fd=folder)
    try:
        write_all(copy, data)
    finally:
        fs.close(copy)
    fs.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    return fs.open(name, flags | fs.O_NONBLOCK | fs.O_CLOEXEC | _NOFOLLOW, mode, dir_fd=folder)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of `data`, finishing short writes; an OSError if the disk takes none."""
    view = memoryview(data)
    while view:
        written = fs.write(fd, view)
        if written <= 0:
            import errno

            raise OSError(errno.ENOSPC, "no space left on device (a write made no progress)")
        view = view[written:]


def _regular(fd: int, path: str, status=None) -> int:
    mode = (status or fs.fstat(fd)).st_mode
    if fs.S_ISREG(mode):
        return fd
    fs.close(fd)
    import errno

    what = "a folder" if fs.S_ISDIR(mode) else "not a regular file (a FIFO, socket or device)"
    raise Refused(errno.EINVAL, f"{fs.basename(path)} is {what}", path)


def open_lock(path) -> int:
    """A lock file, read-write and created as needed. A link or FIFO at `path` itself is
    replaced (a lock file holds no data; a cloned repository's link must not stop mage), never
    followed; a link on the way is Refused like anywhere else."""
    flags = fs.O_RDWR | fs.O_CREAT
    try:
        return open_file(path, flags, 0o644, create_dirs=True)
    except Refused:
        if is_regular(path) or not lexists(path):
            raise
        folder, name = _parent(path)
        try:
            fs.unlink(name, dir_fd=folder)
        finally:
            fs.close(folder)
        return open_file(path, flags, 0o644, create_dirs=True)


def open_binary(path):
    """The regular file `path` opened for reading as a binary file object (see `open_file`)."""
    return open(open_file(path), "rb")  # the builtin: a file object that closes the descriptor


def read_bytes(path, limit: int) -> bytes:
    """The file's bytes; Refused when it holds more than `limit` (checked before reading)."""
    fd = open_file(path)
    try:
        return read_fd(fd, limit, path)
    finally:
        fs.close(fd)


def read_text(path, limit: int) -> str:
    """The file's text (UTF-8, strict); Refused when larger than `limit` bytes."""
    return read_bytes(path, limit).decode("utf-8")


def read_fd(fd: int, limit: int, path="") -> bytes:
    """At most `limit` bytes from an open regular file, in chunks; Refused if there are more."""
    size = fs.fstat(fd).st_size
    if size > limit:
        raise too_large(path, size, limit)
    chunks, total = [], 0
    while True:
        chunk = fs.read(fd, min(1 << 20, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:  # it grew while being read
            raise too_large(path, total, limit)


def too_large(path, size: int, limit: int) -> Refused:
    import errno

    return Refused(errno.EFBIG, f"{fs.basename(fs.fspath(path))} is {size:,} bytes "
                                f"(mage reads at most {limit:,})", fs.fspath(path))


def entries(folder, with_stat: bool = True) -> list:
    """(name, kind, stat) of each entry of `folder`, by name; links are listed, never followed.

    kind is "file", "dir", "link" or "other" (FIFO, socket, device). Without
    `with_stat` the kinds come from the listing alone (no stat per entry) and
    stat is None. A missing folder has no entries; one reached through a link is Refused.
    """
    try:
        fd = open_dir(folder)
    except FileNotFoundError:
        return []
    try:
        with fs.scandir(fd) as listing:
            found = [(entry.name, _kind(entry), entry.stat(follow_symlinks=False) if with_stat else None)
                     for entry in listing]
    finally:
        fs.close(fd)
    return sorted(found, key=lambda item: item[0])


def _kind(entry) -> str:
    if entry.is_symlink():
        return "link"
    if entry.is_file(follow_symlinks=False):
        return "file"
    return "dir" if entry.is_dir(follow_symlinks=False) else "other"


def refused_entry(folder, name: str, kind: str) -> str:
    """The one-line report of a listed entry mage will not read."""
    what = "a symbolic link" if kind == "link" else "not a folder or a regular file"
    return f"{fs.join(fs.fspath(folder), name)}: refused: {what} (mage reads no link inside a knowledge base)"


def _parent(path, create: bool = False) -> tuple:
    path = fs.abspath(fs.fspath(path))
    return open_dir(fs.dirname(path), create=create), fs.basename(path)


def lstat(path):
    """fs.lstat, with the folders on the way reached without links."""
    folder, name = _parent(path)
    try:
        return fs.stat(name, dir_fd=folder, follow_symlinks=False)
    finally:
        fs.close(folder)


def lexists(path) -> bool:
    """True when something (a file, a link, a FIFO) is at `path`."""
    try:
        lstat(path)
        return True
    except OSError:
        return False


def is_regular(path) -> bool:
    """True when `path` is a regular file reached without a link."""
    try:
        return fs.S_ISREG(lstat(path).st_mode)
    except OSError:
        return False


