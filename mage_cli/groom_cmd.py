"""`mage groom`: the app on Staging, or one headless grooming action."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.base.clip import plain
from mage_cli.terminal import require_terminal
from mage_engine.base.errors import MageError
from mage_engine.grooming import groom as engine
from mage_engine.grooming.proposals import approve_proposals, propose
from mage_engine.grooming.redirects import take_redirects
from mage_engine.grooming.undo import undo_last

ACTIONS = ("accept", "accept_all", "reject", "merge", "propose", "approve_proposals", "undo")
# Each option that shapes an action, and the actions it goes with: given alone it is a mistake.
MODIFIERS = {"into": ("merge",), "edit": ("merge",), "reason": ("reject", "propose"), "verdict": ("propose",)}
HEADLESS = "`mage drafts` to list the drafts and `mage groom --accept ID` (or --reject, --merge ID --into NOTE)"


@click.command()
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option("--accept", is_flag=True, help="Accept the named drafts into notes.")
@click.option("--accept-all", is_flag=True, help="Accept every draft in staging.")
@click.option("--reject", is_flag=True, help="Reject the named drafts (they never come back).")
@click.option("--reason", default="", help="Why (for --reject and --propose).")
@click.option("--merge", is_flag=True, help="Merge the named draft into the note given by --into.")
@click.option("--into", "into", metavar="NOTE", help="The note a --merge updates.")
@click.option("--edit", is_flag=True, help="With --merge: open the merged note in $EDITOR before anything is written.")
@click.option("--propose", is_flag=True, help="Propose a verdict for the named draft (the agent, at approver).")
@click.option("--verdict", type=click.Choice(["accept", "reject"]), help="The proposed verdict.")
@click.option("--approve-proposals", is_flag=True, help="Apply every proposal as one batch (a person).")
@click.option("--undo", is_flag=True, help="Take back the last accept, reject or merge, if not committed yet.")
@click.option("--to", "to", metavar="KB", help="With --accept: the KB the notes go to (personal, project, or a kbs: name).")
@kb_option
@json_option
def groom(ids, kb_dir, as_json, into, reason, verdict, edit, to, **flags):
    """Groom drafts into notes: opens the app on Staging, or acts headless.

    Accept and merge rewrite mage/INDEX.md and mage/MEMORY.md and print the git
    command to run after reading the diff; mage never commits. A merge folds
    the draft in section by section (its procedure replaces the note's);
    --edit shows you the result in $EDITOR first. --undo takes back the last
    action until you commit it. What the agent may do depends on the autonomy
    dial (see `mage dial`).

    \b
    Examples:
      mage groom                                  # the app, on Staging
      mage groom --accept pytest-needs-editable-install
      mage groom --accept-all
      mage groom --accept rg-hidden-dotfiles --to personal   # your own KB, for every project
      mage groom --reject flaky-guess --reason "one-off, not a lesson"
      mage groom --merge uv-cache-tip --into gha-uv-cache-key
      mage groom --merge uv-cache-tip --into gha-uv-cache-key --edit
      mage groom --undo                           # take back the last action
      mage groom --propose uv-cache-tip --verdict accept --reason "recurs in CI"
      mage groom --approve-proposals
    """
    chosen = [name for name in ACTIONS if flags.get(name)]
    if len(chosen) > 1:
        raise click.UsageError(f"choose one action, not {' and '.join('--' + c.replace('_', '-') for c in chosen)}")
    if edit and chosen != ["merge"]:
        raise click.UsageError("--edit goes with --merge: mage groom --merge DRAFT --into NOTE --edit")
    if to and chosen not in (["accept"], ["accept_all"]):
        raise click.UsageError("--to goes with --accept: mage groom --accept ID --to personal|project")
    _refuse_stray_options(chosen, ids, as_json, {"into": into, "reason": reason, "verdict": verdict})
    kb = open_kb(kb_dir)
    if not chosen:
        require_terminal("mage groom", HEADLESS)
    imported = take_redirects(kb)
    if to:
        from mage_cli.kbs_cmds import accept_to

        return accept_to(kb, list(ids) if chosen == ["accept"] else None, to, as_json)
    if not chosen:
        return _open_app(kb)
    if chosen == ["undo"]:
        if ids:
            raise click.UsageError("--undo takes no ids: it takes back the last accept, reject or merge")
        result = undo_last(kb).to_json()
    else:
        result = _run(kb, chosen[0], list(ids), into, reason, verdict, edit)
    if as_json:
        echo_json({**result, "redirects_staged": imported})
        return
    _print(result)


def _refuse_stray_options(chosen: list[str], ids, as_json: bool, given: dict) -> None:
    """`mage groom --into x` (no --merge) would open the app and drop the option: a usage error instead."""
    action = chosen[0] if chosen else None
    for name, value in given.items():
        if value and action not in MODIFIERS[name]:
            with_ = " or ".join("--" + a for a in MODIFIERS[name])
            raise click.UsageError(f"--{name} goes with {with_}" + (f", not --{action.replace('_', '-')}" if action else ""))
    if action is None and ids:
        raise click.UsageError("draft ids need an action: --accept, --reject, --merge or --propose")
    if action is None and as_json:
        raise click.UsageError("--json goes with an action (--accept, --reject, …); the app prints no JSON")


def _run(kb, action, ids, into, reason, verdict, edit=False) -> dict:
    if action in ("accept", "reject", "merge", "propose") and not ids:
        raise click.UsageError(f"--{action} needs a draft id (see `mage drafts`)")
    if action == "accept":
        return engine.accept(kb, ids).to_json()
    if action == "accept_all":
        return engine.accept(kb, None).to_json()  # the batch is read under the KB lock
    if action == "reject":
        return engine.reject(kb, ids, reason).to_json()
    if action == "merge":
        if not into or len(ids) != 1:
            raise click.UsageError("use: mage groom --merge DRAFT --into NOTE")
        text = _edited_merge(kb, ids[0], into) if edit else None
        return engine.merge(kb, ids[0], into, text=text).to_json()
    if action == "propose":
        if not verdict or len(ids) != 1:
            raise click.UsageError('use: mage groom --propose DRAFT --verdict accept|reject --reason "why"')
        return {"action": "propose", "proposal": propose(kb, ids[0], verdict, reason)}
    return approve_proposals(kb).to_json()


def _edited_merge(kb, draft_id: str, note_id: str) -> str:
    """The merged note as the person leaves it in $EDITOR; closing without saving cancels."""
    proposed = engine.merge_text(kb, draft_id, note_id)
    try:
        edited = click.edit(proposed, extension=".md", require_save=True)
    except click.ClickException as error:  # the editor would not start, or exited non-zero
        raise MageError(f"merge cancelled: the editor failed ({error.message}); nothing was written",
                        "set $VISUAL or $EDITOR to an editor that works, or merge without --edit") from None
    if edited is None:
        raise MageError("merge cancelled: the editor closed without saving", "nothing was written")
    return edited


def _print(result: dict) -> None:
    if result["action"] == "propose":
        p = result["proposal"]
        click.echo(plain(f"proposed {p['verdict']} for {p['draft']}: {p['reason']}"))
        click.echo("A person approves proposals with `mage groom --approve-proposals` (or key P in `mage groom`).")
        return
    if result["action"] == "undo":
        _print_undo(result)
        return
    for item in result["done"]:
        verb = item.get("verdict") or result["action"]
        target = f" -> mage/notes/{item['note']}.md" if item.get("note") else ""
        click.echo(plain(f"{verb} {item['draft']}{target}"))
    for warning in result.get("warnings", []):
        click.echo(f"warning: {plain(warning)}", err=True)
    if result.get("git_command"):
        click.echo("Nothing is committed. Read the diff, then:")
        click.echo(f"  {result['git_command']}")


def _print_undo(result: dict) -> None:
    for item in result["done"]:
        target = f" (mage/notes/{item['note']}.md)" if item.get("note") else ""
        click.echo(plain(f"undid {item.get('verdict') or item['undid']} of {item['draft']}{target}: the draft is back in staging"))
    click.echo("restored " + ", ".join(result["written"]))
    for warning in result.get("warnings", []):
        click.echo(f"warning: {plain(warning)}", err=True)


def _open_app(kb) -> None:
    from mage_tui.app.mage import run_app

    run_app(kb, pane="staging")
