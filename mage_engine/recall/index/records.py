"""One indexed entry per note or skill: its record (what hints and standing
context show) and its searchable text.

A record is a plain dict so it can live in manifest.json and standing.json:
id, title, summary, kind, category, tags, created, updated, path, source.
Skills (`mage/skills/<name>/SKILL.md`, Agent Skills format) get the id
`skill:<name>`; a note id is a slug and never holds a colon.
"""

from pathlib import Path

from mage_engine.base.errors import NoteFormatError
from mage_engine.kb import guard
from mage_engine.kb.notes import MAX_NOTE_BYTES, read_note, summary_of
from mage_engine.recall.index.fastmeta import fast_record


def read_source(root: Path, rel: str) -> tuple[dict, str]:
    """(record, body) for the file at `rel`. Raises NoteFormatError if unreadable."""
    path = Path(root) / rel
    if rel.startswith("mage/skills/"):
        return _skill(path, rel)
    try:
        fast = fast_record(guard.read_text(path, MAX_NOTE_BYTES), path, rel)
    except (OSError, UnicodeDecodeError):
        fast = None  # read_note below says what is wrong with the file (a link, a FIFO, too large)
    if fast is not None:
        return fast
    note = read_note(path)
    record = {"id": note.id, "title": note.title, "summary": note.summary, "kind": note.kind,
              "category": note.category, "tags": list(note.tags), "created": note.created,
              "updated": note.updated, "path": rel, "source": "note"}
    return record, note.body


def _skill(path: Path, rel: str) -> tuple[dict, str]:
    from mage_engine.kb import frontmatter

    try:
        text = guard.read_text(path, MAX_NOTE_BYTES)
    except (OSError, UnicodeDecodeError) as error:
        raise NoteFormatError(path, 1, f"unreadable ({error})")
    data, body, _ = frontmatter.split(text, path)
    name = str(data.get("name") or path.parent.name)
    description = " ".join(str(data.get("description") or "").split())
    record = {"id": f"skill:{name}", "title": name, "summary": description or summary_of(body),
              "kind": "skill", "category": "skills", "tags": [], "created": "", "updated": "",
              "path": rel, "source": "skill"}
    return record, body


# Headings of the note template ("## Procedure", "## Pointers"): every note has them, so
# they say nothing about what one note is about (a prompt asking for a "pointer" cursor
# matched every note with a Pointers section).
TEMPLATE_HEADINGS = frozenset({"procedure", "pointers", "steps", "notes", "evidence", "why", "context",
                               "example", "examples", "references", "see also", "details", "background"})


def searchable(record: dict, body: str) -> dict:
    """The text of each indexed field for one record. `all` holds what the note says (title,
    tags, summary, body without the template's headings); its kind and category are
    metadata, indexed in their own fields, so "rule" or "tools" in a prompt is no evidence."""
    tags = " ".join(record["tags"])
    return {
        "title": record["title"],
        "summary": record["summary"],
        "tags": tags,
        "all": "\n".join([record["title"], tags, record["summary"], without_template_headings(body)]),
    }


def without_template_headings(body: str) -> str:
    """`body` minus the lines that are only a template heading (`## Pointers`)."""
    if "#" not in body:
        return body
    return "\n".join(line for line in body.split("\n")
                     if not (line.startswith("#") and line.lstrip("#").strip().lower() in TEMPLATE_HEADINGS))
