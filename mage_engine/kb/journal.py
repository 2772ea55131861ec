"""The journal of a change to several KB files, and how an interrupted one is finished.

A change (kb/transaction.py) is written here in full, in one atomic step: that
write is the commit point. It is then applied file by file (each write itself
atomic) and removed. If the process dies after the commit point, whoever next
takes the KB lock (kb/lock.py) finds the journal and finishes applying it
(`recover`). Applying is idempotent.

The journal sits in git-ignored .mage/, where anyone could have written one,
so each kind of change has its own journal and may touch only its own paths,
spelled relative, without `..`: grooming (`.mage/journal.json`) only mage/
(config.yaml excepted: a journal never sets a dial), .mage/staging/ and its
own undo record;
connecting a host (`.mage/state/host-journal.json`) only the host's files
(.claude/, .agents/, AGENTS.md, .gitignore, connect's record in .mage/state/),
files a cloned repository could commit as they are, so replaying a forged
journal gives it nothing it did not have.
A journal naming anything else is set aside as `journal.refused.json`.

Tests crash the process on purpose with MAGE_TEST_CRASH_AT=<step> (steps:
"before-journal", "after-journal", "after-write-N"); it is inert otherwise.
"""

import json
import os
from pathlib import Path

from mage_engine.base import fastjson
from mage_engine.base.errors import MageError
from mage_engine.kb import guard
from mage_engine.kb.atomic import append_line, move, remove, write_text_atomic
from mage_engine.kb.layout import CONFIG_FILE, GROOMED_LOG, HOST_JOURNAL_FILE, JOURNAL_FILE, JOURNAL_REFUSED_FILE, KB, MAGE_DIR, STAGING_DIR, STATE_DIR, UNDO_FILE

MAX_JOURNAL_BYTES = 256 * 1024 * 1024


class Scope:
    """One kind of change: where its journal lives and which paths it may touch."""

    def __init__(self, journal: str, prefixes: tuple, exact: tuple = (), never: tuple = ()):
        self.journal, self.prefixes, self.exact, self.never = journal, prefixes, exact, never

    def journal_path(self, kb: KB) -> Path:
        return kb.root / self.journal

    def allows(self, path: str) -> bool:
        return (path.startswith(self.prefixes) or path in self.exact) and path not in self.never


GROOMING = Scope(JOURNAL_FILE, (MAGE_DIR + "/", STAGING_DIR + "/"), (UNDO_FILE,), never=(CONFIG_FILE,))
HOST = Scope(HOST_JOURNAL_FILE, (".claude/", ".agents/", STATE_DIR + "/"), (".gitignore", "AGENTS.md"))


def recover(kb: KB, scope: Scope = GROOMING) -> bool:
    """Finish a transaction a crash interrupted (KB lock held). True when one was replayed.

    Raises MageError naming the file when the change cannot be finished (a
    read-only folder, a full disk): nothing may change on a half-applied KB.
    """
    where = scope.journal_path(kb)
    try:
        raw = guard.read_bytes(where, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return False
    except OSError:  # a link or a FIFO where the journal should be (or on its way): not ours
        _set_aside(kb, where)
        return False
    try:
        journal = fastjson.loads(raw)
        check(journal, scope)
    except (ValueError, TypeError, AttributeError):
        # the journal is written atomically, so this one is not ours to trust
        _set_aside(kb, where)
        return False
    apply(kb, journal)
    remove(where)
    return True


def check(journal, scope: Scope) -> None:
    """ValueError unless every path is a plain relative path mage's grooming may change."""
    writes, deletes = journal.get("writes", {}), journal.get("deletes", [])
    if not isinstance(writes, dict) or not isinstance(deletes, list):
        raise ValueError("journal is not {writes: {path: text}, deletes: [path]}")
    for path in [*writes, *deletes]:
        if not _plain(path) or not scope.allows(path):
            raise ValueError(f"journal names a path this change may not touch: {path!r}")
    if not all(isinstance(text, str) for text in writes.values()):
        raise ValueError("journal holds a write that is not text")
    if not isinstance(journal.get("log", []), list):
        raise ValueError("journal log is not a list")


def _plain(path) -> bool:
    """A relative path with no empty, `.` or `..` part, no backslash or NUL."""
    if not isinstance(path, str) or path.startswith("/") or "\\" in path or "\x00" in path:
        return False
    return not any(part in ("", ".", "..") for part in path.split("/"))


def _set_aside(kb: KB, where: Path) -> None:
    """Move a journal mage will not apply out of the way; leave it where even that is refused."""
    try:
        move(where, kb.root / JOURNAL_REFUSED_FILE)
    except OSError:
        try:
            remove(where)
        except OSError:
            pass


def reachable(kb: KB, journal: dict) -> None:
    """Refuse, before anything is journaled, a change whose folder is a link or cannot be made.

    A journal that cannot be applied would stop every later command at recovery
    (a cloned repository whose `.mage/state` is a link would wedge the KB).
    """
    for path in sorted({*journal["writes"], *journal["deletes"]}):
        _do(path, lambda: guard.makedirs(os.path.dirname(kb.at(path))), resumes=False)


def apply(kb: KB, journal: dict) -> None:
    """Write and delete what the journal says, then log the drafts it took out of staging."""
    # paths are relative to the project, so a moved checkout still recovers (`.mage/…` under a
    # worktree's shared scratch folder: kb.path_of)
    for n, (path, text) in enumerate(sorted(journal.get("writes", {}).items()), start=1):
        _do(path, lambda: write_text_atomic(kb.path_of(path), text))
        crash_point(f"after-write-{n}")
    for path in journal.get("deletes", []):
        _do(path, lambda: remove(kb.path_of(path)))
    for entry in journal.get("log", []):
        try:  # local scratch: a lost line costs only a vaguer message later
            append_line(kb.at(GROOMED_LOG), json.dumps(entry, ensure_ascii=False, sort_keys=True))
        except OSError:
            break


def _do(path: str, action, resumes: bool = True) -> None:
    try:
        action()
    except OSError as error:
        if not resumes:
            raise MageError(f"nothing was changed: {path}: {error.strerror or error}",
                            "fix the cause (a linked folder, permissions, disk space) and run the command again") from None
        raise MageError(f"a change to the knowledge base could not be finished: {path}: "
                        f"{error.strerror or error}",
                        "fix the cause (permissions, disk space) and run the command again; "
                        "it resumes where it stopped") from None


def crash_point(step: str) -> None:
    """Tests only: die here when MAGE_TEST_CRASH_AT names this step."""
    if os.environ.get("MAGE_TEST_CRASH_AT") == step:
        os._exit(137)
