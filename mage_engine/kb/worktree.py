"""Git worktrees: each checkout's notes are its own files; `.mage/` is its own unless shared.

In a linked worktree (`git worktree add`), mage/ is that checkout's files as
always, and so by default is .mage/ (trail, staging, index). With

    scratch: shared

in mage/config.yaml, a linked worktree uses the main worktree's .mage/
instead, so drafts and the trail are one across worktrees: a lesson staged
while working in one is groomed from any. The grooming journal stays in each
checkout (it names that checkout's mage/ files).

Only a worktree git itself linked shares: its `.git` file names a folder under the
repository's own `.git/worktrees/`, whose `gitdir` file names this checkout back, and
the main worktree is a knowledge base. A copied tree (a tarball, an archive) can
carry any `.git` file: without that check it could point the hooks' trail, ledger
and index at any folder that has a `.git` in it.

On the hook path: a main checkout (or no git) costs one lstat of `.git`.
"""
from mage_engine.base import fs


def with_worktree_scratch(kb):
    """`kb`, or the same KB using the main worktree's .mage/ when it asks for that."""
    main = main_worktree_top(kb.top)
    if main is None or main == kb.top:
        return kb
    from mage_engine.kb.config import load_config_cached

    if getattr(load_config_cached(kb), "scratch", "own") != "shared":
        return kb
    from mage_engine.kb.layout import KB

    return KB(kb.top, scratch_top=main)


def main_worktree_top(top: str):
    """The main worktree's folder when `top` is a linked worktree's (its `.git` is a file), else None."""
    dot_git = fs.join(top, ".git")
    try:
        if not fs.S_ISREG(fs.lstat(dot_git).st_mode):
            return None
        with open(dot_git, encoding="utf-8") as handle:
            line = handle.read(4096).strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not line.startswith("gitdir:"):
        return None
    gitdir = fs.realpath(fs.join(top, line[len("gitdir:"):].strip()))
    common = _common_dir(gitdir)
    if common is None or fs.basename(common.rstrip("/")) != ".git":
        return None  # a bare repository's worktrees have no main checkout to share with
    if fs.dirname(gitdir) != fs.join(common, "worktrees") or not _names_back(gitdir, dot_git):
        return None  # not a worktree git registered: a `.git` file anyone could have written
    from mage_engine.kb.layout import is_kb_root

    main = fs.realpath(fs.dirname(common.rstrip("/")))
    return main if is_kb_root(main) else None


def _names_back(gitdir: str, dot_git: str) -> bool:
    """Whether the repository's record of the worktree (`<gitdir>/gitdir`) names this checkout's `.git`."""
    try:
        with open(fs.join(gitdir, "gitdir"), encoding="utf-8") as handle:
            named = handle.read(4096).strip()
    except (OSError, UnicodeDecodeError):
        return False
    return bool(named) and fs.realpath(fs.join(gitdir, named)) == fs.realpath(dot_git)


def _common_dir(gitdir: str):
    """The repository's own git folder, from a worktree's `commondir` file."""
    try:
        with open(fs.join(gitdir, "commondir"), encoding="utf-8") as handle:
            common = handle.read(4096).strip()
    except (OSError, UnicodeDecodeError):
        return None
    return fs.realpath(fs.join(gitdir, common))
