"""The file system without `os`: the calls the hook path makes, from the interpreter's built-in `posix`.

`import os` was the largest standard-library import left on every hook's path: os.py
builds `os.environ` on `_collections_abc`'s ABCs and loads posixpath, genericpath and
stat, about 1.8 ms of a 17 ms capture and of a 30 ms hint (a tenth of `python -c
pass`; docs/hook-performance.md). `posix` is loaded before any Python code runs, so
its functions cost nothing to reach. Here they are under `os`'s names, with the few
path functions mage calls written as posixpath writes them (for str paths: mage
never passes bytes). The CLI, the app and the tests call them too, so every caller
runs this one implementation; tests/test_fs.py holds each to `os.path`'s answers.

Callers write `fs.stat(...)`, never `from fs import stat`: a test that counts a
call patches it here.
"""

import posix
import sys

from _stat import S_ISDIR, S_ISLNK, S_ISREG  # noqa: F401  (re-exported: the C module `stat.py` wraps)

# posix's own functions, under the names os gives them
close, dup, fchmod, fspath, fstat, fsync, getcwd, getpid = (
    posix.close, posix.dup, posix.fchmod, posix.fspath, posix.fstat, posix.fsync, posix.getcwd, posix.getpid)
listdir, lstat, mkdir, open, pread, read, readlink, replace = (  # noqa: A001  (os.open, not the builtin)
    posix.listdir, posix.lstat, posix.mkdir, posix.open, posix.pread, posix.read, posix.readlink, posix.replace)
scandir, stat, umask, unlink, utime, write, _exit = (
    posix.scandir, posix.stat, posix.umask, posix.unlink, posix.utime, posix.write, posix._exit)
ftruncate, pwrite = posix.ftruncate, posix.pwrite
O_APPEND, O_CLOEXEC, O_CREAT, O_DIRECTORY, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_RDWR, O_TRUNC, O_WRONLY = (
    posix.O_APPEND, posix.O_CLOEXEC, posix.O_CREAT, posix.O_DIRECTORY, posix.O_EXCL, posix.O_NOFOLLOW,
    posix.O_NONBLOCK, posix.O_RDONLY, posix.O_RDWR, posix.O_TRUNC, posix.O_WRONLY)
sep = "/"


def getenv(name: str, default=None):
    """An environment variable, as `os.environ.get` reads it. Once `os` is loaded its environ is the
    truth (a test or the CLI may have changed it); before, nothing in this process has, and the
    environment it started with is posix's (bytes, decoded as os decodes them)."""
    os = sys.modules.get("os")
    if os is not None:
        return os.environ.get(name, default)
    value = posix.environ.get(name.encode("utf-8", "surrogateescape"))
    return default if value is None else value.decode("utf-8", "surrogateescape")


def environ():
    """The environment as a mapping: os.environ once `os` is loaded, else posix's, decoded (once)."""
    global _started_with
    os = sys.modules.get("os")
    if os is not None:
        return os.environ
    if _started_with is None:
        _started_with = {name.decode("utf-8", "surrogateescape"): value.decode("utf-8", "surrogateescape")
                         for name, value in posix.environ.items()}
    return _started_with


_started_with = None  # the environment this process started with, decoded (only read while os is not loaded)


def isabs(path) -> bool:
    return fspath(path).startswith(sep)


def join(first, *rest) -> str:
    path = fspath(first)
    for part in map(fspath, rest):
        if part.startswith(sep):
            path = part
        elif not path or path.endswith(sep):
            path += part
        else:
            path += sep + part
    return path


def split(path) -> tuple:
    path = fspath(path)
    cut = path.rfind(sep) + 1
    head, tail = path[:cut], path[cut:]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head, tail


def dirname(path) -> str:
    return split(path)[0]


def basename(path) -> str:
    path = fspath(path)
    return path[path.rfind(sep) + 1:]


def normpath(path) -> str:
    path = fspath(path)
    native = getattr(posix, "_path_normpath", None)  # the C normpath os.path itself calls (3.11+)
    if native is None:
        return _normpath(path)
    return native(path) or "."


def _normpath(path: str) -> str:
    if not path:
        return "."
    initial = 2 if path.startswith("//") and not path.startswith("///") else 1 if path.startswith(sep) else 0
    parts = []
    for part in path.split(sep):
        if part in ("", "."):
            continue
        if part != ".." or (not initial and not parts) or (parts and parts[-1] == ".."):
            parts.append(part)
        elif parts:
            parts.pop()
    return sep * initial + sep.join(parts) or "."


def abspath(path) -> str:
    path = fspath(path)
    return normpath(path if isabs(path) else join(getcwd(), path))


def realpath(path) -> str:
    """os.path.realpath (not strict): symbolic links resolved, a loop or a missing part left as it is."""
    resolved, _ = _join_real("", fspath(path), {})
    return abspath(resolved)


def _join_real(path: str, rest: str, seen: dict) -> tuple:
    """posixpath's _joinrealpath: `rest` resolved onto the already real `path`; (path, False) on a loop."""
    if isabs(rest):
        rest, path = rest[1:], sep
    while rest:
        name, _, rest = rest.partition(sep)
        if not name or name == ".":
            continue
        if name == "..":
            if path:
                path, name = split(path)
                if name == "..":
                    path = join(path, "..", "..")
            else:
                path = ".."
            continue
        candidate = join(path, name)
        try:
            is_link = S_ISLNK(lstat(candidate).st_mode)
        except OSError:
            is_link = False
        if not is_link:
            path = candidate
            continue
        if candidate in seen:
            path = seen[candidate]
            if path is not None:
                continue
            return join(candidate, rest), False  # a loop: left unresolved, as os.path leaves it
        seen[candidate] = None
        path, ok = _join_real(path, readlink(candidate), seen)
        if not ok:
            return join(path, rest), False
        seen[candidate] = path
    return path, True


def relpath(path, start: str = ".") -> str:
    if not path:
        raise ValueError("no path specified")  # as os.path.relpath: '' is no path, not the folder here
    start_parts = [part for part in abspath(start).split(sep) if part]
    path_parts = [part for part in abspath(path).split(sep) if part]
    common = 0
    for mine, theirs in zip(start_parts, path_parts):
        if mine != theirs:
            break
        common += 1
    parts = [".."] * (len(start_parts) - common) + path_parts[common:]
    return join(*parts) if parts else "."


def expanduser(path) -> str:
    """`~` and `~/…` from $HOME; another user's `~name` (a password-database lookup) is os.path's."""
    path = fspath(path)
    if not path.startswith("~"):
        return path
    end = path.find(sep, 1)
    end = len(path) if end < 0 else end
    home = getenv("HOME") if end == 1 else None
    if home is None:
        import os.path

        return os.path.expanduser(path)
    return (home.rstrip(sep) + path[end:]) or sep


def _mode(path):
    try:
        return stat(path).st_mode
    except (OSError, ValueError):
        return None


def exists(path) -> bool:
    return _mode(path) is not None


def isfile(path) -> bool:
    mode = _mode(path)
    return mode is not None and S_ISREG(mode)


def isdir(path) -> bool:
    mode = _mode(path)
    return mode is not None and S_ISDIR(mode)


def makedirs(name, mode: int = 0o777, exist_ok: bool = False) -> None:
    """os.makedirs: the folder and every missing parent."""
    head, tail = split(name)
    if not tail:
        head, tail = split(head)
    if head and tail and not exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass  # another process made it meanwhile
        if tail == ".":
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not isdir(name):
            raise
