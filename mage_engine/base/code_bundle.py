"""The hook's own code in one file: the modules a hook process imports, served from one read.

A hook process lives about 20 ms, and a third of that went to Python finding
and loading some 80 of mage's modules one at a time: for each, a check of its
folder, a stat of its source, an open, a stat and a read of its `.pyc`, and the
import machinery around them (measured: 8 ms for the prompt hook's 79 modules;
served from one file, 4.6 ms).

`install()` puts a finder first on `sys.meta_path` that serves mage's modules
from `mage_engine/__pycache__/hook-code.<event>.<python>[.opt-N].bin`: the very
bytes of their `.pyc` files, side by side (one file per hook event and
optimisation level), each with the size and mtime of the source it was compiled
from. A module is served only while its source file still has that size and
mtime (in nanoseconds: never staler than Python's own `.pyc`, which it copies);
any other module, changed or new, is imported as usual, and so is one whose
copy cannot be read back whole. Once the hook's answer is written,
`save_if_stale()` rewrites the file if the run imported any of mage's modules
from disk, from the `.pyc` files Python has just checked in the package's own
`__pycache__`.

The file lives beside the `.pyc` files, in the installed package: no project,
clone or knowledge base can supply it (nothing a repository holds is ever run),
and a `.pyc` from anywhere else (PYTHONPYCACHEPREFIX) is never copied in. Only
hook processes install the finder; the CLI, the app and the tests import as
usual. `MAGE_HOOK_BUNDLE=0` turns it off; a Python that writes no bytecode
(`-B`) writes no bundle either.
"""

import _imp
import marshal
import os
import stat
import sys

FORMAT = 3
MAX_BYTES = 16 * 1024 * 1024
_BEFORE = frozenset()  # mage's modules imported before the finder went in (never served: not stale)
_EVENT = "other"
_EXTERNAL = sys.modules["_frozen_importlib_external"]  # the import system's own loaders, already loaded


class BundledLoader(_EXTERNAL.SourceFileLoader):
    """Python's own loader for a source file, whose code comes from the bundle when it reads back whole
    (so `get_source`, `get_data`, resources and tracebacks behave as after a usual import)."""

    def __init__(self, finder, name: str, origin: str, code):
        super().__init__(name, origin)
        self.finder, self.code = finder, code
        self.fell_back = False  # the copy did not read back: Python read the module as usual

    def get_code(self, fullname):
        try:
            code = marshal.loads(self.code)
        except (EOFError, ValueError, TypeError):
            self.finder.stale = self.fell_back = True  # a damaged copy: read as usual, then copied anew
            self.finder.entries.pop(fullname, None)
            return super().get_code(fullname)
        _imp._fix_co_filename(code, self.path)  # as Python does for a .pyc: the file as it is now
        return code


class BundleFinder:
    """Serves mage's modules from the bundle; declines (None) whatever it cannot vouch for."""

    def __init__(self, root: str, entries: dict):
        self.root = root  # the folder that holds mage_engine/
        self.entries = entries  # name -> (relative source path, is package, mtime_ns, size, marshalled code)
        # (the code is a memoryview into the file read once: unmarshalled only when imported)
        self.stale = False
        self.missed = False  # a module of mage's was asked for that the bundle does not hold

    def find_spec(self, name, path=None, target=None):
        entry = self.entries.get(name)
        if entry is None:
            self.missed = self.missed or _is_mage(name)
            return None
        try:
            relative, is_package, mtime_ns, size, code = entry
            origin = self.root + relative
            status = os.stat(origin)
        except (OSError, TypeError, ValueError):
            return None
        if status.st_mtime_ns != mtime_ns or status.st_size != size:
            self.stale = True  # edited or upgraded since: Python reads it, the bundle is rewritten
            return None
        spec = _EXTERNAL.spec_from_file_location(name, origin, loader=BundledLoader(self, name, origin, code),
                                                 submodule_search_locations=[] if is_package else None)
        if is_package:
            spec.submodule_search_locations = [origin.rpartition("/")[0]]
        return spec


def bundle_path(package_dir: str, event: str) -> str:
    """One file per hook event (each holds what that event imports) and per optimisation level."""
    name = event if event.isascii() and event.isalpha() and len(event) <= 40 else "other"
    optimised = f".opt-{sys.flags.optimize}" if sys.flags.optimize else ""
    return os.path.join(package_dir, "__pycache__", f"hook-code.{name}.{sys.implementation.cache_tag}{optimised}.bin")


def install(event: str) -> None:
    """Serve mage's modules from `event`'s bundle for the rest of this process (never raises)."""
    global _BEFORE, _EVENT
    if os.environ.get("MAGE_HOOK_BUNDLE") == "0" or any(isinstance(f, BundleFinder) for f in sys.meta_path):
        return
    try:
        package_dir = _package_dir()
        _EVENT = event
        try:
            entries = _read(bundle_path(package_dir, event))
        except Exception:
            entries = {}  # none yet, or torn or foreign: this run writes one
        _BEFORE = frozenset(name for name in sys.modules if _is_mage(name))
        sys.meta_path.insert(0, BundleFinder(os.path.dirname(package_dir) + "/", entries))
    except Exception:
        pass  # no bundle: Python imports as usual


def save_if_stale() -> None:
    """Rewrite the bundle when this run imported any of mage's modules from disk (never raises)."""
    finder = next((f for f in sys.meta_path if isinstance(f, BundleFinder)), None)
    if finder is None or not (finder.missed or finder.stale) or sys.flags.dont_write_bytecode or sys.pycache_prefix:
        return  # every module of mage's this run imported came from the bundle: nothing to look through
    try:
        loaded = _loaded_from_disk(finder)
        if loaded or finder.stale:
            entries = {name: entry for name, entry in finder.entries.items() if _still_current(finder.root, entry)}
            entries.update(loaded)
            path = bundle_path(_package_dir(), _EVENT)
            _write(path, entries)
            _remove_leftovers(os.path.dirname(path))
    except Exception:
        pass  # a read-only install: every hook imports as usual


def _loaded_from_disk(finder: BundleFinder) -> dict:
    """Entries for mage's modules this run read from their .pyc files (those still current)."""
    found = {}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        if not _is_mage(name) or name in _BEFORE or spec is None:
            continue
        if isinstance(spec.loader, BundledLoader) and not spec.loader.fell_back:
            continue
        origin, cached = spec.origin or "", spec.cached or ""
        if not origin.startswith(finder.root) or not origin.endswith(".py"):
            continue
        if cached != _EXTERNAL.cache_from_source(origin):
            continue  # not the package's own __pycache__ (an -O run, a pycache prefix): never copied in
        try:
            entry = _entry(origin, cached, finder.root, spec.submodule_search_locations is not None)
        except OSError:
            entry = None  # no .pyc written (a read-only install): Python keeps reading this one
        if entry is not None:
            found[name] = entry
    return found


def _entry(origin: str, cached: str, root: str, is_package: bool):
    """(relative path, is package, mtime_ns, size, code) from a timestamp .pyc that matches its source."""
    status = os.stat(origin)
    data = _read_file(cached)
    header_ok = (data[:4] == _EXTERNAL.MAGIC_NUMBER and data[4:8] == b"\0\0\0\0"
                 and int.from_bytes(data[8:12], "little") == int(status.st_mtime) & 0xFFFFFFFF
                 and int.from_bytes(data[12:16], "little") == status.st_size & 0xFFFFFFFF)
    if not header_ok:
        return None  # a hash-based or stale .pyc: let Python keep reading this one itself
    return (origin[len(root):], is_package, status.st_mtime_ns, status.st_size, data[16:])


def _still_current(root: str, entry) -> bool:
    try:
        status = os.stat(root + entry[0])
    except (OSError, TypeError):
        return False
    return status.st_mtime_ns == entry[2] and status.st_size == entry[3]


def _read(path: str) -> dict:
    """The entries of a bundle: a header (its length in 8 bytes, then marshalled) and the code after it.
    Anything that is not whole, or was written by another Python, reads as no bundle."""
    data = memoryview(_read_file(path))
    size = int.from_bytes(data[:8], "little")
    header = marshal.loads(data[8: 8 + size])
    if header.get("format") != FORMAT or header.get("magic") != _EXTERNAL.MAGIC_NUMBER:
        return {}
    code = data[8 + size:]
    modules = header["modules"]
    if len(code) != max((item[5] for item in modules.values()), default=0):
        return {}  # cut short (or grown): no entry of it is trusted
    return {name: (relative, is_package, mtime_ns, length, code[start: end])
            for name, (relative, is_package, mtime_ns, length, start, end) in modules.items()}


def _read_file(path: str) -> bytes:
    """A regular file's bytes, without following a link or waiting on a FIFO or a device."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_BYTES:
            raise OSError(f"{path} is not a regular file of at most {MAX_BYTES} bytes")
        chunks, left = [], status.st_size
        while left > 0:
            chunk = os.read(descriptor, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _write(path: str, entries: dict) -> None:
    """Atomically and durably: a new file beside it, flushed, then a rename (a hook reading meanwhile sees
    the old one whole; a power cut leaves one or the other, never a torn file)."""
    modules, blobs, offset = {}, [], 0
    for name in sorted(entries):
        relative, is_package, mtime_ns, length, code = entries[name]
        modules[name] = (relative, is_package, mtime_ns, length, offset, offset + len(code))
        blobs.append(bytes(code))
        offset += len(code)
    header = marshal.dumps({"format": FORMAT, "magic": _EXTERNAL.MAGIC_NUMBER, "modules": modules})
    data = b"".join([len(header).to_bytes(8, "little"), header, *blobs])
    partial = f"{path}.{os.getpid()}.tmp"
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
    except BaseException:
        try:
            os.unlink(partial)
        except OSError:
            pass
        raise


def _remove_leftovers(folder: str, older_than: float = 60.0) -> None:
    """Temporary files of hooks killed while writing (their pid could come round again)."""
    import time

    for name in os.listdir(folder):
        if name.startswith("hook-code.") and name.endswith(".tmp"):
            try:
                if time.time() - os.lstat(os.path.join(folder, name)).st_mtime > older_than:
                    os.unlink(os.path.join(folder, name))
            except OSError:
                pass


def _package_dir() -> str:
    return sys.modules["mage_engine"].__path__[0]


def _is_mage(name: str) -> bool:
    return name == "mage_engine" or name.startswith("mage_engine.")
