"""Per-session capture state: `.mage/state/sessions/<session>.json`, under a short lock.

The state holds the chapter ordinal, whether the chapter was just closed, the
compaction counters, the transcript offset (and what that read ended with), and
`mark`: where the trail ended when a fold's state was last saved (fold.py). Hooks of one event run in
parallel, so every read-modify-write happens under an `fcntl.flock` on
`<session>.lock`. flock locks die with their process, so a crashed hook never
blocks the next one; a live holder is waited on for at most 50 ms, after which
the caller goes on without the lock (fail open) rather than stall the host.
"""

import time

from mage_engine.base import fastjson, fs
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.layout import SESSIONS_DIR

LOCK_WAIT_SECONDS = 0.05


def fresh_state() -> dict:
    """The state of a session mage has not seen before."""
    return {"chapter": 1, "closed": False, "worked": False, "compacting": False, "hook_compactions": 0,
            "transcript_compactions": 0, "transcript": "", "offset": 0, "seen": [], "tx_work": False,
            "tx_boundary": False, "mark": None}


def sessions_dir(kb):
    return kb.path_of(SESSIONS_DIR)


def _session_file(kb, name: str) -> str:
    """`sessions_dir(kb) / name` as a str, for the hook path."""
    return kb.at(SESSIONS_DIR, name)


def load_state(kb, stem: str) -> dict:
    """The saved state, or a fresh one recovered from the end of the trail."""
    saved = read_object(_session_file(kb, f"{stem}.json"))
    if saved is not None:
        return {**fresh_state(), **saved}
    return _recover_from_trail(kb, stem)


def save_state(kb, stem: str, state: dict) -> None:
    """Write the state atomically (temporary file, then rename), without waiting for the disk."""
    from mage_engine.kb.atomic import write_text_atomic

    # not fsynced: a state lost to a power cut is recovered from the trail (below), and a hook must
    # not wait on the disk for it (an fsync costs a spinning or networked disk milliseconds)
    text = fastjson.dumps(state, separators=(",", ":"))
    write_text_atomic(_session_file(kb, f"{stem}.json"), text, durable=False)


def _recover_from_trail(kb, stem: str) -> dict:
    """Continue the chapter numbering of a trail whose state file was deleted (or never written:
    the session's first fold was killed). Folded records are not the hooks' count: the next fold
    reads the transcript again and files them anew, so the last hook line decides."""
    from mage_engine.trail.session_files import live_file

    state = fresh_state()
    last = _last_line(live_file(kb, stem))
    if last:
        try:
            record = fastjson.loads(last)
            state["chapter"] = max(1, int(record.get("chapter", 1)))
            state["closed"] = record.get("event") == "PreCompact"  # a SessionEnd may be resumed
        except (ValueError, TypeError, AttributeError):
            pass
    return state


def _last_line(path, window: int = 65536) -> bytes:
    """The last line of `path` that a hook wrote (not a folded Turn or CompactBoundary)."""
    from mage_engine.kb import guard

    try:
        fd = guard.open_file(path)
        try:
            size = fs.fstat(fd).st_size
            lines = fs.pread(fd, window, max(0, size - window)).splitlines()
        finally:
            fs.close(fd)
    except OSError:
        return b""
    hooked = [line for line in lines if b'"event":"Turn"' not in line and b'"event":"CompactBoundary"' not in line]
    return hooked[-1] if hooked else b""


def session_chapter(kb, session_id: str | None):
    """The session's current chapter ordinal, from its state file, or None (usage events carry it)."""
    if not session_id:
        return None
    try:
        from mage_engine.trail.session_files import session_stem

        return int(read_object(_session_file(kb, f"{session_stem(session_id)}.json")).get("chapter"))
    except Exception:
        return None


class SessionLock:
    """`with SessionLock(kb, stem) as lock:` — `lock.held` says whether it was got in time."""

    def __init__(self, kb, stem: str, wait: float = LOCK_WAIT_SECONDS):
        self.path = _session_file(kb, f"{stem}.lock")
        self.wait = wait
        self.held = False
        self._fd = None

    def __enter__(self):
        try:
            self._fd = self._open()
            self.held = _flock_within(self._fd, self.wait)
        except OSError:
            self.held = False  # read-only or missing .mage/: go on unlocked
        return self

    def __exit__(self, *exc):
        if self._fd is not None:
            fs.close(self._fd)  # closing the descriptor releases the flock
        return False

    def _open(self) -> int:
        from mage_engine.kb import guard  # no link followed: a lock file links nowhere

        return guard.open_lock(self.path)


def _flock_within(fd: int, wait: float) -> bool:
    import fcntl

    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.001)
