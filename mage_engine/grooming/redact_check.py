"""`mage redact --check`: find secrets in files bound for git under `mage/` (docs/scrub.md).

Everything mage writes is scrubbed on the way in; this check covers a person's
hand edits. It reports where each secret is and what kind, never the secret.
It scans the working tree (every file under the KB's `mage/`, or the paths
given) or, for a pre-commit hook, the staged content git is about to commit.
"""

import subprocess
from pathlib import Path
from typing import NamedTuple

from mage_engine.scrub import find_secrets
from mage_engine.base.errors import MageError
from mage_engine.hosts.git_precommit import git_env

BINARY_SNIFF = 8192
MAX_SCAN_BYTES = 64 * 1024 * 1024  # a bigger file in mage/ is no note a person typed


class Finding(NamedTuple):
    """One secret: the file (relative to the KB root when inside it), its line, its kind."""

    path: str
    line: int
    kind: str


def check_paths(kb, paths=None) -> list[Finding]:
    """Findings in `paths` (files or folders), or in every file under the KB's `mage/` folder."""
    return scan_paths(kb, paths)[0]


def scan_paths(kb, paths=None) -> tuple[list[Finding], int]:
    """(findings, how many files were read) for `check_paths`."""
    from mage_engine.kb import guard

    findings, files = [], _files(kb, paths)
    for path in files:
        try:  # a FIFO, a device or a link in mage/ is skipped, never read or waited on
            data = guard.read_bytes(path, MAX_SCAN_BYTES)
        except guard.Refused:
            continue
        findings += check_bytes(kb.relative(path), data)
    return findings, len(files)


def check_staged(kb) -> list[Finding]:
    """Findings in the staged (index) content of files under the KB's `mage/` folder."""
    return scan_staged(kb)[0]


def scan_staged(kb) -> tuple[list[Finding], int]:
    """(findings, how many staged files were read) for `check_staged`."""
    names = _git(kb, "diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR", "--relative", "--", "mage")
    findings, staged = [], list(filter(None, names.decode("utf-8", "replace").split("\0")))
    for name in staged:
        findings += check_bytes(name, _git(kb, "show", f":./{name}"))
    return findings, len(staged)


def check_bytes(display: str, data: bytes) -> list[Finding]:
    """Findings in one text (`display` names it in each finding); a binary file has none."""
    if b"\0" in data[:BINARY_SNIFF]:
        return []  # images and other binaries: not text a person typed a secret into
    text = data.decode("utf-8", "replace")
    return [Finding(display, line, kind) for line, kind in find_secrets(text)]


def _files(kb, paths) -> list[Path]:
    roots = [Path(p) for p in paths] if paths else [kb.mage_dir]
    files = []
    for root in roots:
        if root.is_dir():
            files += sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink())
        elif root.is_file():
            files.append(root)
        elif paths:
            raise MageError(f"no such file or folder: {root}", "check the path, or run without paths to scan mage/")
    return files


def _git(kb, *args) -> bytes:
    """Run a read-only git command in the KB root; a clear error when git or the repo is missing."""
    try:
        done = subprocess.run(["git", *args], cwd=kb.root, env=git_env(), capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise MageError(f"could not run git: {error}", "install git, or scan the working tree without --staged")
    if done.returncode != 0:
        problem = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise MageError(f"git {args[0]} failed in {kb.root}: {problem[0] if problem else done.returncode}",
                        "run this inside the git repository that holds the knowledge base")
    return done.stdout
