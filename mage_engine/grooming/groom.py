"""Groom drafts into notes: accept, reject, merge. Each is one transaction.

Every accept or merge rewrites INDEX.md and MEMORY.md in the same
transaction, refreshes the search index after it, and returns the exact git
command a person would run after reading the diff. Nothing here commits.
Each action reads and changes the KB under the KB lock (kb/lock.py), so two
groomers never work from the same stale view: the later one finds the draft
gone and says it was already accepted or rejected.
"""

from mage_engine.base.errors import MageError, NoteFormatError, NotFound
from mage_engine.grooming import autonomy, catalog
from mage_engine.grooming.git_hint import git_command
from mage_engine.grooming.lookup import (draft_ids, existing_note_names, load_draft, load_note,  # noqa: F401
                                         groomed_entries)
from mage_engine.grooming.derived import derived_writes, refresh_search_index
from mage_engine.grooming.merge import merged_note
from mage_engine.grooming.note_scrub import scrubbed_note
from mage_engine.grooming.rejected import rejections_text
from mage_engine.grooming.result import GroomResult
from mage_engine.grooming.undo import record_undo
from mage_engine.kb.clock import utc_now
from mage_engine.kb.config import load_config
from mage_engine.kb.ids import unique_id
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.notes import Note, parse_note, read_note, render_note, today
from mage_engine.kb.transaction import Transaction
from mage_engine.scrub import scrub
from mage_engine.usage.events import record_accepted


def accept(kb: KB, ids: list[str] | None, actor: str | None = None) -> GroomResult:
    """Turn drafts into notes under mage/notes/ (`ids=None`: every draft in staging)."""
    with kb_lock(kb):
        return _accept(kb, ids, actor)


def _accept(kb: KB, ids, actor) -> GroomResult:
    config = load_config(kb)
    autonomy.require("accept", config.autonomy, actor)
    if ids is None:
        ids = draft_ids(kb)
        if not ids:
            raise MageError("no drafts in staging", "nothing to accept; `mage drafts` lists the batch")
    drafts = [load_draft(kb, draft_id) for draft_id in _unique(ids)]
    if not drafts:
        raise MageError("nothing to accept", "name draft ids, or use --accept-all")
    tx, result, taken = Transaction(kb), GroomResult("accept"), set()
    new_notes = []
    for draft in drafts:
        note = note_from_draft(kb, draft, taken)
        taken.add(note.id)
        tx.write(kb.note_path(note.id), render_note(note))
        tx.delete(kb.draft_path(draft.id))
        new_notes.append(note)
        result.done.append({"draft": draft.id, "note": note.id})
    return _finish(kb, tx, result, config, new_notes, f"mage: accept {_names(new_notes)}")


def note_from_draft(kb: KB, draft: Note, taken: set) -> Note:
    """The note a draft becomes: same fields scrubbed again (whoever edited the draft), no draft block, a free id.

    An id counts as taken when a note's file name differs from it only in
    case: on a case-insensitive disk `Casey.md` and `casey.md` are one file.
    """
    folded = {c.casefold() for c in taken} | existing_note_names(kb)
    exists = lambda c: c.casefold() in folded
    origin = (draft.draft or {}).get("source", draft.origin)
    return scrubbed_note(Note(id=unique_id(draft.id, exists), title=draft.title, body=draft.body, kind=draft.kind,
                              category=draft.category, tags=draft.tags, created=today(), updated=today(),
                              origin=origin, signatures=draft.signatures, extra=dict(draft.extra)))


def reject(kb: KB, ids: list[str], reason: str = "", actor: str | None = None) -> GroomResult:
    """Drop drafts and remember their fingerprints so they never come back."""
    with kb_lock(kb):
        return _reject(kb, ids, reason, actor)


def _reject(kb: KB, ids, reason, actor) -> GroomResult:
    config = load_config(kb)
    autonomy.require("reject", config.autonomy, actor)
    drafts = [load_draft(kb, draft_id) for draft_id in _unique(ids)]
    tx, result = Transaction(kb), GroomResult("reject")
    entries = [rejection_entry(d, reason, actor) for d in drafts]
    tx.write(kb.rejected_path, rejections_text(kb, entries))
    for draft in drafts:
        tx.delete(kb.draft_path(draft.id))
        result.done.append({"draft": draft.id, "note": None})
    tx.log.extend(groomed_entries(result))
    record_undo(kb, tx, result.action, result.done)
    tx.commit()
    result.written = [kb.relative(kb.rejected_path)]
    result.git_command = git_command(result.written, f"mage: reject {_names(drafts)}")
    return result


def rejection_entry(draft: Note, reason: str, actor: str | None) -> dict:
    block = draft.draft or {}
    entry = {"id": draft.id, "title": scrub(draft.title), "fingerprint": block.get("fingerprint"),
             "reason": scrub(reason or ""), "at": utc_now(), "by": actor or autonomy.current_actor()}
    if block.get("signature"):
        entry["signature"] = block["signature"]
    return entry


def merge(kb: KB, draft_id: str, note_id: str, actor: str | None = None, *, text: str | None = None,
          title: str | None = None, summary: str | None = None, steps: str = "replace") -> GroomResult:
    """Fold a draft into an existing note, section by section (mage_engine.grooming.merge).

    The note keeps its id and `updated` moves. `title`, `summary` and `steps`
    shape the merge; `text` (the whole note file, as a person edited it in
    $EDITOR) replaces the computed merge altogether. The draft's text is
    scrubbed again on the way in, whoever edited it.
    """
    with kb_lock(kb):
        return _merge(kb, draft_id, note_id, actor, text, title, summary, steps)


def _merge(kb: KB, draft_id: str, note_id: str, actor, text, title, summary, steps) -> GroomResult:
    config = load_config(kb)
    autonomy.require("merge", config.autonomy, actor)
    draft, note = load_draft(kb, draft_id), load_note(kb, note_id)
    if text is None:
        merged = merged_note(note, scrubbed_note(draft), title=title, summary=summary, steps=steps)
    else:
        merged = edited_note(kb, note, text)
    tx, result = Transaction(kb), GroomResult("merge")
    tx.write(kb.note_path(note.id), render_note(merged))
    tx.delete(kb.draft_path(draft.id))
    result.done.append({"draft": draft.id, "note": note.id})
    return _finish(kb, tx, result, config, [merged], f"mage: merge {draft.id} into {note.id}")


def merge_text(kb: KB, draft_id: str, note_id: str, title: str | None = None, summary: str | None = None,
               steps: str = "replace", on: str | None = None) -> str:
    """The note file a merge would write (for review, or to edit before merging), `updated` set to `on`."""
    draft, note = load_draft(kb, draft_id), load_note(kb, note_id)
    return render_note(merged_note(note, draft, title=title, summary=summary, steps=steps, on=on))


def edited_note(kb: KB, note: Note, text: str) -> Note:
    """The note a person wrote in $EDITOR: parsed (a mistake names its line), scrubbed, its id kept."""
    path = kb.note_path(note.id)
    try:
        edited = parse_note(text, path)
    except NoteFormatError as error:  # the line is the edited text's, not the file on disk
        raise NoteFormatError(f"the merged text for {kb.relative(path)}", error.line, error.problem) from None
    edited.id, edited.path, edited.draft = note.id, path, None  # the file name decides the id, never the text
    return scrubbed_note(edited)  # title, tags, every frontmatter value and the body


def _finish(kb: KB, tx: Transaction, result: GroomResult, config, changed: list[Note], message: str) -> GroomResult:
    notes = {n.id: n for n in catalog.light_notes(kb)}
    notes.update({n.id: n for n in changed})
    derived = derived_writes(kb, sorted(notes.values(), key=lambda n: n.id), config)
    for path, text in derived.items():
        tx.write(path, text)
    tx.log.extend(groomed_entries(result))
    record_undo(kb, tx, result.action, result.done)
    tx.commit()
    result.written = [kb.relative(kb.note_path(n.id)) for n in changed] + [kb.relative(p) for p in derived]
    result.git_command = git_command(result.written, message)
    warning = refresh_search_index(kb)
    if warning:
        result.warnings.append(warning)
    _record_accepted(kb, changed)
    return result


def _record_accepted(kb: KB, notes: list[Note]) -> None:
    try:
        record_accepted(kb, [n.id for n in notes])
    except Exception:
        pass  # metrics are local and advisory


def _unique(ids) -> list[str]:
    return list(dict.fromkeys(i for i in ids if i))


def _names(notes) -> str:
    ids = [n.id for n in notes]
    return ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
