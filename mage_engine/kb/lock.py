"""The KB lock: one change to mage/ or .mage/staging/ at a time, crash recovery first.

Every change to committed files or to the staging batch (accept, reject,
merge, propose, approve, stage, index, graduate, optimize, a dial, the TUI's
actions) runs inside `with kb_lock(kb):`. The lock is an `fcntl.flock` on
`.mage/kb.lock`, which the kernel drops when its process dies, so a crashed
mage never blocks the next one. A live holder is waited on for at most
MAGE_LOCK_WAIT seconds (default 10), then the caller gets "another mage is
grooming (pid N); retry". Whoever takes the lock first finishes a change a
crash interrupted (`journal.recover`) and clears temporary files that
dead writers left, so every entry point (CLI, TUI, hooks) sees a whole KB
before it changes anything. The lock is re-entrant within a process: an
accept inside an approve, a stage inside a redirect import.
"""

import time

from mage_engine.base import fs
from mage_engine.base.errors import MageError
from mage_engine.kb import guard
from mage_engine.kb.layout import HOST_JOURNAL_FILE, JOURNAL_FILE, KB_LOCK_FILE
DEFAULT_WAIT_SECONDS = 10.0
_held = {}  # KB top -> [fd, depth, owning thread]


class KBBusy(MageError):
    """Another process holds the KB lock beyond the wait."""


def wait_seconds() -> float:
    """How long a command waits for the lock: MAGE_LOCK_WAIT, else 10 s."""
    try:
        return max(0.0, float(fs.getenv("MAGE_LOCK_WAIT", DEFAULT_WAIT_SECONDS)))
    except ValueError:
        return DEFAULT_WAIT_SECONDS


class kb_lock:
    """`with kb_lock(kb):` holds the KB lock (re-entrant in this process); KBBusy after `wait`."""

    def __init__(self, kb, wait: float | None = None, recover: bool = True):
        self.kb = kb
        self.wait = wait_seconds() if wait is None else wait
        self.recover = recover

    def __enter__(self):
        import threading

        me = threading.get_ident()
        held = _held.get(self.kb.top)
        if held is not None and held[2] == me:
            held[1] += 1
            return self
        deadline = time.monotonic() + self.wait
        fd = _take(self.kb, deadline)
        _held[self.kb.top] = [fd, 1, me]
        try:
            if self.recover:
                on_first_hold(self.kb)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        held = _held[self.kb.top]
        held[1] -= 1
        if held[1] == 0:
            del _held[self.kb.top]
            fs.close(held[0])  # closing the descriptor drops the flock
        return False


def _take(kb, deadline: float) -> int:
    """The locked descriptor of .mage/kb.lock, waiting until `deadline`; KBBusy after it."""
    import fcntl

    fd = guard.open_lock(kb.at(KB_LOCK_FILE))
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                holder = _holder(fd)
                fs.close(fd)
                raise KBBusy(f"another mage is grooming (pid {holder}); retry", "run the command again in a moment")
            time.sleep(0.02)
    fs.ftruncate(fd, 0)
    fs.pwrite(fd, f"{fs.getpid()}\n".encode(), 0)
    return fd


def _holder(fd: int) -> str:
    try:
        return fs.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
    except OSError:
        return "unknown"


JOURNALS = (JOURNAL_FILE, HOST_JOURNAL_FILE)  # grooming's journal and connect's (kb/journal.py)


def on_first_hold(kb) -> None:
    """Finish an interrupted change and clear dead writers' temporary files (lock held)."""
    from mage_engine.kb import journal  # only when a change is pending: it loads json, which hooks avoid
    from mage_engine.kb.tmpfiles import sweep_temporaries

    journal.recover(kb, journal.GROOMING)
    journal.recover(kb, journal.HOST)
    sweep_temporaries(kb)


def pending_change(kb) -> bool:
    """A journal is waiting to be applied: an lstat or two, cheap enough for every hook."""
    for journal in JOURNALS:
        try:
            fs.lstat(kb.at(journal))
            return True
        except OSError:
            continue
    return False


def finish_pending(kb, wait: float | None = None) -> str | None:
    """Finish an interrupted change before reading the KB; the problem as one line, or None.

    Every command and the TUI call it on opening a KB, the hooks with a short
    `wait` (they never wait on a live groomer, and a dead one holds no lock).
    Only when a journal is waiting does this take the lock: one lstat otherwise.
    """
    if not pending_change(kb):
        return None
    try:
        with kb_lock(kb, wait=wait):
            return None
    except MageError as error:
        return str(error)
