"""`mage redact --install-hook`: a git pre-commit hook that runs `mage redact --check --staged`.

The hook calls mage by absolute path (the `mage` beside the running Python),
so it works from any shell and any git client. mage writes the hook only when
there is none or the one there is its own; another tool's hook is left alone.
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from mage_engine.base.errors import MageError
from mage_engine.kb.atomic import write_text_atomic

MARKER = "# mage-redact-hook"

HOOK_TEMPLATE = """#!/bin/sh
{marker}: refuses a commit that would put a secret into mage/.
# Written by `mage redact --install-hook`; run that again to update it, delete this file to remove it.
exec {command} redact --check --staged --kb {kb}
"""


def mage_command() -> list[str]:
    """The absolute command that runs this mage: the `mage` script beside sys.executable."""
    beside = Path(os.path.abspath(sys.executable)).parent / "mage"
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("mage")
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-c", "from mage_cli.main import main; main()"]


def hook_path(kb, command: list[str]) -> Path:
    """Where git looks for this repository's pre-commit hook (`.git/hooks/pre-commit`).

    With core.hooksPath set, git reads hooks from a folder that other
    repositories or a hook manager may share: mage leaves that to the person.
    """
    shared = _git(kb, "config", "--get", "core.hooksPath")
    if shared:
        raise MageError(f"git reads hooks from core.hooksPath ({shared}) in this repository, not from .git/hooks",
                        f"add `{shlex.join(command)} redact --check --staged --kb {shlex.quote(str(kb.root))}` "
                        "to the pre-commit hook there by hand")
    path = Path(_git(kb, "rev-parse", "--git-path", "hooks/pre-commit"))
    return Path(os.path.normpath(path if path.is_absolute() else kb.root / path))


def _git(kb, *args) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=kb.root, env=git_env(), capture_output=True, text=True, timeout=30)
    except OSError as error:
        raise MageError(f"could not run git: {error}", "install git, then run `mage redact --install-hook` again")
    if done.returncode != 0 and args[0] == "rev-parse":
        raise MageError(f"{kb.root} is not inside a git repository",
                        "run `git init` there first, then `mage redact --install-hook`")
    return done.stdout.strip()


def install_pre_commit_hook(kb, command: list[str] | None = None) -> Path:
    """Write (or update) mage's pre-commit hook; refuse to replace another tool's hook."""
    command = command or mage_command()
    path = hook_path(kb, command)
    if path.exists():
        current = path.read_text(encoding="utf-8", errors="replace")
        if MARKER not in current:
            raise MageError(f"{path} already exists and was not written by mage",
                            "add `mage redact --check --staged` to that hook by hand, or move it away and "
                            "run `mage redact --install-hook` again")
    script = HOOK_TEMPLATE.format(marker=MARKER, command=shlex.join(command),
                                  kb=shlex.quote(str(kb.root)))
    write_text_atomic(path, script)
    path.chmod(0o755)
    return path


def git_env() -> dict:
    """The environment with git's relative path variables made absolute.

    Inside a hook git may export GIT_DIR or GIT_INDEX_FILE relative to the
    hook's folder; git commands run from the KB root must still find them.
    """
    env = dict(os.environ)
    for name in ("GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE", "GIT_OBJECT_DIRECTORY"):
        if env.get(name) and not os.path.isabs(env[name]):
            env[name] = os.path.abspath(env[name])
    return env
