"""Doctor: can the shared hooks (`.claude/hooks/mage-hook`, committed) find mage on this machine?

That script runs the first mage it finds: `mage-hook` on PATH, then
`~/.local/bin/mage-hook`, then a python3 that imports mage. Without one every
hook reads its payload and does nothing, so running them would only report
symptoms (no JSON at session start, Gate-0 silent). This says the cause, and
the fix, in one line instead.
"""

import os
import shutil
import subprocess
import sys

from mage_engine.doctor.check import Check, fail
from mage_engine.hosts.claude_code.launcher import SHARED_PREFIX, SHARED_SCRIPT
from mage_engine.kb.layout import KB

NAME = "hooks"


def unreachable_mage(kb: KB, commands: dict, env: dict) -> Check | None:
    """A fail when a wired hook runs the shared script and that script would find no mage; else None."""
    if not any(command.startswith(SHARED_PREFIX) for command, _ in commands.values()):
        return None
    if _script_finds_mage(str(kb.root / SHARED_SCRIPT), env):
        return None
    return fail(NAME, "the shared hooks cannot find mage: mage-hook is not on PATH (nor in ~/.local/bin, and no "
                "python3 on PATH imports mage), so every hook would do nothing on this machine", _fix(), shared=True)


def _script_finds_mage(script: str, env: dict) -> bool:
    """The launcher script's own search, in its order."""
    path = env.get("PATH", "")
    for folder in [*path.split(os.pathsep), os.path.join(env.get("HOME", ""), ".local", "bin")]:
        candidate = os.path.join(folder, "mage-hook")
        if folder and os.path.isfile(candidate) and os.access(candidate, os.X_OK) and not _same(candidate, script):
            return True
    python3 = shutil.which("python3", path=path)
    if python3 is None:
        return False
    try:  # from / so the project folder's files are never imported
        return subprocess.run([python3, "-c", "import mage_engine.hooks"], cwd="/", env=env,
                              capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _fix() -> str:
    bin_dir = os.path.dirname(sys.executable)
    on_path = (f", or put this install's bin folder on PATH (export PATH=\"{bin_dir}:$PATH\") before starting "
               "Claude Code") if os.path.isfile(os.path.join(bin_dir, "mage-hook")) else ""
    return f"install mage from its checkout with `pipx install /path/to/mage`{on_path}"
