"""Installing the host agent's tools (agent_files/) into a project, and removing exactly them.

Connect plans the writes into its journaled step (kb/transaction.py) and keeps,
in its record, each file's digest as written (`owned`). A file is mage's when
its content is what mage wrote (the digest in the record) or what this mage
would write: never by its name or its `managed_by` mark alone. So:

- absent: written (its missing folders are remembered, for disconnect);
- identical to this mage's text: adopted (a teammate's committed copy);
- mage's earlier text, unchanged since: updated;
- anything else is the person's (their own skill of that name, or mage's copy
  they edited): left alone, with a warning saying mage's tool is not installed.

A path through a symbolic link, or a folder of the person's that holds other
files, is never written into. Disconnect deletes only files whose content is
still what mage wrote, then the folders it created once they are empty.
"""

import os

from mage_engine.hosts.agent_files import digest


def plan_install(kb, plan, change, owned: dict, files: list, created: set) -> None:
    """Plan every (path, text) of `files`; updates `owned` and `created` in place."""
    for rel, text in files:
        path = kb.root / rel
        current, problem = _current(kb, rel)
        if current == text:
            owned[rel] = digest(text)
        elif problem or (current is None and _foreign_folder(kb, rel, created)):
            owned.pop(rel, None)
            change.warn(f"left {rel} alone: {problem or 'its folder holds files of yours'}; "
                        f"mage's {_tool(rel)} is not installed there")
        elif current is None or owned.get(rel) == digest(current):
            created |= _missing_folders(kb, rel)
            plan.write(path, text)
            owned[rel] = digest(text)
            change.did(f"{'installed' if current is None else 'updated'} {rel}")
        else:
            owned.pop(rel, None)
            change.warn(f"left {rel} alone: it is not the copy mage wrote (a file of yours, or mage's, edited); "
                        f"mage's {_tool(rel)} is not installed (rename yours to get mage's)")


def plan_removal(kb, plan, change, owned: dict, files: list, fallback: bool = True) -> None:
    """Plan deleting each file that still holds what mage wrote. With no record at all (`fallback`:
    `.mage/` was deleted), a file holding exactly this mage's text is taken as mage's."""
    known = dict(owned) if owned or not fallback else {rel: digest(text) for rel, text in files}
    for rel in sorted(known):
        current, problem = _current(kb, rel)
        if current is None or problem:
            continue
        if digest(current) == known[rel]:
            plan.delete(kb.root / rel)
            change.did(f"removed {rel}")
        elif owned:
            change.note(f"left {rel}: changed since mage wrote it, so it is yours now")
    owned.clear()


def status(kb, files: list, owned: dict) -> dict:
    """rel -> 'current' (this mage's text), 'stale' (mage's earlier copy), 'missing' or 'foreign'."""
    found = {}
    for rel, text in files:
        current, problem = _current(kb, rel)
        if current == text:
            found[rel] = "current"
        elif problem or (current is not None and owned.get(rel) != digest(current)):
            found[rel] = "foreign"
        else:
            found[rel] = "missing" if current is None else "stale"
    return found


def remove_empty_folders(kb, created: set) -> None:
    """Remove the folders connect created (deepest first) once nothing is left in them."""
    for folder in sorted(created, key=lambda name: -name.count("/")):
        path = kb.root / folder
        if path.is_dir() and not path.is_symlink() and not any(path.iterdir()):
            path.rmdir()


def _current(kb, rel: str) -> tuple:
    """(the file's text or None, why mage may not touch it or '')."""
    path = kb.root / rel
    for parent in _ancestors(rel):
        if (kb.root / parent).is_symlink():
            return None, f"{parent} is a symbolic link"
    if path.is_symlink() or (path.exists() and not path.is_file()):
        return None, "it is not a plain file"
    try:
        return path.read_bytes().decode("utf-8"), ""
    except FileNotFoundError:
        return None, ""
    except (OSError, UnicodeDecodeError) as error:
        return None, f"it cannot be read ({error})"


def _foreign_folder(kb, rel: str, created: set) -> bool:
    """A skill's own folder that exists, holds files, and was not made by mage."""
    folder = os.path.dirname(rel)
    if not folder.startswith((".claude/skills/", ".agents/skills/")) or folder in created:
        return False
    path = kb.root / folder
    return path.is_dir() and any(path.iterdir())


def _missing_folders(kb, rel: str) -> set:
    return {parent for parent in _ancestors(rel) if not (kb.root / parent).exists()}


def _ancestors(rel: str) -> list:
    parts = rel.split("/")[:-1]
    return ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]


def _tool(rel: str) -> str:
    name = rel.rsplit("/", 2)[-2] if rel.endswith("SKILL.md") else os.path.basename(rel).removesuffix(".md")
    return f"{'skill' if rel.endswith('SKILL.md') else 'subagent'} {name}"
