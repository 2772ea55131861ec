"""All-or-nothing changes to several KB files (accept, merge, reject).

A change is computed in full first, then written to a journal file in one
atomic step: that write is the commit point. The journal is then applied file
by file (each write itself atomic) and removed. If the process dies before the
commit point nothing changed; after it, the next command that opens the KB
finds the journal and finishes applying it (`recover`). Applying is idempotent.

Tests crash the process on purpose with MAGE_TEST_CRASH_AT=<step> (steps:
"before-journal", "after-journal", "after-write-N"); it is inert otherwise.
"""

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.layout import KB


@dataclass
class Transaction:
    """A set of whole-file writes and deletions applied as one unit."""

    kb: KB
    writes: dict = field(default_factory=dict)   # path -> new text
    deletes: list = field(default_factory=list)  # paths to remove

    def write(self, path: Path, text: str) -> None:
        self.writes[self.kb.relative(path)] = text

    def delete(self, path: Path) -> None:
        self.deletes.append(self.kb.relative(path))

    def commit(self) -> None:
        """Journal, apply, clear: the KB ends fully changed or not at all."""
        _crash_point("before-journal")
        journal = {"writes": self.writes, "deletes": self.deletes}
        write_text_atomic(self.kb.journal_path, json.dumps(journal, ensure_ascii=False))
        _crash_point("after-journal")
        _apply(self.kb, journal)
        self.kb.journal_path.unlink(missing_ok=True)


def recover(kb: KB) -> bool:
    """Finish a transaction a crash interrupted. True when one was replayed."""
    try:
        raw = kb.journal_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    try:
        journal = json.loads(raw)
    except ValueError:
        # the journal is written atomically, so this is not ours to trust
        kb.journal_path.unlink(missing_ok=True)
        return False
    _apply(kb, journal)
    kb.journal_path.unlink(missing_ok=True)
    return True


def _apply(kb: KB, journal: dict) -> None:
    # paths are relative to the project, so a moved checkout still recovers
    for n, (path, text) in enumerate(sorted(journal.get("writes", {}).items()), start=1):
        write_text_atomic(kb.root / path, text)
        _crash_point(f"after-write-{n}")
    for path in journal.get("deletes", []):
        (kb.root / path).unlink(missing_ok=True)


def _crash_point(step: str) -> None:
    if os.environ.get("MAGE_TEST_CRASH_AT") == step:
        os._exit(137)
