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
`code_bundle_write.save_if_stale()` rewrites the file if the run imported any of mage's modules
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
import sys

from mage_engine.base import fs

FORMAT = 4  # 4: the code of the modules its writer imported first, read at once
MAX_BYTES = 16 * 1024 * 1024
_BEFORE = frozenset()  # mage's modules imported before the finder went in (never served: not stale)
_EVENT = "other"
_EXTERNAL = sys.modules["_frozen_importlib_external"]  # the import system's own loaders, already loaded
_BOOTSTRAP = sys.modules["_frozen_importlib"]
_ModuleSpec = _BOOTSTRAP.ModuleSpec
_ModuleType = type(sys)
_CODE = type((lambda: None).__code__)  # (not compile(): its first call costs a millisecond)


class BundledLoader(_EXTERNAL.SourceFileLoader):
    """Python's own loader for a source file, whose code comes from the bundle when it reads back whole
    (so `get_source`, `get_data`, resources and tracebacks behave as after a usual import)."""

    def __init__(self, finder, name: str, origin: str, code):
        super().__init__(name, origin)
        self.finder, self.code = finder, code
        self.fell_back = False  # the copy did not read back: Python read the module as usual

    def get_code(self, fullname):
        try:
            code = marshal.loads(code_bytes(self.code))
            if type(code) is not _CODE:
                raise ValueError("not code")  # damaged bytes can still unmarshal, into None or a number
            _imp._fix_co_filename(code, self.path)  # as Python does for a .pyc: the file as it is now
        except (EOFError, ValueError, TypeError, OSError):
            self.finder.stale = self.fell_back = True  # a damaged copy: read as usual, then copied anew
            self.finder.entries.pop(fullname, None)
            return super().get_code(fullname)
        return code


class BundleFinder:
    """Serves mage's modules from the bundle; declines (None) whatever it cannot vouch for."""

    def __init__(self, root: str, entries: dict):
        self.root = root  # the folder that holds mage_engine/
        self.entries = entries  # name -> (relative source path, is package, mtime_ns, size, marshalled code)
        # (the code: a memoryview into the part read at once, or a Later; unmarshalled only when imported)
        self.stale = False
        self.missed = False  # a module of mage's was asked for that the bundle does not hold

    def find_spec(self, name, path=None, target=None):
        entry = self.entries.get(name)
        if entry is None:
            self.missed = self.missed or _is_mage(name)
            return None
        origin = self.current(name, entry)
        if origin is None:
            return None
        is_package, code = entry[1], entry[4]
        spec = _EXTERNAL.spec_from_file_location(name, origin, loader=BundledLoader(self, name, origin, code),
                                                 submodule_search_locations=[] if is_package else None)
        if is_package:
            spec.submodule_search_locations = [origin.rpartition("/")[0]]
        return spec

    def current(self, name: str, entry):
        """The source path of `entry` while the source is as it was copied (else None, and stale)."""
        try:
            relative, _, mtime_ns, size, _ = entry
            origin = self.root + relative
            status = fs.stat(origin)
        except (OSError, TypeError, ValueError):
            return None
        if status.st_mtime_ns != mtime_ns or status.st_size != size:
            self.stale = True  # edited or upgraded since: Python reads it, the bundle is rewritten
            return None
        return origin

    def load(self, name: str, import_):
        """`name` loaded from the bundle as Python's import system would load the spec `find_spec`
        gives, without its generic steps (locks, finder loop, cache paths); None when not served."""
        entry = self.entries.get(name)
        if entry is None or "threading" in sys.modules:
            return None  # another thread could race us: only Python's own machinery takes its locks
        parent, _, child = name.rpartition(".")
        if parent and parent not in sys.modules:
            import_(parent)
            if name in sys.modules:  # the parent imported it
                return sys.modules[name]
        origin = self.current(name, entry)
        if origin is None:
            return None
        is_package = entry[1]
        loader = BundledLoader(self, name, origin, entry[4])
        code = loader.get_code(name)
        spec = _ModuleSpec(name, loader, origin=origin, is_package=is_package)
        spec.has_location = True
        module = _ModuleType(name)
        namespace = module.__dict__
        namespace.update(__spec__=spec, __loader__=loader, __file__=origin, __package__=name if is_package else parent)
        if is_package:
            namespace["__path__"] = spec.submodule_search_locations = [origin.rpartition("/")[0]]
        sys.modules[name] = module
        try:
            exec(code, namespace)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        module = sys.modules[name]  # a module may put another object in its place
        if parent:
            setattr(sys.modules[parent], child, module)
        return module


def bundle_path(package_dir: str, event: str) -> str:
    """One file per hook event (each holds what that event imports) and per optimisation level."""
    name = event if event.isascii() and event.isalpha() and len(event) <= 40 else "other"
    optimised = f".opt-{sys.flags.optimize}" if sys.flags.optimize else ""
    return fs.join(package_dir, "__pycache__", f"hook-code.{name}.{sys.implementation.cache_tag}{optimised}.bin")


def install(event: str) -> None:
    """Serve mage's modules from `event`'s bundle for the rest of this process (never raises)."""
    global _BEFORE, _EVENT
    if fs.getenv("MAGE_HOOK_BUNDLE") == "0" or any(isinstance(f, BundleFinder) for f in sys.meta_path):
        return
    try:
        package_dir = _package_dir()
        _EVENT = event
        try:
            entries = _read(bundle_path(package_dir, event))
        except Exception:
            entries = {}  # none yet, or torn or foreign: this run writes one
        _BEFORE = frozenset(name for name in sys.modules if _is_mage(name))
        finder = BundleFinder(fs.dirname(package_dir) + "/", entries)
        sys.meta_path.insert(0, finder)
        _load_directly(finder)
    except Exception:
        pass  # no bundle: Python imports as usual


def _load_directly(finder: BundleFinder) -> None:
    """Let the bundle load its modules itself when the import statement misses sys.modules.

    Python's import system runs some 40 lines of Python for each module (a lock,
    every finder in turn, a spec, the module's attributes, a cache path worked
    out from the source's): a fifth of what the prompt hook spends importing
    mage. Its entry point, `_find_and_load`, is looked up afresh on each import
    a module does not find in sys.modules, so a wrapper there serves the
    bundle's modules straight away (the same module, spec, loader, `__file__`,
    `__path__` and `__package__`; not `__cached__`, which nothing in a hook
    reads) and passes every other name, and any module in a process with
    threads, to Python's own.
    """
    usual = _BOOTSTRAP._find_and_load

    def find_and_load(name, import_):
        if name in sys.modules:  # importlib.import_module asks for loaded ones too, and None blocks an import
            return usual(name, import_)
        module = finder.load(name, import_)
        return usual(name, import_) if module is None else module

    _BOOTSTRAP._find_and_load = find_and_load


def stale_finder():
    """This process's finder when the bundle should be rewritten (this run imported some of mage's
    modules from disk, and Python writes bytecode), else None: code_bundle_write.save_if_stale
    is imported only then."""
    finder = next((f for f in sys.meta_path if isinstance(f, BundleFinder)), None)
    if finder is None or not (finder.missed or finder.stale) or sys.flags.dont_write_bytecode or sys.pycache_prefix:
        return None  # every module of mage's this run imported came from the bundle: nothing to look through
    return finder


class Later:
    """A module's code in the bundle's tail, read when it is first imported (see `_read`)."""

    __slots__ = ("descriptor", "start", "end")

    def __init__(self, descriptor: int, start: int, end: int):
        self.descriptor, self.start, self.end = descriptor, start, end

    def read(self) -> bytes:
        return _read_exactly(self.descriptor, self.end - self.start, self.start)


def code_bytes(code):
    """The marshalled code of an entry, wherever in the bundle it is."""
    return code.read() if isinstance(code, Later) else code


def _read(path: str) -> dict:
    """The entries of a bundle: a header (its length in 8 bytes, then marshalled) and the code after it,
    first that of the modules the run that wrote it imported ("core"), then the rest ("tail"). The core
    is read at once; each module of the tail when it is imported, from the same open file (so a bundle
    replaced meanwhile cannot mix in), which keeps what a hook reads to what such a run needs however
    many modules rarer runs have added. Anything that is not whole, or was written by another Python,
    reads as no bundle."""
    descriptor, length = _open_regular(path)
    try:
        size = int.from_bytes(_read_exactly(descriptor, 8, 0), "little")
        header = marshal.loads(_read_exactly(descriptor, size, 8))
        if header.get("format") != FORMAT or header.get("magic") != _EXTERNAL.MAGIC_NUMBER:
            raise ValueError("another format")
        modules, core = header["modules"], header["core"]
        if length != 8 + size + max((item[5] for item in modules.values()), default=0):
            raise ValueError("cut short (or grown): no entry of it is trusted")
        code, base = memoryview(_read_exactly(descriptor, core, 8 + size)), 8 + size
        return {name: (relative, is_package, mtime_ns, length,
                       code[start: end] if end <= core else Later(descriptor, base + start, base + end))
                for name, (relative, is_package, mtime_ns, length, start, end) in modules.items()}
    except BaseException:
        fs.close(descriptor)
        raise


def _open_regular(path: str) -> tuple:
    """(descriptor, size) of a regular file, opened without following a link or waiting on a FIFO or a device."""
    descriptor = fs.open(path, fs.O_RDONLY | fs.O_NOFOLLOW | fs.O_NONBLOCK)
    status = fs.fstat(descriptor)
    if not fs.S_ISREG(status.st_mode) or status.st_size > MAX_BYTES:
        fs.close(descriptor)
        raise OSError(f"{path} is not a regular file of at most {MAX_BYTES} bytes")
    return descriptor, status.st_size


def _read_exactly(descriptor: int, size: int, offset: int) -> bytes:
    chunks, left = [], size
    while left > 0:
        chunk = fs.pread(descriptor, left, offset + size - left)
        if not chunk:
            raise ValueError("the bundle ends early")
        chunks.append(chunk)
        left -= len(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _read_file(path: str) -> bytes:
    """A regular file's bytes, without following a link or waiting on a FIFO or a device."""
    descriptor, size = _open_regular(path)
    try:
        return _read_exactly(descriptor, size, 0)
    finally:
        fs.close(descriptor)


def _package_dir() -> str:
    return sys.modules["mage_engine"].__path__[0]


def _is_mage(name: str) -> bool:
    return name == "mage_engine" or name.startswith("mage_engine.")
