"""What the KB already holds, without parsing thousands of files each time.

Dedupe needs every note's fingerprint; INDEX.md and MEMORY.md need every
note's id, title, summary, tags, category and dates. Parsing thousands of
notes on every `mage stage` or accept would cost seconds, so these records
are cached in .mage/state/catalog-<folder>.json keyed by each file's name,
mtime and size (kb/snapshot.py, racily clean files included); only changed
files are parsed again.
"""

from pathlib import Path

from mage_engine.grooming.fingerprint import fingerprint
from mage_engine.kb import guard
from mage_engine.kb.layout import KB, catalog_file
from mage_engine.kb.notes import Note, read_note, refused
from mage_engine.kb.snapshot import StatCache
from mage_engine.base.errors import NoteFormatError


def fingerprints(kb: KB, folder: Path, cache_name: str) -> dict:
    """{fingerprint: id} for every parseable file in `folder`."""
    return {r["fp"]: r["id"] for r in records(kb, folder, cache_name) if r.get("fp")}


def light_notes(kb: KB, found: list[dict] | None = None) -> list[Note]:
    """Every parseable note with its summary as body: enough for INDEX.md and MEMORY.md.
    `found`: the notes folder's records already read (one pass serves two callers)."""
    found = records(kb, kb.notes_dir, "notes") if found is None else found
    notes = [Note(id=r["id"], title=r["title"], body=r["summary"], kind=r["kind"], category=r["category"],
                  tags=r["tags"], created=r["created"], updated=r["updated"])
             for r in found if r.get("fp")]
    return sorted(notes, key=lambda n: n.id)


def note_problems(kb: KB) -> list[str]:
    """One line per note file that cannot be parsed (file, line, what is wrong)."""
    return [r["problem"] for r in records(kb, kb.notes_dir, "notes") if r.get("problem")]


def note_warnings(kb: KB) -> list[str]:
    """One line per readable note with something odd about it (an `id:` unlike its file name, an unknown kind)."""
    return [w for r in records(kb, kb.notes_dir, "notes") for w in r.get("warnings", [])]


def note_id_declared(kb: KB, declared: str) -> str | None:
    """The id (file name) of the note whose frontmatter says `id: <declared>`, if one does."""
    for record in records(kb, kb.notes_dir, "notes"):
        if record.get("declared") == declared:
            return record["id"]
    return None


def records(kb: KB, folder: Path, cache_name: str) -> list[dict]:
    """The cached record of every markdown file in `folder`, refreshed where changed."""
    cache = StatCache(kb.path_of(catalog_file(cache_name)), lambda name, kind: _describe(Path(folder) / name, kind))
    return list(cache.records(_markdown_entries(folder)).values())


def note_fingerprints(kb: KB) -> dict:
    return fingerprints(kb, kb.notes_dir, "notes")


def draft_fingerprints(kb: KB) -> dict:
    """Drafts carry their fingerprint in frontmatter (set when staged)."""
    return fingerprints(kb, kb.staging_dir, "drafts")


def _describe(path: Path, kind: str = "file") -> dict:
    if kind != "file":  # a link or a FIFO is listed, never read
        return {"id": path.stem, "fp": None, "problem": str(refused(path, kind))}
    try:
        note = read_note(path)
    except NoteFormatError as problem:
        return {"id": path.stem, "fp": None, "problem": str(problem)}
    stored = (note.draft or {}).get("fingerprint")
    record = {"id": note.id, "fp": stored or fingerprint(note.title, note.body), "title": note.title,
              "summary": note.summary, "kind": note.kind, "category": note.category, "tags": note.tags,
              "created": note.created, "updated": note.updated}
    if note.warnings:
        record["warnings"] = note.warnings
        record["declared"] = note.declared_id
    return record


def _markdown_entries(folder: Path) -> list:
    """(name, kind, stat) of the folder's markdown entries (links listed, not followed)."""
    try:
        listing = guard.entries(folder)
    except OSError:
        return []
    return [(name, kind, stat) for name, kind, stat in listing
            if name.endswith(".md") and not name.startswith(".") and kind != "dir"]
