"""Where `mage demo` builds its knowledge base, and when that goes away.

The demo KB is a git repository with one initial commit, so the `git add …
&& git commit` line the app prints after an accept works there just as it
would in a real project. That commit is the one mage ever makes, and only
here: in a folder mage itself created for the demo, under its own identity,
with the user's hooks, signing and global config kept out. A temporary demo
is removed when the app closes (or on Ctrl-C) unless it is to be kept; one
built with `--path` stays where it was asked to be.
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from mage_engine.demo.build import KB_NAME, DemoKB, build_demo_kb

GIT_IDENTITY = {"GIT_AUTHOR_NAME": "mage demo", "GIT_AUTHOR_EMAIL": "demo@mage.invalid",
                "GIT_COMMITTER_NAME": "mage demo", "GIT_COMMITTER_EMAIL": "demo@mage.invalid",
                "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
FIRST_COMMIT = "demo: the knowledge base as mage demo built it"


class DemoSession:
    """`with DemoSession(path, keep) as demo:` builds the demo KB; leaving removes a temporary one.

    `demo.built` is the DemoKB, `demo.git` says whether it became a repository,
    `demo.kept` whether it outlives the session.
    """

    def __init__(self, path: Path | None = None, keep: bool = False, now=None):
        self.temporary = None if path else Path(tempfile.mkdtemp(prefix="mage-demo-"))
        self.root = Path(path) if path else self.temporary / KB_NAME
        self.kept = keep or path is not None
        self.now = now
        self.built: DemoKB | None = None
        self.git = False

    def __enter__(self) -> "DemoSession":
        try:
            self.built = build_demo_kb(self.root, now=self.now)
            self.git = make_repository(self.root)
        except BaseException:
            self.remove()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if not self.kept:
            self.remove()

    def remove(self) -> None:
        """Delete the temporary folder (never a --path one)."""
        if self.temporary is not None:
            shutil.rmtree(self.temporary, ignore_errors=True)


def make_repository(root: Path) -> bool:
    """`git init` and one commit of everything not ignored; False when git is not installed."""
    env = {**os.environ, **GIT_IDENTITY}
    steps = (["init", "-q", "-b", "main"], ["add", "-A"],
             ["-c", "commit.gpgsign=false", "-c", f"core.hooksPath={os.devnull}", "commit", "-q", "-m", FIRST_COMMIT])
    try:
        for step in steps:
            subprocess.run(["git", *step], cwd=root, env=env, check=True, capture_output=True, timeout=60)
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired):
        shutil.rmtree(root / ".git", ignore_errors=True)  # half a repository is worse than none
        return False
    return True
