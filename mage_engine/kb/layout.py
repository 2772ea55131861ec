"""Where a knowledge base keeps each file, and how commands find it.

A KB is a project folder holding `mage/config.yaml`. Commands find it by
walking up from the current folder, unless `--kb DIR` or `MAGE_KB` names it.

Every location is also a relative str constant (CONFIG_FILE, STATE_DIR, …):
the hook path joins them onto `KB.top` with `KB.at`, because importing
`pathlib` would cost each hook run about 4 ms. Everyone else uses the Path
properties, which are built from the same constants.
"""

from __future__ import annotations  # the Path annotations stay text: no pathlib import

import os

from mage_engine.errors import KBNotFound
from mage_engine.kb import guard

# Locations relative to the project root (POSIX separators, as os.path joins them here).
MAGE_DIR = "mage"
CONFIG_FILE = "mage/config.yaml"
NOTES_DIR = "mage/notes"
SKILLS_DIR = "mage/skills"
SCRATCH_DIR = ".mage"
LEARNINGS_DIR = ".mage/learnings"
STAGING_DIR = ".mage/staging"
STATE_DIR = ".mage/state"
INDEX_DIR = ".mage/index"
ERRORS_LOG = ".mage/errors.log"
LEDGER_FILE = ".mage/injections.jsonl"
# kept in each checkout's own .mage/ even when a worktree shares the main one's: journals name mage/ files
PER_CHECKOUT = (".mage/journal.json", ".mage/state/host-journal.json")


class KB:
    """The paths of one knowledge base, rooted at its project folder.

    `root` is a Path, `top` the same folder as a str (what the hook path uses).
    A plain immutable class rather than a dataclass: `dataclasses` pulls in
    `inspect`, about 6 ms on every hook run. Making one tells the file guard
    (kb/guard.py) that this folder's mage/ and .mage/ are to be guarded.
    """

    __slots__ = ("top", "_root", "scratch_top")

    def __init__(self, root, scratch_top: str | None = None):
        # scratch_top: the folder whose .mage/ this KB uses, when not its own (a linked git
        # worktree with `scratch: shared`: the main worktree's; see kb/worktree.py)
        object.__setattr__(self, "scratch_top", scratch_top)
        if scratch_top is not None:
            guard.trust(scratch_top)
        if isinstance(root, str):
            object.__setattr__(self, "top", _posix_form(root))
            object.__setattr__(self, "_root", None)  # made on first use of `root`
        else:
            from pathlib import Path

            path = Path(root)
            object.__setattr__(self, "top", str(path))
            object.__setattr__(self, "_root", path)
        guard.trust(self.top)

    def __setattr__(self, name, value):
        raise AttributeError("KB is immutable")

    @property
    def root(self):
        """The project folder, as a Path."""
        if self._root is None:
            from pathlib import Path

            object.__setattr__(self, "_root", Path(self.top))
        return self._root

    def at(self, *parts: str) -> str:
        """A path under the project folder as a str: `kb.at(STATE_DIR, "config.json")`
        (a .mage/ path under the shared scratch folder's, when there is one)."""
        base = self.top
        if self.scratch_top is not None and parts and parts[0].startswith(SCRATCH_DIR):
            base = self.top if "/".join(parts) in PER_CHECKOUT else self.scratch_top
        return "/".join((base.rstrip("/"), *parts))

    @property
    def _scratch_base(self):
        """The folder holding the .mage/ this KB uses, as a Path."""
        if self.scratch_top is None:
            return self.root
        from pathlib import Path

        return Path(self.scratch_top)

    def path_of(self, relative: str):
        """The Path of a project-relative path (`.mage/…` under the shared scratch, if any)."""
        from pathlib import Path

        return Path(self.at(relative))

    def __eq__(self, other):
        return isinstance(other, KB) and other.top == self.top

    def __hash__(self):
        return hash(self.top)

    def __repr__(self):
        return f"KB(root={self.root!r})"

    def __reduce__(self):
        return (KB, (self.top, self.scratch_top))

    # committed files (mage/)
    @property
    def mage_dir(self) -> Path:
        return self.root / MAGE_DIR

    @property
    def config_path(self) -> Path:
        return self.root / CONFIG_FILE

    @property
    def notes_dir(self) -> Path:
        return self.root / NOTES_DIR

    @property
    def skills_dir(self) -> Path:
        return self.root / SKILLS_DIR

    @property
    def index_md(self) -> Path:
        return self.mage_dir / "INDEX.md"

    @property
    def memory_md(self) -> Path:
        return self.mage_dir / "MEMORY.md"

    @property
    def rejected_path(self) -> Path:
        return self.mage_dir / "rejected.jsonl"

    # git-ignored scratch (.mage/)
    @property
    def scratch_dir(self) -> Path:
        return self._scratch_base / SCRATCH_DIR

    @property
    def learnings_dir(self) -> Path:
        return self._scratch_base / LEARNINGS_DIR

    @property
    def staging_dir(self) -> Path:
        return self._scratch_base / STAGING_DIR

    @property
    def index_dir(self) -> Path:
        return self._scratch_base / INDEX_DIR

    @property
    def errors_log(self) -> Path:
        return self._scratch_base / ERRORS_LOG

    @property
    def ledger_path(self) -> Path:
        return self._scratch_base / LEDGER_FILE

    @property
    def metrics_path(self) -> Path:
        return self.scratch_dir / "metrics.json"

    @property
    def state_dir(self) -> Path:
        """Small caches and cursors (config cache, transcript offsets, distill cursor)."""
        return self._scratch_base / STATE_DIR

    @property
    def journal_path(self) -> Path:
        return self.root / PER_CHECKOUT[0]

    def note_path(self, note_id: str) -> Path:
        return self.notes_dir / f"{note_id}.md"

    def draft_path(self, draft_id: str) -> Path:
        return self.staging_dir / f"{draft_id}.md"

    def relative(self, path: Path) -> str:
        """`path` relative to the project root, for messages and git commands."""
        from pathlib import Path

        if self.scratch_top is not None:  # a path in the shared .mage/ is spelled .mage/… all the same
            try:
                return str(Path(path).relative_to(Path(self.scratch_top)))
            except ValueError:
                pass
        try:
            return str(Path(path).relative_to(self.root))
        except ValueError:
            return str(path)


def _posix_form(text: str) -> str:
    """`text` spelled as str(pathlib.PurePosixPath(text)) spells it: no empty or "." parts,
    no trailing slash (so two KBs of one folder compare equal however it was typed)."""
    head = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    body = "/".join(part for part in text.split("/") if part and part != ".")
    return head + body or "."


def is_kb_root(folder: str | os.PathLike) -> bool:
    return os.path.isfile(os.path.join(folder, CONFIG_FILE))


def find_kb_top(start: str | os.PathLike) -> str | None:
    """The first folder from `start` (symlinks resolved) upwards that holds mage/config.yaml, as a str."""
    folder = os.path.realpath(start)
    while True:
        if is_kb_root(folder):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def find_kb_root(start: Path) -> Path | None:
    """The first folder from `start` upwards that holds mage/config.yaml."""
    from pathlib import Path

    top = find_kb_top(start)
    return Path(top) if top is not None else None


def find_kb(start: Path | None = None, explicit: str | os.PathLike | None = None) -> KB:
    """The KB named by `explicit`, else MAGE_KB, else found walking up from `start`."""
    from pathlib import Path

    named = explicit or os.environ.get("MAGE_KB")
    if named:
        root = Path(named).expanduser().resolve()
        if not is_kb_root(root):
            raise KBNotFound(f"no knowledge base at {root} (no mage/config.yaml)",
                             f"run `mage init` in {root}, or point --kb/MAGE_KB at a folder that has one")
        from mage_engine.kb.worktree import with_worktree_scratch

        return with_worktree_scratch(KB(root))
    here = Path(start or os.getcwd())
    root = find_kb_root(here)
    if root is None:
        raise KBNotFound(f"no knowledge base found in {here.resolve()} or any folder above it",
                         "run `mage init` in your project, or pass --kb DIR")
    from mage_engine.kb.worktree import with_worktree_scratch  # `scratch: shared` in a linked worktree

    return with_worktree_scratch(KB(root))
