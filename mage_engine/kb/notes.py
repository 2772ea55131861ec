"""Notes and drafts: one markdown file each, YAML frontmatter, atomic writes.

A draft is a note with a `draft:` block in its frontmatter, kept in
.mage/staging/. Unknown frontmatter keys survive a read-modify-write.

A note's id is its file name: an `id:` in the frontmatter that says otherwise
is reported (`Note.warnings`) and never used to pick a file to write, so an
edited `id:` cannot make a merge overwrite another note or an accept delete
another draft. Files are read through the file guard: a link, a FIFO or a file
over MAX_NOTE_BYTES is one unreadable note, never a hang or a read out of the KB.
"""

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from mage_engine.base import fs
from mage_engine.base.clip import plain
from mage_engine.base.errors import NoteFormatError
from mage_engine.kb import frontmatter, guard
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.clock import iso_date, today  # noqa: F401  (today: re-exported)
from mage_engine.kb.ids import is_safe_id

KINDS = ("lesson", "procedure", "pointer", "rule", "preference", "goal", "fact", "transition")
STANDING_KINDS = ("rule", "preference", "goal")
CATEGORIES = ("system", "human", "infrastructure", "tools", "workflow", "projects",
              "lessons", "security", "models")
ORIGINS = ("lesson", "nudge", "recurrence", "redirect", "import", "log")
KEY_ORDER = ("id", "title", "kind", "category", "tags", "created", "updated", "origin",
             "signatures", "graduated_skill", "draft")
_KNOWN = set(KEY_ORDER)
MAX_NOTE_BYTES = 1024 * 1024  # a note is one topic; a bigger file is refused unread


@dataclass
class Note:
    """One note (or draft): the frontmatter fields mage knows, the body, the rest."""

    id: str
    title: str
    body: str = ""
    kind: str = "lesson"
    category: str = "lessons"
    tags: list = field(default_factory=list)
    created: str = ""
    updated: str = ""
    origin: str = "lesson"
    signatures: list = field(default_factory=list)
    graduated_skill: str | None = None
    draft: dict | None = None
    extra: dict = field(default_factory=dict)
    path: Path | None = None
    warnings: list = field(default_factory=list, compare=False)  # what parse_note accepted with a word
    declared_id: str | None = None                 # the frontmatter's `id:` when it differs from the file name

    @property
    def summary(self) -> str:
        """The first paragraph, on one line: what indexes and hints show."""
        return summary_of(self.body)

    @property
    def is_standing(self) -> bool:
        return self.kind in STANDING_KINDS

    def to_mapping(self) -> dict:
        data = {"id": self.id, "title": self.title, "kind": self.kind, "category": self.category,
                "tags": list(self.tags), "created": _as_date(self.created), "updated": _as_date(self.updated),
                "origin": self.origin, "signatures": list(self.signatures)}
        if self.graduated_skill:
            data["graduated_skill"] = self.graduated_skill
        data.update(self.extra)
        if self.draft is not None:
            data["draft"] = self.draft
        return data


def summary_of(body: str, limit: int = 300) -> str:
    """First prose paragraph of a markdown body, whitespace collapsed, capped."""
    text = first_paragraph(body)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def first_paragraph(body: str) -> str:
    """The first prose paragraph of a markdown body, whitespace collapsed, whole (what a summary is
    cut from: scrubbed before the cut, so a secret is never clipped out of the scrub's sight)."""
    for block in re.split(r"\n\s*\n", body.strip()):
        block = block.strip()
        if block and not block.startswith(("#", "```")):
            return " ".join(block.split())
    return ""


def parse_note(text: str, path: Path | None = None) -> Note:
    """A Note from file text. Raises NoteFormatError naming the file and line."""
    where = path or "<note>"
    data, body, _ = frontmatter.split(text, where)
    note_id, declared = _id_of(data, path, where)
    title = data.get("title")
    if isinstance(title, (bool, int, float, dt.date)):
        title = _as_written(text, "title")  # `title: yes`, `title: 2024`: YAML reads no text, the person wrote one
    if not isinstance(title, str) or not title.strip():
        raise NoteFormatError(where, 2, "missing 'title'")
    shown = plain(where)  # a file name is anyone's text: the warnings quote it defused
    note = Note(
        id=note_id, title=title.strip(), body=body,
        kind=str(data.get("kind") or "lesson"), category=str(data.get("category") or "lessons"),
        tags=_str_list(data.get("tags")), created=_date_str(data.get("created")),
        updated=_date_str(data.get("updated")), origin=str(data.get("origin") or "lesson"),
        signatures=_str_list(data.get("signatures")), graduated_skill=data.get("graduated_skill"),
        draft=data.get("draft") if isinstance(data.get("draft"), dict) else None,
        extra={k: v for k, v in data.items() if k not in _KNOWN}, path=Path(path) if path else None,
        warnings=[f"{shown}: id '{_shown(declared)}' differs from the file name; the note's id is '{plain(note_id)}'"]
        if declared else [], declared_id=declared,
    )
    note.warnings += _value_warnings(note, text, shown)
    return note


def _value_warnings(note: Note, text: str, where) -> list[str]:
    """One line per frontmatter value mage does not know (kept as written, but said)."""
    found = []
    for key, value, allowed in (("kind", note.kind, KINDS), ("category", note.category, CATEGORIES)):
        if value not in allowed:
            found.append(f"{where}:{_key_line(text, key)}: unknown {key} '{_shown(value)}' "
                         f"(allowed: {', '.join(allowed)}); kept as written")
    for key, value in (("created", note.created), ("updated", note.updated)):
        if value and not iso_date(value):
            found.append(f"{where}:{_key_line(text, key)}: {key} '{_shown(value)}' is not a date (write YYYY-MM-DD); "
                         f"kept as written, sorted as undated")
    return found


def _shown(value) -> str:
    """A frontmatter value as a warning quotes it: one line, scrubbed (a warning goes to the terminal
    and to .mage/errors.log; `category: glpat-…` was echoed whole where INDEX.md redacts it)."""
    from mage_engine.scrub import scrub

    return plain(scrub(str(value)))


def _as_written(text: str, key: str) -> str:
    """The text after `key:` on its frontmatter line, without quotes or a trailing comment."""
    line = text.splitlines()[_key_line(text, key) - 1] if f"\n{key}:" in text else ""
    value = line.partition(":")[2].split(" #", 1)[0].strip()
    return value[1:-1] if len(value) > 1 and value[0] == value[-1] and value[0] in "'\"" else value


def _key_line(text: str, key: str) -> int:
    """The 1-based line of a top-level `key:` in the frontmatter (2 when it is not written)."""
    for number, line in enumerate(text.splitlines()[1:], start=2):
        if line.startswith(f"{key}:"):
            return number
        if line.rstrip() == "---":
            break
    return 2


def _id_of(data: dict, path, where) -> tuple[str, str | None]:
    """The note's id (its file name when it has one), and the `id:` given when it disagrees."""
    declared = data.get("id")
    declared = "" if declared is None else str(declared)
    note_id = Path(path).stem if path else declared
    if not is_safe_id(note_id):
        what = "file name" if path else "id"
        raise NoteFormatError(where, 1 if path else 2,
                              f"{what} {note_id!r} is not a safe id (lowercase letters, digits, hyphens)")
    _refuse_secret_id(note_id, where, 1 if path else 2, "file name" if path else "id")
    if path and declared and declared != note_id:
        return note_id, declared
    return note_id, None


def _refuse_secret_id(note_id: str, where, line: int, what: str) -> None:
    """A file named with what looks like a secret (a token pasted as a name) is no note: its id is what
    every listing, hint and INDEX.md line prints. The error names it scrubbed, never as it is."""
    from mage_engine.scrub import scrub

    scrubbed = scrub(note_id)
    if scrubbed != note_id:
        raise NoteFormatError(scrub(str(where)), line, f"its {what} holds what looks like a secret ({scrubbed}); "
                                                       "rename the file")


def render_note(note: Note) -> str:
    """The file text for `note`: deterministic key order, body after the fence."""
    return frontmatter.render(note.to_mapping(), note.body, KEY_ORDER)


def read_note(path: Path) -> Note:
    """The note in the file at `path`; NoteFormatError for anything unreadable or malformed."""
    try:
        text = guard.read_text(path, MAX_NOTE_BYTES)
    except UnicodeDecodeError:
        raise NoteFormatError(path, 1, "not UTF-8 text")
    except guard.Refused as error:
        raise NoteFormatError(path, 1, f"refused: {error}")
    except OSError as error:
        raise NoteFormatError(path, 1, f"unreadable ({error.strerror or error})")
    return parse_note(text, path)


def write_note(path: Path, note: Note) -> None:
    write_text_atomic(path, render_note(note))
    note.path = Path(path)


def load_folder(folder: Path) -> tuple[list[Note], list[NoteFormatError]]:
    """Every parseable note in `folder` (sorted by id) and the problems found.

    A malformed file is reported, never fatal: the rest still load. A link or
    a special file is reported as refused and never read.
    """
    notes, problems = [], []
    try:
        listing = guard.entries(folder, with_stat=False)
    except OSError as error:
        return [], [NoteFormatError(folder, 1, f"refused: {error}")] if isinstance(error, guard.Refused) else []
    for name, kind, _ in listing:
        if name.startswith(".") or not name.endswith(".md"):
            continue
        path = Path(folder) / name
        if kind != "file":
            problems.append(refused(path, kind))
            continue
        try:
            notes.append(read_note(path))
        except NoteFormatError as problem:
            problems.append(problem)
    notes.sort(key=lambda n: n.id)
    return notes, problems


FOLDER_FIX = "make mage/notes a real folder again (move the notes it links to into it)"


def notes_folder_refused(kb) -> str:
    """Why the notes folder itself is refused ('' when it is a folder, or absent): a link in its place
    (or in mage/'s) would have every note read from outside the project, so none is read at all."""
    try:
        fs.close(guard.open_dir(kb.notes_dir))  # walked to as every read is, without listing its notes
    except guard.Refused as error:
        return error.strerror or str(error)
    except OSError:
        pass
    return ""


def refused(path, kind: str) -> NoteFormatError:
    """The problem of a note or draft file that is a link, a folder or a FIFO: listed, never read."""
    what = {"link": "refused: a symbolic link (mage reads no link inside a knowledge base)",
            "dir": "unreadable (a folder)"}.get(kind, "refused: not a regular file (a FIFO, socket or device)")
    return NoteFormatError(path, 1, what)


def _str_list(value) -> list:
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, (list, tuple)):
        return [str(item) for item in value if item is not None]
    return [str(value)]


def _date_str(value) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()[:10] if not isinstance(value, dt.datetime) else value.date().isoformat()
    return str(value) if value else ""


def _as_date(value: str):
    """ISO date strings render as bare YAML dates (2026-11-30), not quoted strings."""
    try:
        return dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        return value
