"""Writing the hook's code bundle (code_bundle.py): only in a run that imported some of mage's
modules from disk, after the hook's answer is out, so every other hook loads none of this."""

import marshal
import os
import sys

from mage_engine.base import code_bundle
from mage_engine.base.code_bundle import FORMAT, BundledLoader, _EXTERNAL, _is_mage, _read_file, code_bytes


def save_if_stale() -> None:
    """Rewrite the bundle when this run imported any of mage's modules from disk (never raises)."""
    finder = code_bundle.stale_finder()
    if finder is None:
        return
    try:
        save(finder, code_bundle.bundle_path(code_bundle._package_dir(), code_bundle._EVENT), code_bundle._BEFORE)
    except Exception:
        pass  # a read-only install: every hook imports as usual


def save(finder, path: str, before: frozenset) -> None:
    """Rewrite the bundle at `path` with the modules this run read from their .pyc files, and keep those
    of the old bundle whose sources have not changed since."""
    loaded = _loaded_from_disk(finder, before)
    if loaded or finder.stale:
        entries = {name: entry for name, entry in map(_read_in, finder.entries.items())
                   if entry is not None and _still_current(finder.root, entry)}
        entries.update(loaded)
        _write(path, entries)
        _remove_leftovers(os.path.dirname(path))


def _read_in(item):
    """(name, entry) with the entry's code in memory, or (name, None) when it cannot be read back."""
    name, (relative, is_package, mtime_ns, length, code) = item
    try:
        return name, (relative, is_package, mtime_ns, length, bytes(code_bytes(code)))
    except (OSError, ValueError):
        return name, None


def _loaded_from_disk(finder, before: frozenset) -> dict:
    """Entries for mage's modules this run read from their .pyc files (those still current)."""
    found = {}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        if not _is_mage(name) or name in before or spec is None:
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


def _write(path: str, entries: dict) -> None:
    """Atomically and durably: a new file beside it, flushed, then a rename (a hook reading meanwhile sees
    the old one whole; a power cut leaves one or the other, never a torn file)."""
    imported = [name for name in sys.modules if name in entries]  # this run's, in the order it imported them
    modules, blobs, offset, core = {}, [], 0, 0
    for name in [*imported, *sorted(set(entries) - set(imported))]:
        relative, is_package, mtime_ns, length, code = entries[name]
        modules[name] = (relative, is_package, mtime_ns, length, offset, offset + len(code))
        blobs.append(code)
        offset += len(code)
        if name in sys.modules:
            core = offset
    header = marshal.dumps({"format": FORMAT, "magic": _EXTERNAL.MAGIC_NUMBER, "modules": modules, "core": core})
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
