"""Transition notes (`kind: transition`) and the steps procedure notes name.

A transition note says, in its frontmatter, `from` and `to` (step names or the
id of a `kind: procedure` note), `when` (the condition), `do` (the advice) and
`avoid` (the pitfall); its body is prose a person reads. `supersedes: <id>`
names the transition it corrects: the old note keeps its file and history but
is no longer advice. The notes are found through the search index's manifest
(its records carry each note's kind), so only transition and procedure notes
are parsed, however many notes the KB holds.
"""

from mage_engine.kb.layout import PROCEDURE_NOTES_FILE
from mage_engine.terms.step_names import clean_name, step_key

KIND = "transition"
FIELDS = ("from", "to", "when", "do", "avoid")
FIELD_CHARS = 300


def note_records(kb, kinds=(KIND, "procedure"), records: dict | None = None) -> list:
    """Index records (id, title, kind, updated, path) of the notes of `kinds`, sorted by id: from
    `records` when the index build passes them, else from the manifest it wrote."""
    if records is None:
        from mage_engine.kb.jsonfiles import read_object
        from mage_engine.recall.index import store

        manifest = read_object(store.index_file(kb, "manifest.json")) or {}
        records = manifest.get("records") if isinstance(manifest.get("records"), dict) else {}
    found = [r for r in records.values() if isinstance(r, dict) and r.get("source") == "note" and r.get("kind") in kinds]
    return sorted(found, key=lambda r: str(r.get("id", "")))


def load(kb, records: dict | None = None) -> tuple:
    """(transitions, procedure steps {key: name}, problems): every transition note as a dict."""
    from mage_engine.base.errors import NoteFormatError
    from mage_engine.kb.notes import read_note

    transitions, steps, problems = [], {}, []
    records = note_records(kb, records=records)
    procedure_ids = {}
    for record in records:
        if record.get("kind") == "procedure":
            key = step_key(record.get("title", ""))
            if key:
                steps.setdefault(key, clean_name(record.get("title", "")))
                procedure_ids[str(record.get("id"))] = key
    for record in records:
        if record.get("kind") != KIND:
            continue
        try:
            note = read_note(kb.at(str(record.get("path", ""))))
        except NoteFormatError as problem:
            problems.append(str(problem))
            continue
        item = from_note(note, procedure_ids)
        if item["from_key"] and item["to_key"]:
            transitions.append(item)
        else:
            problems.append(f"{record.get('path')}: a transition needs `from` and `to` in its frontmatter")
    _mark_superseded(transitions)
    return transitions, steps, problems


def from_note(note, procedure_ids=None) -> dict:
    """The transition a note states: its fields as text, and the step keys of its ends."""
    procedure_ids = procedure_ids or {}
    item = {"id": note.id, "title": note.title, "updated": note.updated or note.created,
            "supersedes": _text(note.extra.get("supersedes")), "superseded_by": ""}
    for name in FIELDS:
        item[name] = _text(note.extra.get(name))
    for end in ("from", "to"):
        named = item[end]
        item[f"{end}_key"] = procedure_ids.get(named) or step_key(named)
    return item


def _text(value) -> str:
    if value is None or isinstance(value, (dict, list)):
        return ""
    return " ".join(str(value).split())[:FIELD_CHARS]


def _mark_superseded(transitions: list) -> None:
    """A transition another one supersedes stays listed, with who replaced it, and stops being advice."""
    by_id = {item["id"]: item for item in transitions}
    for item in sorted(transitions, key=lambda t: (t["updated"], t["id"])):
        old = by_id.get(item["supersedes"])
        if old is not None and old is not item:
            old["superseded_by"] = item["id"]


def is_advice(item: dict) -> bool:
    return not item.get("superseded_by")


# --- the index build's digest of them (`.mage/index/graph-notes.json`, read by recall/procedure/graph.py)

NOTES_PART = PROCEDURE_NOTES_FILE.rsplit("/", 1)[1]


def notes_key(kb) -> str:
    """Which notes the search index last saw: its generation and fingerprint."""
    from mage_engine.recall.index import store

    stamp = store.read_stamp(kb) or {}
    return f"{stamp.get('generation', '')}:{stamp.get('fingerprint', '')}"


def write_notes_part(kb, records: dict, key: str) -> None:
    """The index build's one call: the transition notes among the `records` it just indexed."""
    from mage_engine.recall.index import store

    try:
        store.write_json(store.index_file(kb, NOTES_PART), notes_part(kb, records, key))
    except Exception:  # the graph must never cost the search index its build
        pass


def notes_part(kb, records: dict | None = None, key: str | None = None) -> dict:
    items, steps, problems = load(kb, records)
    return {"notes_key": key or notes_key(kb), "transitions": items, "note_steps": steps, "problems": problems}
