"""The several-KBs faces: `mage move ID --to KB`, and `mage groom --accept ID --to KB`."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.kbs.targets import TARGET_HELP


@click.command()
@click.argument("note_id", metavar="ID")
@click.option("--to", "to", required=True, metavar="KB", help=f"Where the note goes: {TARGET_HELP}.")
@kb_option
@json_option
def move(note_id, to, kb_dir, as_json):
    """Move a note to another knowledge base, keeping its id and its history.

    The note's file goes as it is (its id, created date, origin, tags: only
    `updated` moves); both KBs' INDEX.md and MEMORY.md are rewritten. Nothing
    is committed: the output gives the git command for each KB's repository.

    \b
    Examples:
      mage move rg-hidden-dotfiles --to personal        # a habit of yours, not this project's
      mage move --personal api-test-postgres --to project
    """
    from mage_engine.kbs.targets import target_kb
    from mage_engine.grooming.transfer import move_note

    kb = open_kb(kb_dir)
    target, label = target_kb(kb, to)
    if target == kb:
        raise click.UsageError(f"{note_id} is already in the {label} KB")
    result = move_note(kb, target, note_id, label).to_json()
    if as_json:
        echo_json(result)
        return
    click.echo(f"move {note_id} -> [{label}] {result['written'][0]}")
    _print_tail(result)


def accept_to(kb, ids, to: str, as_json: bool) -> None:
    """`mage groom --accept ID… --to KB` (ids None: every draft)."""
    from mage_engine.grooming import groom as engine
    from mage_engine.grooming.lookup import draft_ids
    from mage_engine.kbs.targets import target_kb
    from mage_engine.grooming.transfer import accept_into

    target, label = target_kb(kb, to)
    if target == kb:
        result = engine.accept(kb, ids).to_json()
    else:
        result = accept_into(kb, target, ids if ids is not None else draft_ids(kb), label=label).to_json()
    if as_json:
        echo_json(result)
        return
    for item, path in zip(result["done"], result["written"]):
        click.echo(f"accept {item['draft']} -> [{label}] {path}")
    _print_tail(result)


def _print_tail(result: dict) -> None:
    for warning in result.get("warnings", []):
        click.echo(f"warning: {warning}", err=True)
    if result.get("git_command"):
        click.echo("Nothing is committed. Read the diff, then:")
        for command in result["git_command"].split(" ; "):
            click.echo(f"  {command}")
