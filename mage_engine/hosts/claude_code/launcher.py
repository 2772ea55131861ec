"""The command Claude Code runs for each of mage's hooks, and how mage knows that command again.

pip's console-script launcher (`bin/mage-hook`) is a Python file that the
interpreter must find, read and run before mage starts; older pips' template
imports `re` (and with it enum, functools, collections), about half a bare
`python -c pass` on every prompt and tool call. So the personal route runs
this install's interpreter directly:

    <venv>/bin/python -I -S -c 'import sys;sys.path+=[<site-packages>];from mage_engine.hooks import main;main()' EVENT

`-I` keeps PYTHONPATH and the current folder (the project, which anyone may
have cloned) off the import path; `-S` skips `site` and its `.pth` files, and
the program puts back the one folder the hooks import from. That folder is
computed when the hook runs, from the interpreter's own path and version, so
recreating the venv with another Python keeps the command working; only an
editable install's checkout is written literally. `connect` checks the
command can import mage, tantivy and yaml before writing it, and falls back to
the same program with `site` (no `-S`) where it cannot.

The shared route (settings.json, committed) cannot name a path on this
machine: it runs `"$CLAUDE_PROJECT_DIR"/.claude/hooks/mage-hook EVENT`, the
project-relative script in `launcher_script.py`.
"""

import json
import os
import shlex
import subprocess
import sys
from functools import lru_cache

from mage_engine.base.errors import MageError

ENTRY = "from mage_engine.hooks import main;main()"
SITE_PACKAGES = 'sys.executable.rsplit("/",2)[0]+"/lib/python%d.%d/site-packages"%sys.version_info[:2]'
NEEDED = ("mage_engine", "tantivy", "yaml")
SHARED_SCRIPT = ".claude/hooks/mage-hook"
SHARED_PREFIX = '"$CLAUDE_PROJECT_DIR"/' + SHARED_SCRIPT


class Launcher:
    """How a hook command starts mage: the shell words before the event name."""

    def __init__(self, prefix: str, kind: str, interpreter: str | None = None):
        self.prefix = prefix            # the command up to (not including) the event name
        self.kind = kind                # lean (-I -S) | site (-I, or -E -P) | shared (project script)
        self.interpreter = interpreter  # the absolute path the command depends on, if any

    def command(self, event: str) -> str:
        return f"{self.prefix} {event}"


def shared_launcher() -> Launcher:
    """The committed route: a project-relative script that finds mage on whichever machine runs it."""
    return Launcher(SHARED_PREFIX, "shared")


@lru_cache(maxsize=1)
def personal_launcher() -> Launcher:
    """This install's interpreter running mage's entry point: the lean form when it imports everything."""
    interpreter = interpreter_path()
    for kind, flags, program in _candidates():
        if _imports_everything(interpreter, flags, program):
            prefix = " ".join([shlex.quote(interpreter), *flags, "-c", shlex.quote(program)])
            return Launcher(prefix, kind, interpreter)
    raise MageError(f"{interpreter} cannot import mage's hook entry point in a clean process",
                    "reinstall mage from its checkout (`pipx install --force /path/to/mage`, or `make venv` there)")


def interpreter_path() -> str:
    """The Python that runs the hooks: the venv's `bin/python` when mage lives in one."""
    if sys.prefix != sys.base_prefix:
        candidate = os.path.join(sys.prefix, "bin", "python")
        if os.access(candidate, os.X_OK):
            return candidate
    return os.path.abspath(sys.executable)


def _candidates() -> list:
    """(kind, flags, program), cheapest first."""
    if sys.prefix == sys.base_prefix:  # a system Python: its site folders are its own business
        return [("site", ["-E", "-P"], ENTRY)]
    # JSON's string syntax is Python's too, in double quotes: the program stays free of single quotes
    extra = [json.dumps(folder) for folder in _folders_outside_site_packages()]
    lean = f"import sys;sys.path+=[{','.join([SITE_PACKAGES, *extra])}];{ENTRY}"
    return [("lean", ["-I", "-S"], lean), ("site", ["-I"], ENTRY), ("site", ["-E", "-P"], ENTRY)]


def _folders_outside_site_packages() -> list:
    """Import roots of mage and its hook-path dependencies other than the venv's site-packages."""
    import importlib.util

    site_packages = os.path.join(sys.prefix, "lib", f"python{sys.version_info[0]}.{sys.version_info[1]}",
                                 "site-packages")
    folders = []
    for name in NEEDED:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec and spec.origin else ""
        root = os.path.dirname(os.path.dirname(origin))  # .../<root>/<name>/__init__.py
        if root and os.path.realpath(root) != os.path.realpath(site_packages) and root not in folders:
            folders.append(root)
    return folders


def _imports_everything(interpreter: str, flags: list, program: str) -> bool:
    """True when `program`'s path set-up lets a fresh `interpreter` find every module the hooks need."""
    check = program.replace(ENTRY, "import importlib.util as u;sys.exit(0 if all(u.find_spec(n) for n in "
                                   f"{NEEDED!r}) else 3)")
    if not check.startswith("import sys"):
        check = "import sys;" + check
    try:
        done = subprocess.run([interpreter, *flags, "-c", check], cwd="/", capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def is_mage_command(command, event: str) -> bool:
    """True for a command of a shape only mage writes, for `event`.

    Those are: the interpreter running mage's entry point (`... -c '...from
    mage_engine.hooks import main...' EVENT`), the shared project script, and
    an earlier mage's `<absolute path>/mage-hook EVENT`. The shape alone
    proves nothing (a user may run `/usr/local/bin/mage-hook` themselves):
    `wiring.is_mage_group` also asks for the id mage writes on its groups.
    """
    if not isinstance(command, str):
        return False
    if command == f"{SHARED_PREFIX} {event}":
        return True
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    if len(words) < 2 or words[-1] != event or not os.path.isabs(words[0]):
        return False
    if len(words) == 2:
        return os.path.basename(words[0]) == "mage-hook"
    return words[-3] == "-c" and ENTRY in words[-2] and all(w.startswith("-") for w in words[1:-3])


def interpreter_of(command: str) -> str | None:
    """The absolute executable a mage command starts (None for the shared script)."""
    if command.startswith(SHARED_PREFIX):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    return words[0] if words else None
