"""The several-KBs faces: `mage kbs [--confirm]`, `mage move ID --to KB`, and `mage groom --accept ID --to KB`."""

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


@click.command()
@click.option("--confirm", "confirm_them", is_flag=True,
              help="Read the KBs mage/config.yaml's `kbs:` lists outside this project (a person only).")
@kb_option
@json_option
def kbs(confirm_them, kb_dir, as_json):
    """List the knowledge bases this project reads beside its own, and confirm the listed ones.

    The personal KB is always read. A KB that `kbs:` lists outside this
    project's folder is read only once you confirm it on this machine: the
    config is committed, and a cloned repository could list any folder here
    (`../payroll-infra`), whose rules and hints would then reach its sessions.
    The confirmation lives in .mage/state/kbs-confirmed (never committed) and
    holds for this project folder only. The agent cannot confirm.

    \b
    Examples:
      mage kbs                  # what is read, what waits, what is not cloned here
      mage kbs --confirm        # read every listed KB that is cloned here
    """
    from mage_engine.base.errors import MageError
    from mage_engine.grooming.autonomy import current_actor
    from mage_engine.kb.config import load_config
    from mage_engine.kbs.attached import listed_top, unconfirmed
    from mage_engine.kbs.confirmed import confirm, confirmed_tops
    from mage_engine.kbs.status import others_status

    kb = open_kb(kb_dir)
    config = load_config(kb)
    confirmed_now = []
    if confirm_them:
        if current_actor() == "agent":
            raise MageError("confirming which knowledge bases this project reads is refused to the agent",
                            "a person runs `mage kbs --confirm` in their own shell")
        waiting = unconfirmed(kb, config)
        confirm(kb, [entry["top"] for entry in waiting])
        confirmed_now = [entry["path"] for entry in waiting]
    status = others_status(kb, config)
    on_record = confirmed_tops(kb)
    confirmed = [entry["path"] for entry in config.kbs if listed_top(kb, entry["path"]) in on_record]
    if as_json:
        echo_json({**status, "confirmed": confirmed, "confirmed_now": confirmed_now})
        return
    from mage_cli.status_cmd import _print_other_kbs

    for path in confirmed_now:
        click.echo(f"confirmed {path}: read from now on in this project")
    if confirm_them and not confirmed_now:
        click.echo("nothing to confirm: every KB kbs: lists outside this project is confirmed here, or not cloned")
    _print_other_kbs(status)
    if not config.kbs:
        click.echo("kbs:            none listed in mage/config.yaml (docs/scale.md: a team KB shared by several "
                   "repositories)")
