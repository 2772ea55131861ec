"""The derived files every accept, merge or `mage index` regenerates: INDEX.md and MEMORY.md.

kb/render_index.py and kb/render_memory.py write the texts from the notes they
are given; this module gives them the notes (from the catalog) and MEMORY.md's
order (usage metrics: usage/ranking.py), so the KB layer knows nothing of usage.
`derived_writes` returns {path: new text} for INDEX.md and MEMORY.md so a
grooming transaction can write them together with the note it changes.
"""

from mage_engine.base.errors import MageError
from mage_engine.grooming.catalog import light_notes, note_problems, note_warnings
from mage_engine.kb import guard
from mage_engine.kb.dials import Config
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.notes import Note
from mage_engine.kb.render_index import render_index
from mage_engine.kb.render_memory import render_memory
from mage_engine.kb.skills import skill_problems
from mage_engine.kb.transaction import Transaction
from mage_engine.recall.index.lifecycle import ensure_fresh, rebuild_index
from mage_engine.usage.ranking import rank_notes


def derived_writes(kb: KB, notes: list[Note], config: Config) -> dict:
    """New INDEX.md and MEMORY.md texts for this set of notes (MEMORY.md's ranked by recorded use),
    scrubbed: both are committed, and the host loads MEMORY.md into the agent's context, so a
    secret in a note's file name, title or summary is not copied into them (`mage redact --check`
    reports it in the note itself, which is the person's to fix). Line by line, sparing the lines
    found clean before (clean_lines.py): an accept changes a line or two of 10,000."""
    from mage_engine.grooming.clean_lines import CleanLines

    clean = CleanLines(kb)
    shown = [clean.note_as_shown(note) for note in notes]  # scrubbed whole, before any clip
    texts = {
        kb.index_md: clean.scrubbed(render_index(shown)),
        kb.memory_md: clean.scrubbed(render_memory(shown, config.budget_lines,
                                                   rank=lambda notes: rank_notes(kb, notes))),
    }
    clean.save()
    return texts


def refresh_search_index(kb: KB) -> str | None:
    """Bring the Tantivy index up to date; returns a warning instead of failing."""
    try:
        ensure_fresh(kb)
    except Exception as error:  # notes are safe on disk; the index rebuilds on next use
        return f"search index not refreshed ({error}); it rebuilds on the next `mage recall`"
    return None


def rebuild_all(kb: KB, config: Config, progress=None) -> dict:
    """`mage index`: re-read every note, rewrite INDEX.md and MEMORY.md, rebuild search.

    Returns {"notes": n, "problems": [one-line strings], "written": [paths], "search": status}.
    """
    from mage_engine.kb.notes import FOLDER_FIX, notes_folder_refused

    refusal = notes_folder_refused(kb)
    if refusal:  # INDEX.md and MEMORY.md are committed: never rewritten as if the notes were gone
        raise MageError(refusal, f"{FOLDER_FIX}; INDEX.md and MEMORY.md were left as they are")
    with kb_lock(kb):  # INDEX.md and MEMORY.md from one view of the notes; the search index has its own lock
        # the catalog re-reads only notes whose mtime or size changed since its last look
        notes, problems = light_notes(kb), note_problems(kb) + note_warnings(kb) + skill_problems(kb)
        tx = Transaction(kb)  # both files or neither: a kill between them would pair a new INDEX.md with an old MEMORY.md
        for path, text in derived_writes(kb, notes, config).items():
            if _changed(path, text):
                tx.write(path, text)
        if tx.writes:
            tx.commit()
    return {"notes": len(notes), "problems": problems, "written": sorted(tx.writes),
            "search": _rebuild_search(kb, progress)}


def _changed(path, text: str) -> bool:
    try:
        return guard.read_text(path, 64 * 1024 * 1024) != text
    except (OSError, UnicodeDecodeError):
        return True  # missing, unreadable, or a link: replaced by a regular file


def _rebuild_search(kb: KB, progress) -> str:
    try:
        rebuild_index(kb, progress=progress)
    except MageError:
        raise
    except Exception as error:  # Tantivy reports a full disk as ValueError("An IO error occurred: …")
        raise MageError(f"the search index could not be written ({error})",
                        "free some disk space (or make .mage/index/ writable), then run `mage index` again") from None
    return "rebuilt"
