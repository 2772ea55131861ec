"""All-or-nothing changes to several KB files (accept, merge, reject, connect).

A change is computed in full first, then journaled (kb/journal.py) in one
atomic write, the commit point, applied, and the journal removed: the KB ends
fully changed or not at all. The whole change runs under the KB lock, whose
first holder finishes an earlier journal a crash interrupted.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path

from mage_engine.kb.atomic import remove, write_text_atomic
from mage_engine.kb.journal import GROOMING, Scope, apply, check, crash_point, reachable
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock


@dataclass
class Transaction:
    """A set of whole-file writes and deletions applied as one unit."""

    kb: KB
    scope: Scope = GROOMING
    writes: dict = field(default_factory=dict)   # path -> new text
    deletes: list = field(default_factory=list)  # paths to remove
    log: list = field(default_factory=list)      # objects appended to GROOMED_LOG once applied

    def write(self, path: Path, text: str) -> None:
        self.writes[self.kb.relative(path)] = text

    def delete(self, path: Path) -> None:
        self.deletes.append(self.kb.relative(path))

    def commit(self) -> None:
        """Journal, apply, clear: the KB ends fully changed or not at all (under the KB lock)."""
        journal = {"writes": self.writes, "deletes": self.deletes, "log": self.log}
        check(journal, self.scope)
        where = self.scope.journal_path(self.kb)
        with kb_lock(self.kb):
            reachable(self.kb, journal)
            crash_point("before-journal")
            write_text_atomic(where, json.dumps(journal, ensure_ascii=False))
            crash_point("after-journal")
            apply(self.kb, journal)
            remove(where)
