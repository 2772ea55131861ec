"""An exclusive flock on one file: the locks of the search index, the usage metrics and their background jobs.

flock locks die with their process, so a crashed holder never leaves a stale
lock behind. The lock file is opened through the file guard: one that is a link
is refused, never followed.
"""

import fcntl
import time

from mage_engine.base import fs


class FileLock:
    """An exclusive flock on `path`, released when its process dies (no stale locks).

    `wait` seconds: 0 means try once (the hook path never waits on a lock).
    """

    def __init__(self, path, wait: float = 0.0):
        self.path = path
        self.wait = wait
        self.handle = None
        self.problem = None  # why the lock file could not be opened (a read-only .mage/), if so

    def acquire(self) -> bool:
        """Take the lock, waiting at most `wait` seconds; False if another process holds it
        or the lock file cannot be opened (`problem` says why)."""
        from mage_engine.kb import guard  # a lock file that is a link is refused, never followed

        try:
            self.handle = guard.open_lock(self.path)
        except OSError as error:
            self.problem = error
            return False
        deadline = time.monotonic() + self.wait
        while True:
            try:
                fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    self.release()
                    return False
                time.sleep(0.01)

    def release(self) -> None:
        """Drop the lock (safe to call twice)."""
        if self.handle is not None:
            fs.close(self.handle)  # closing drops the flock
            self.handle = None
