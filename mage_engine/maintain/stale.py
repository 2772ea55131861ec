"""Stale notes tied to code: a note whose pointers name files deleted, renamed or much changed since.

A note's pointers are the paths in its `## Pointers` section and the
backticked paths in its body that git knows. "Since" is the last commit that
changed the note file (or, for a note not committed yet, the last commit
before its `updated` date). git is only read (`git log`, `git diff
--numstat`, `git ls-files`); nothing here writes to the repository.
"""

import re
import subprocess

from mage_engine.maintain.proposal import Proposal

CHANGED_LINES = 40      # a pointer changed by this many lines since the note moved on…
CHANGED_SHARE = 0.5     # …or by half its lines (and at least MIN_SHARE_LINES) is "changed a lot"
MIN_SHARE_LINES = 10
_TICKED = re.compile(r"`([^`\s]+)`")
_BULLET_PATH = re.compile(r"^\s*[-*+]\s+`?([^`\s]+)`?", re.M)


def stale_proposals(kb, notes: list) -> list:
    git = _Git(kb.root)
    if not git.ok:
        return []
    found = []
    for note in notes:
        named = pointers(note.body)
        since = git.note_commit(kb.relative(kb.note_path(note.id)), note.updated) if named else None
        if since is None:
            continue
        for path in named:
            evidence = git.what_happened(path, since)
            if evidence:
                found.append(Proposal(f"stale:{note.id}:{path}", "stale", [note.id],
                                      f"{note.id} points at `{path}`, which {evidence[0]}",
                                      [f"`{path}` {line}" for line in evidence] +
                                      [f"the note was last changed in {since[:10]}; check it still holds, "
                                       "then edit it (or retire it)"], {"path": path, "since": since}))
    return found


def pointers(body: str) -> list[str]:
    """Paths a note names: its Pointers section's items and backticked path-like words (deduped, in order)."""
    found = []
    section = re.search(r"(?ims)^##\s+pointers\s*$(.*?)(?=^#{1,2}\s|\Z)", body)
    if section:
        found += _BULLET_PATH.findall(section.group(1))
    found += _TICKED.findall(body)
    paths = [(p[2:] if p.startswith("./") else p).rstrip(".,:;)") for p in found]  # `.github/…` keeps its dot
    return list(dict.fromkeys(p for p in paths if _path_like(p)))


def _path_like(text: str) -> bool:
    return ("/" in text or re.search(r"\.[A-Za-z0-9]{1,6}$", text) is not None) and "://" not in text \
        and not text.startswith(("-", "$", "~")) and ".." not in text.split("/")


class _Git:
    """Read-only questions to git about the project's history."""

    def __init__(self, root):
        self.root = str(root)
        self.ok = self._run("rev-parse", "--is-inside-work-tree") == "true"

    def _run(self, *args) -> str | None:
        try:
            done = subprocess.run(["git", "-C", self.root, "--no-pager", *args], capture_output=True, text=True,
                                  timeout=20, stdin=subprocess.DEVNULL, env=_quiet_env())
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    def note_commit(self, note_path: str, updated: str) -> str | None:
        """The commit the note was last changed in, else the last one before its `updated` day."""
        line = self._run("log", "-1", "--format=%H %cs", "--", note_path)
        if not line and updated:
            line = self._run("log", "-1", "--format=%H %cs", f"--before={updated}T23:59:59", "HEAD")
        return line.split(" ", 1)[1] + " " + line.split(" ", 1)[0] if line else None

    def what_happened(self, path: str, since: str) -> list[str]:
        """Evidence lines when `path` was deleted, renamed or much changed after commit `since`."""
        commit = since.split(" ")[1]
        if self._run("cat-file", "-e", f"{commit}:{path}") is None:
            return []  # not a file at that commit: not a pointer git can judge
        status = self._run("log", "-M", "--format=%h %cs %s", "--name-status", "-1", "--diff-filter=DR",
                           f"{commit}..HEAD", "--", path)
        if status:
            head, *changes = status.splitlines()
            change = next((c for c in changes if c.strip()), "")
            if change.startswith("R"):
                return [f"was renamed to `{change.split()[-1]}` in {head}"]
            return [f"was deleted in {head}"]
        import os

        if not os.path.lexists(os.path.join(self.root, path)):
            return ["is gone from the working tree (deleted, not committed yet)"]
        numstat = self._run("diff", "--numstat", commit, "--", path) or ""
        added, removed = _counts(numstat)
        size = (self._run("show", f"{commit}:{path}") or "").count("\n") + 1
        touched = added + removed
        if touched >= CHANGED_LINES or (touched >= MIN_SHARE_LINES and touched >= CHANGED_SHARE * size):
            last = self._run("log", "-1", "--format=%h %cs %s", f"{commit}..HEAD", "--", path) or "uncommitted"
            return [f"changed a lot (+{added} −{removed} lines of {size}; last in {last})"]
        return []


def _counts(numstat: str) -> tuple[int, int]:
    parts = numstat.split()
    try:
        return int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return 0, 0


def _quiet_env() -> dict:
    import os

    return {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
