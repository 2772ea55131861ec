"""Which KB a command works on: `--kb`, else MAGE_KB, else the first folder up from here with mage/config.yaml.

Apart from layout.py because the KB found may use another checkout's .mage/
(`scratch: shared` in a linked git worktree, worktree.py), which takes the config.
"""

import os
from pathlib import Path

from mage_engine.base.errors import KBNotFound
from mage_engine.kb.layout import KB, find_kb_root, is_kb_root
from mage_engine.kb.worktree import with_worktree_scratch  # `scratch: shared` in a linked worktree


def find_kb(start: Path | None = None, explicit: str | os.PathLike | None = None) -> KB:
    """The KB named by `explicit`, else MAGE_KB, else found walking up from `start`."""
    named = explicit or os.environ.get("MAGE_KB")
    if named:
        # what named it, for the messages (click reads MAGE_KB into --kb: an equal value came from there)
        given_by = "MAGE_KB" if not explicit or str(explicit) == os.environ.get("MAGE_KB") else "--kb"
        try:
            root = Path(named).expanduser().resolve()
        except (RuntimeError, OSError) as error:  # a symbolic link loop, a name too long
            raise KBNotFound(f"{given_by} names {named}, which cannot be followed ({error})",
                             f"point {given_by} at the project folder that holds mage/") from None
        if not is_kb_root(root):
            raise _not_a_kb(root, given_by)
        return with_worktree_scratch(KB(root))
    here = Path(start or os.getcwd())
    root = find_kb_root(here)
    if root is None:
        raise KBNotFound(f"no knowledge base found in {here.resolve()} or any folder above it",
                         "run `mage init` in your project, or pass --kb DIR")
    return with_worktree_scratch(KB(root))


def _not_a_kb(root: Path, given_by: str) -> KBNotFound:
    """Why the folder `--kb` or MAGE_KB names holds no KB, and what to do, in the user's terms."""
    where = f"{given_by} names {root}"
    point = f"point {given_by} at the project folder that holds mage/" + (
        " (or unset it)" if given_by == "MAGE_KB" else "")
    if not root.exists():
        return KBNotFound(f"{where}, which does not exist", f"check the path, or {point}")
    if not root.is_dir():
        return KBNotFound(f"{where}, which is a file, not a folder", point)
    above = next((folder for folder in list(root.parents)[:2] if is_kb_root(folder)), None)
    if above is not None:  # `--kb proj/mage` or `--kb proj/mage/notes`: the KB's own folders, not a KB
        return KBNotFound(f"{root} is a folder of the knowledge base at {above}, not a knowledge base",
                          f"point {given_by} at {above}")
    return KBNotFound(f"no knowledge base at {root} (no mage/config.yaml; {given_by} names it)",
                      f"run `mage init` in {root}, or {point}")
