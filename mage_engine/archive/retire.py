"""`mage retire ID` and `mage restore ID`: a note moves to mage/archive/ and back, byte for byte.

A retired note is the same file under mage/archive/: the search index, INDEX.md
and MEMORY.md read only mage/notes/, so it is out of recall and out of the
always-loaded context, yet still in git and in the person's hands. Each move
is one grooming transaction (kb/transaction.py): the archived copy, the note's
removal and the new INDEX.md and MEMORY.md are journaled together, so a kill
at any step leaves the KB before or after, and the next command finishes it.
The file's bytes are carried as they are (no frontmatter rewrite), so a
round trip is byte-exact.
"""

from mage_engine.base.errors import MageError, NotFound
from mage_engine.grooming import autonomy, catalog
from mage_engine.grooming.git_hint import git_command
from mage_engine.kb import guard
from mage_engine.kb.config import load_config
from mage_engine.kb.ids import is_safe_id
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.notes import MAX_NOTE_BYTES, read_note
from mage_engine.kb.transaction import Transaction
from mage_engine.grooming.derived import derived_writes, refresh_search_index

ARCHIVE_DIR = "mage/archive"


def archive_path(kb: KB, note_id: str):
    return kb.root / ARCHIVE_DIR / f"{note_id}.md"


def archived_ids(kb: KB) -> list[str]:
    """The ids of every retired note, by name (links and special files are not notes)."""
    try:
        listing = guard.entries(kb.root / ARCHIVE_DIR, with_stat=False)
    except OSError:
        return []
    return [name[:-3] for name, kind, _ in listing
            if kind == "file" and name.endswith(".md") and not name.startswith(".")]


def retire(kb: KB, note_id: str, actor: str | None = None) -> dict:
    """Move a note into mage/archive/ and rewrite INDEX.md and MEMORY.md without it."""
    with kb_lock(kb):
        autonomy.require("retire", load_config(kb).autonomy, actor)
        source = _existing(kb.note_path(note_id), note_id, "note", "list notes with `mage notes`")
        if guard.lexists(archive_path(kb, note_id)):
            raise MageError(f"mage/archive/{note_id}.md already exists",
                            f"restore it first (`mage restore {note_id}`) or remove the older copy")
        return _move(kb, note_id, source, archive_path(kb, note_id), leaving=True)


def restore(kb: KB, note_id: str, actor: str | None = None) -> dict:
    """Bring a retired note back into mage/notes/, exactly as it was."""
    with kb_lock(kb):
        autonomy.require("retire", load_config(kb).autonomy, actor)
        source = _existing(archive_path(kb, note_id), note_id, "retired note",
                           "list retired notes with `ls mage/archive/`")
        if guard.lexists(kb.note_path(note_id)):
            raise MageError(f"mage/notes/{note_id}.md exists again",
                            "rename or remove the new note, then restore the retired one")
        return _move(kb, note_id, source, kb.note_path(note_id), leaving=False)


def _existing(path, note_id: str, what: str, fix: str):
    if not is_safe_id(note_id) or not guard.lexists(path):
        raise NotFound(f"no {what} '{note_id}'", fix)
    read_note(path)  # a malformed or refused file is named here, before anything moves
    return path


def _move(kb: KB, note_id: str, source, target, leaving: bool) -> dict:
    text = guard.read_bytes(source, MAX_NOTE_BYTES).decode("utf-8")
    tx = Transaction(kb)
    tx.write(target, text)
    tx.delete(source)
    notes = {n.id: n for n in catalog.light_notes(kb)}
    if leaving:
        notes.pop(note_id, None)
    else:
        notes[note_id] = read_note(source)
    derived = derived_writes(kb, sorted(notes.values(), key=lambda n: n.id), load_config(kb))
    for path, new_text in derived.items():
        tx.write(path, new_text)
    tx.commit()
    written = [kb.relative(source), kb.relative(target)] + [kb.relative(p) for p in derived]
    verb = "retire" if leaving else "restore"
    result = {"action": verb, "id": note_id, "from": kb.relative(source), "to": kb.relative(target),
              "written": written, "git_command": git_command(written, f"mage: {verb} {note_id}"),
              "warnings": []}
    warning = refresh_search_index(kb)
    if warning:
        result["warnings"].append(warning)
    return result
