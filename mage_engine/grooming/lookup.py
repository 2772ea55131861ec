"""Finding drafts and notes by id, and saying where a draft went.

A draft's id is its file name in .mage/staging/, a note's its file name in
mage/notes/ (an `id:` in the frontmatter never picks a file; `mage show` also
finds a note by the `id:` it declares). Every groom's transaction appends what it
did to `.mage/state/groomed.jsonl` (a crash replays it with the rest), so a groomer that lost a race (or a person who
runs the same command twice) is told the draft was already accepted, merged
or rejected, and into which note, rather than that it never existed.
"""

from mage_engine.base.errors import NotFound
from mage_engine.grooming import catalog
from mage_engine.kb import guard
from mage_engine.kb.ids import is_safe_id
from mage_engine.kb.layout import KB
from mage_engine.kb.notes import Note, read_note
from mage_engine.kb.layout import GROOMED_LOG



def load_draft(kb: KB, draft_id: str) -> Note:
    """The draft in `.mage/staging/<id>.md`, or NotFound saying where it went."""
    if not is_safe_id(draft_id) or not guard.lexists(kb.draft_path(draft_id)):
        raise NotFound(*gone(kb, draft_id))
    return read_note(kb.draft_path(draft_id))


def load_note(kb: KB, note_id: str) -> Note:
    """The note named `note_id`: its file name, or else the `id:` one note's frontmatter declares.
    The path `mage recall` and the hints print (`mage/notes/<id>.md`) names it too."""
    if note_id.startswith("mage/notes/") and note_id.endswith(".md"):
        note_id = note_id[len("mage/notes/"):-len(".md")]
    if is_safe_id(note_id) and guard.lexists(kb.note_path(note_id)):
        return read_note(kb.note_path(note_id))
    named = catalog.note_id_declared(kb, note_id) if note_id else None
    if named is None:
        raise NotFound(f"no note '{note_id}'", "list notes with `mage notes`")
    return read_note(kb.note_path(named))


def draft_ids(kb: KB) -> list[str]:
    """Ids of the drafts in staging, by name (links and special files are not drafts)."""
    try:
        listing = guard.entries(kb.staging_dir, with_stat=False)
    except OSError:
        return []
    return [name[:-3] for name, kind, _ in listing if kind == "file" and name.endswith(".md")
            and not name.startswith(".")]


def existing_note_names(kb: KB) -> set:
    """The casefolded stems of every entry in mage/notes/ (whatever it is)."""
    try:
        return {name[:-3].casefold() for name, _, _ in guard.entries(kb.notes_dir, with_stat=False) if name.endswith(".md")}
    except OSError:
        return set()


def groomed_entries(result) -> list[dict]:
    """What a groom's transaction logs: one entry per draft it takes out of staging."""
    from mage_engine.kb.clock import utc_now

    return [{"draft": item["draft"], "action": item.get("verdict") or result.action, "note": item.get("note"),
             "at": utc_now()} for item in result.done]


def gone(kb: KB, draft_id: str) -> tuple[str, str]:
    """(what, fix) for a draft that is not in staging: already groomed (and how), or never there."""
    from mage_engine.kb.jsonfiles import read_objects

    last = next((e for e in reversed(read_objects(kb.at(GROOMED_LOG))) if e.get("draft") == draft_id), None)
    if last is None:
        return f"no draft '{draft_id}' in staging", "list drafts with `mage drafts`"
    action = {"accept": "accepted", "merge": "merged", "reject": "rejected"}.get(str(last.get("action")), "groomed")
    into = f" into mage/notes/{last['note']}.md" if action in ("accepted", "merged") and last.get("note") else ""
    return (f"draft '{draft_id}' was already {action}{into}",
            "nothing to do; `mage drafts` lists what still waits")
