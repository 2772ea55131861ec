"""Where a knowledge base keeps each file, and how commands find it.

A KB is a project folder holding `mage/config.yaml`. Commands find it by
walking up from the current folder, unless `--kb DIR` or `MAGE_KB` names it.
"""

import os
from pathlib import Path

from mage_engine.errors import KBNotFound

CONFIG_RELATIVE = Path("mage") / "config.yaml"


class KB:
    """The paths of one knowledge base, rooted at its project folder.

    A plain immutable class rather than a dataclass: `dataclasses` pulls in
    `inspect`, about 6 ms on every hook run.
    """

    __slots__ = ("root",)

    def __init__(self, root):
        object.__setattr__(self, "root", Path(root))

    def __setattr__(self, name, value):
        raise AttributeError("KB is immutable")

    def __eq__(self, other):
        return isinstance(other, KB) and other.root == self.root

    def __hash__(self):
        return hash(self.root)

    def __repr__(self):
        return f"KB(root={self.root!r})"

    def __reduce__(self):
        return (KB, (self.root,))

    # committed files (mage/)
    @property
    def mage_dir(self) -> Path:
        return self.root / "mage"

    @property
    def config_path(self) -> Path:
        return self.mage_dir / "config.yaml"

    @property
    def notes_dir(self) -> Path:
        return self.mage_dir / "notes"

    @property
    def skills_dir(self) -> Path:
        return self.mage_dir / "skills"

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
        return self.root / ".mage"

    @property
    def learnings_dir(self) -> Path:
        return self.scratch_dir / "learnings"

    @property
    def staging_dir(self) -> Path:
        return self.scratch_dir / "staging"

    @property
    def index_dir(self) -> Path:
        return self.scratch_dir / "index"

    @property
    def errors_log(self) -> Path:
        return self.scratch_dir / "errors.log"

    @property
    def ledger_path(self) -> Path:
        return self.scratch_dir / "injections.jsonl"

    @property
    def metrics_path(self) -> Path:
        return self.scratch_dir / "metrics.json"

    @property
    def state_dir(self) -> Path:
        """Small caches and cursors (config cache, transcript offsets, distill cursor)."""
        return self.scratch_dir / "state"

    @property
    def journal_path(self) -> Path:
        return self.scratch_dir / "journal.json"

    def note_path(self, note_id: str) -> Path:
        return self.notes_dir / f"{note_id}.md"

    def draft_path(self, draft_id: str) -> Path:
        return self.staging_dir / f"{draft_id}.md"

    def relative(self, path: Path) -> str:
        """`path` relative to the project root, for messages and git commands."""
        try:
            return str(Path(path).relative_to(self.root))
        except ValueError:
            return str(path)


def is_kb_root(folder: Path) -> bool:
    return (folder / CONFIG_RELATIVE).is_file()


def find_kb_root(start: Path) -> Path | None:
    """The first folder from `start` upwards that holds mage/config.yaml."""
    folder = Path(start).resolve()
    for candidate in (folder, *folder.parents):
        if is_kb_root(candidate):
            return candidate
    return None


def find_kb(start: Path | None = None, explicit: str | os.PathLike | None = None) -> KB:
    """The KB named by `explicit`, else MAGE_KB, else found walking up from `start`."""
    named = explicit or os.environ.get("MAGE_KB")
    if named:
        root = Path(named).expanduser().resolve()
        if not is_kb_root(root):
            raise KBNotFound(f"no knowledge base at {root} (no mage/config.yaml)",
                             f"run `mage init` in {root}, or point --kb/MAGE_KB at a folder that has one")
        return KB(root)
    here = Path(start or os.getcwd())
    root = find_kb_root(here)
    if root is None:
        raise KBNotFound(f"no knowledge base found in {here.resolve()} or any folder above it",
                         "run `mage init` in your project, or pass --kb DIR")
    return KB(root)
