"""Where a lesson goes: accept a draft into another KB, move a note between KBs.

`accept_into(project, personal, ids)` turns drafts staged in the project into
notes of the personal KB (or of any other KB): the notes are written there,
with that KB's INDEX.md and MEMORY.md, and the drafts leave the project's
staging; the project's INDEX.md is not touched. `move_note` takes a note from
one KB to another keeping its file as it is: the same id, `created`, `origin`
and every other field (its history), only `updated` moved.

Each KB changes in its own transaction (kb/transaction.py), the target's first:
a crash between the two leaves the note accepted and the draft still staged (or
the note in both KBs), never a lesson lost. Both KB locks are held throughout,
taken in a fixed order so two movers never wait on each other.
"""

import shlex
from contextlib import ExitStack

from mage_engine.base.errors import MageError
from mage_engine.grooming import autonomy, catalog
from mage_engine.grooming.groom import GroomResult, note_from_draft
from mage_engine.grooming.lookup import groomed_entries, load_draft, load_note
from mage_engine.grooming.note_scrub import scrubbed_note
from mage_engine.kb.config import load_config
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.notes import render_note, today
from mage_engine.kb.transaction import Transaction
from mage_engine.grooming.derived import derived_writes, refresh_search_index


def accept_into(source, target, ids: list, actor=None, label: str = "") -> GroomResult:
    """Accept the drafts `ids` staged in `source` as notes of `target`."""
    with _locks(source, target):
        autonomy.require("accept", load_config(source).autonomy, actor)
        drafts = [load_draft(source, draft_id) for draft_id in dict.fromkeys(i for i in ids if i)]
        if not drafts:
            raise MageError("nothing to accept", "name draft ids (see `mage drafts`)")
        result, taken, notes = GroomResult("accept"), set(), []
        for draft in drafts:
            note = note_from_draft(target, draft, taken)
            taken.add(note.id)
            notes.append(note)
            result.done.append({"draft": draft.id, "note": note.id, "kb": label})
        _write_notes(target, notes, result, f"mage: accept {', '.join(n.id for n in notes)}")
        leave = Transaction(source)
        for draft in drafts:
            leave.delete(source.draft_path(draft.id))
        leave.log.extend(groomed_entries(result))
        leave.commit()
    _refresh(target, result)
    return result


def move_note(source, target, note_id: str, label: str = "") -> GroomResult:
    """Move the note `note_id` from `source` to `target`, keeping its id and its history."""
    with _locks(source, target):
        note = load_note(source, note_id)
        if target.note_path(note.id).exists():
            raise MageError(f"the {label or 'other'} KB already has a note {note.id}",
                            "merge the two by hand, or retire one, then move again")
        note = scrubbed_note(note)  # into a file committed elsewhere: scrubbed at this gate too
        note.updated = today()
        result = GroomResult("move", done=[{"note": note.id, "kb": label}])
        _write_notes(target, [note], result, f"mage: move {note.id} here")
        away = Transaction(source)
        away.delete(source.note_path(note.id))
        remaining = [n for n in catalog.light_notes(source) if n.id != note.id]
        derived = derived_writes(source, sorted(remaining, key=lambda n: n.id), load_config(source))
        for path, text in derived.items():
            away.write(path, text)
        away.commit()
        gone = [source.relative(source.note_path(note.id)), *(source.relative(p) for p in derived)]
        result.git_command += " ; " + _git_in(source, gone, f"mage: move {note.id} out")
    _refresh(target, result)
    _refresh(source, result)
    return result


def _write_notes(target, notes: list, result: GroomResult, message: str) -> None:
    """Write `notes` into `target` with its INDEX.md and MEMORY.md, in one transaction."""
    tx = Transaction(target)
    for note in notes:
        tx.write(target.note_path(note.id), render_note(note))
    every = {n.id: n for n in catalog.light_notes(target)}
    every.update({n.id: n for n in notes})
    derived = derived_writes(target, sorted(every.values(), key=lambda n: n.id), load_config(target))
    for path, text in derived.items():
        tx.write(path, text)
    tx.commit()
    result.written = [str(target.note_path(n.id)) for n in notes] + [str(p) for p in derived]
    result.git_command = _git_in(target, [target.relative(target.note_path(n.id)) for n in notes]
                                 + [target.relative(p) for p in derived], message)


def _git_in(kb, paths: list, message: str) -> str:
    """The git command to commit `paths` in `kb`'s own repository (`git -C <folder> …`)."""
    folder = shlex.quote(kb.top)
    quoted = " ".join(shlex.quote(p) for p in dict.fromkeys(paths))
    return f"git -C {folder} add {quoted} && git -C {folder} commit -m {shlex.quote(message)}"


def _locks(*kbs):
    stack = ExitStack()
    for kb in sorted(set(kbs), key=lambda kb: kb.top):
        stack.enter_context(kb_lock(kb))
    return stack


def _refresh(kb, result: GroomResult) -> None:
    warning = refresh_search_index(kb)
    if warning:
        result.warnings.append(warning)

