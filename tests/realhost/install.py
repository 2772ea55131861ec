"""Install the pinned Claude Code CLI once into a cache shared by every run.

The cache is ${MAGE_REALHOST_CACHE:-~/.cache/mage-realhost}/claude-code-<version>.
A working binary already there is used without node or npm; otherwise npm
installs the package (a file lock keeps parallel runs from racing).
"""

import fcntl
import glob
import os
import platform
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

PACKAGE = "@anthropic-ai/claude-code"
DEFAULT_VERSION = "2.1.328"


class Unavailable(Exception):
    """Claude Code cannot run here; `missing_tools` says whether node/npm are the reason."""

    def __init__(self, message: str, missing_tools: bool = False):
        super().__init__(message)
        self.missing_tools = missing_tools


def cache_root() -> Path:
    named = os.environ.get("MAGE_REALHOST_CACHE")
    return Path(named).expanduser() if named else Path.home() / ".cache" / "mage-realhost"


def version() -> str:
    return os.environ.get("MAGE_REALHOST_CC_VERSION") or DEFAULT_VERSION


@lru_cache(maxsize=None)
def claude_binary(wanted: str | None = None) -> tuple[Path, str]:
    """(path of a working `claude`, its --version line); installs on first use."""
    wanted = wanted or version()
    prefix = cache_root() / f"claude-code-{wanted}"
    found = _find(prefix, wanted)
    if found:
        return found
    missing = [tool for tool in ("node", "npm") if not shutil.which(tool)]
    if missing:
        raise Unavailable(f"real-host tests need {' and '.join(missing)} on PATH to install "
                          f"{PACKAGE}@{wanted} (none cached in {prefix})", missing_tools=True)
    return _install(prefix, wanted)


def _install(prefix: Path, wanted: str) -> tuple[Path, str]:
    prefix.parent.mkdir(parents=True, exist_ok=True)
    with open(prefix.parent / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = _find(prefix, wanted)  # another run may have finished meanwhile
        if found:
            return found
        staging = Path(f"{prefix}.tmp-{os.getpid()}")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        log = prefix.parent / f"install-{wanted}.log"
        command = ["npm", "install", "--no-audit", "--no-fund", "--no-save", "--no-package-lock",
                   "--prefix", str(staging), f"{PACKAGE}@{wanted}"]
        with open(log, "w") as out:
            try:
                code = subprocess.run(command, cwd=staging, stdout=out, stderr=subprocess.STDOUT,
                                      stdin=subprocess.DEVNULL, timeout=900).returncode
            except subprocess.TimeoutExpired:
                code = -1
        if code != 0:
            shutil.rmtree(staging, ignore_errors=True)
            raise Unavailable(f"npm install {PACKAGE}@{wanted} failed (exit {code}): "
                              f"{log.read_text()[-1500:]}")
        shutil.rmtree(prefix, ignore_errors=True)
        staging.rename(prefix)
    found = _find(prefix, wanted)
    if not found:
        raise Unavailable(f"installed {PACKAGE}@{wanted} but found no working `claude` under {prefix}")
    return found


def _find(prefix: Path, wanted: str) -> tuple[Path, str] | None:
    modules = prefix / "node_modules"
    arch = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64"}.get(platform.machine().lower(),
                                                                     platform.machine().lower())
    # npm may skip the postinstall that puts the native binary in .bin; the platform package has it
    native = glob.glob(str(modules / "@anthropic-ai" / f"claude-code-{platform.system().lower()}-{arch}*" / "claude"))
    for candidate in [modules / ".bin" / "claude", *map(Path, sorted(native))]:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            line = _version_line(candidate)
            if line.startswith(wanted):
                return candidate, line
    return None


def _version_line(binary: Path) -> str:
    try:
        done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""
