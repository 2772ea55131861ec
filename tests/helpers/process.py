"""`mage` and git run as real processes, the way a person runs them."""

import os
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent
# Hooks and commands must not think the test runner is an agent's shell.
AGENT_ENV_VARS = ("CLAUDECODE", "MAGE_ACTOR", "MAGE_KB", "MAGE_SENSITIVITY", "MAGE_HINT_MIN_SCORE",
                  "MAGE_HINT_COUNT", "MAGE_CAPTURE_MIN_CHARS")


def git(cwd, *args) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def run_mage(*args, cwd=None, env=None, input=None, timeout=60) -> subprocess.CompletedProcess:
    """Run the installed `mage` console script as a user would."""
    full_env = {k: v for k, v in os.environ.items() if k not in AGENT_ENV_VARS}
    full_env.update(env or {})
    return subprocess.run([str(BIN / "mage"), *map(str, args)], cwd=cwd, env=full_env, input=input,
                          capture_output=True, text=True, timeout=timeout)


def wait_for(condition, seconds: float, every: float = 0.05) -> bool:
    """Whether `condition()` comes true within `seconds` (what a detached child the hook forked is doing)."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return False
