"""`mage retire ID` and `mage restore ID`: archive a note and bring it back."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb


def _report(result: dict, as_json: bool) -> None:
    if as_json:
        echo_json(result)
        return
    click.echo(f"{result['action']}d {result['id']}: {result['from']} -> {result['to']}")
    click.echo(f"review and commit: {result['git_command']}")
    for warning in result["warnings"]:
        click.echo(f"warning: {warning}", err=True)


@click.command()
@click.argument("note_id", metavar="ID")
@kb_option
@json_option
def retire(note_id, kb_dir, as_json):
    """Archive a note: it leaves recall, INDEX.md and MEMORY.md, and stays in mage/archive/.

    The file moves unchanged, so `mage restore ID` brings it back byte for
    byte. `mage maintain` lists notes nobody used in a long time.

    \b
    Example:
      mage retire old-deploy-steps
    """
    from mage_engine.archive.retire import retire as retire_note

    _report(retire_note(open_kb(kb_dir), note_id), as_json)


@click.command()
@click.argument("note_id", metavar="ID")
@kb_option
@json_option
def restore(note_id, kb_dir, as_json):
    """Bring a retired note back from mage/archive/ into the notes, exactly as it was.

    \b
    Example:
      mage restore old-deploy-steps
    """
    from mage_engine.archive.retire import restore as restore_note

    _report(restore_note(open_kb(kb_dir), note_id), as_json)
