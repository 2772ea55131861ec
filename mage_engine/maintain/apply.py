"""Doing what a proposal proposes, once a person says so (`mage maintain --apply KEY`, the TUI's keys).

A merge folds one note into the other with grooming's section merge and
retires the folded note in the same transaction (both files, INDEX.md and
MEMORY.md together), so it can be undone by hand with `mage restore`. A
retire is `mage retire`; an index entry is pruned by regenerating INDEX.md and
MEMORY.md; a lesson becomes a draft (source `log`) for grooming. Stale notes,
oversized ones and missing summaries are a person's edit: they are dismissed
or fixed, never applied.
"""

from mage_engine.base.errors import MageError


def apply(kb, proposal, actor: str | None = None) -> dict:
    action = proposal.action
    if action == "merge":
        return merge_notes(kb, proposal.data["from"], proposal.data["into"], actor)
    if action == "retire":
        from mage_engine.archive.retire import retire

        return retire(kb, proposal.notes[0], actor)
    if action == "reindex":
        from mage_engine.kb.config import load_config
        from mage_engine.grooming.derived import rebuild_all

        done = rebuild_all(kb, load_config(kb))
        return {"action": "reindex", "written": done["written"]}
    if action == "stage":
        from mage_engine.grooming.stage import stage_draft

        staged = stage_draft(kb, proposal.data["title"], proposal.data["body"], source="log", tags=["log"])
        return {"action": "stage", **staged.to_json()}
    raise MageError(f"'{proposal.key}' is a person's edit, not something mage applies",
                    f"edit the note (`$EDITOR mage/notes/{proposal.notes[0]}.md`), or dismiss it: "
                    f"`mage maintain --dismiss {proposal.key}`" if proposal.notes else "dismiss it")


def merge_notes(kb, from_id: str, into_id: str, actor: str | None = None) -> dict:
    """Fold note `from_id` into `into_id` and retire `from_id`, as one transaction."""
    from mage_engine.archive.retire import archive_path
    from mage_engine.grooming import autonomy, catalog
    from mage_engine.grooming.git_hint import git_command
    from mage_engine.grooming.lookup import load_note
    from mage_engine.grooming.merge import merged_note
    from mage_engine.grooming.note_scrub import scrubbed_note
    from mage_engine.kb import guard
    from mage_engine.kb.config import load_config
    from mage_engine.kb.lock import kb_lock
    from mage_engine.kb.notes import MAX_NOTE_BYTES, render_note
    from mage_engine.kb.transaction import Transaction
    from mage_engine.grooming.derived import derived_writes, refresh_search_index

    with kb_lock(kb):
        config = load_config(kb)
        autonomy.require("merge", config.autonomy, actor)
        source, target = load_note(kb, from_id), load_note(kb, into_id)
        if guard.lexists(archive_path(kb, source.id)):
            raise MageError(f"mage/archive/{source.id}.md already exists", "remove or restore the older copy first")
        merged = merged_note(target, scrubbed_note(source), steps="under")  # two notes: keep both procedures
        tx = Transaction(kb)
        tx.write(kb.note_path(target.id), render_note(merged))
        tx.write(archive_path(kb, source.id), guard.read_bytes(kb.note_path(source.id), MAX_NOTE_BYTES).decode("utf-8"))
        tx.delete(kb.note_path(source.id))
        notes = {n.id: n for n in catalog.light_notes(kb) if n.id != source.id}
        notes[target.id] = merged
        derived = derived_writes(kb, sorted(notes.values(), key=lambda n: n.id), config)
        for path, text in derived.items():
            tx.write(path, text)
        tx.commit()
    written = [kb.relative(kb.note_path(target.id)), kb.relative(kb.note_path(source.id)),
               kb.relative(archive_path(kb, source.id))] + [kb.relative(p) for p in derived]
    warning = refresh_search_index(kb)
    return {"action": "merge", "from": source.id, "into": target.id, "written": written,
            "git_command": git_command(written, f"mage: merge note {source.id} into {target.id}"),
            "warnings": [warning] if warning else []}
