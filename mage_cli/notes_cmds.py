"""`mage notes`, `mage show`, `mage index`: read the notes, rebuild what derives from them."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.base.clip import plain, plain_block
from mage_engine.grooming.groom import load_note
from mage_engine.kb.config import load_config
from mage_engine.base.errors import MageError
from mage_engine.kb.notes import FOLDER_FIX, load_folder, notes_folder_refused, render_note
from mage_engine.grooming.derived import rebuild_all


@click.command()
@click.option("--category", help="Only notes of this category.")
@click.option("--kind", help="Only notes of this kind.")
@kb_option
@json_option
def notes(category, kind, kb_dir, as_json):
    """List notes: id, kind, category, title (malformed files are reported, not fatal).

    \b
    Example:
      mage notes
      mage notes --kind rule --json
    """
    kb = open_kb(kb_dir)
    refusal = notes_folder_refused(kb)
    if refusal:
        raise MageError(refusal, FOLDER_FIX)
    found, problems = load_folder(kb.notes_dir)
    found = [n for n in found if (not category or n.category == category) and (not kind or n.kind == kind)]
    warnings = [str(p) for p in problems] + [w for n in found for w in n.warnings]
    if as_json:
        echo_json({"notes": [_row(kb, n) for n in found], "problems": [str(p) for p in problems],
                   "warnings": [w for n in found for w in n.warnings]})
        return
    if not found:
        click.echo("No notes yet. Stage a lesson with `mage stage`, then groom it with `mage groom`.")
    for note in found:
        click.echo(f"{plain(note.id)}  {plain(note.kind)}/{plain(note.category)}  {plain(note.title)}")
    for warning in warnings:
        click.echo(f"warning: {plain(warning)}", err=True)


def _row(kb, note) -> dict:
    return {"id": note.id, "title": note.title, "kind": note.kind, "category": note.category,
            "tags": note.tags, "updated": note.updated, "summary": note.summary,
            "path": kb.relative(note.path) if note.path else None}


def _as_written(note) -> str:
    """The note's file as it is on disk (never with defaults the file does not say); the note as
    read if the file cannot be read again (it was just read, through the same guard)."""
    from mage_engine.kb import guard
    from mage_engine.kb.notes import MAX_NOTE_BYTES

    try:
        return guard.read_text(note.path, MAX_NOTE_BYTES)
    except (OSError, UnicodeDecodeError):
        return render_note(note)


@click.command()
@click.argument("note_id", metavar="ID")
@kb_option
@json_option
def show(note_id, kb_dir, as_json):
    """Print one note as its file says it (frontmatter and body); ID or mage/notes/ID.md.

    \b
    Example:
      mage show pytest-needs-editable-install
    """
    kb = open_kb(kb_dir)
    note = load_note(kb, note_id)  # by file name, or by the `id:` a note declares
    try:
        from mage_engine.usage.events import record_opened

        record_opened(kb, [note.id])
    except Exception:
        pass  # metrics are advisory
    if as_json:
        echo_json({**_row(kb, note), "created": note.created, "origin": note.origin, "body": note.body,
                   "warnings": note.warnings})
        return
    click.echo(plain_block(_as_written(note)), nl=False)
    for warning in note.warnings:
        click.echo(f"warning: {plain(warning)}", err=True)


@click.command()
@kb_option
@json_option
def index(kb_dir, as_json):
    """Rebuild the search index, mage/INDEX.md and mage/MEMORY.md from the notes.

    \b
    Example:
      mage index
    """
    kb = open_kb(kb_dir)
    result = rebuild_all(kb, load_config(kb))
    if as_json:
        echo_json(result)
        return
    notes = result["notes"]
    click.echo(f"indexed {notes} note{'' if notes == 1 else 's'}; search index {result['search']}")
    for path in result["written"]:
        click.echo(f"  wrote {path}")
    for problem in result["problems"]:
        click.echo(f"warning: {problem}", err=True)
    if result["written"]:
        from mage_engine.grooming.git_hint import git_command

        click.echo(f"Nothing is committed. Read the diff, then:\n  {git_command(result['written'], 'mage: reindex')}")
