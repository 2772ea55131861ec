"""`mage tui` and `mage demo`: the app on this KB, or on a demo KB built from sample data."""

from pathlib import Path

import click

from mage_cli.common import kb_option, open_kb
from mage_cli.terminal import require_terminal

PANES = ("staging", "notes", "skills", "dials", "recurrence")


@click.command()
@click.option("--pane", type=click.Choice(PANES), default="staging", show_default=True,
              help="The pane the app opens on.")
@kb_option
def tui(pane, kb_dir):
    """Open the grooming app on this knowledge base.

    Five panes, one key each: 1 Staging, 2 Notes, 3 Skills, 4 Dials,
    5 Recurrence. `?` lists every key; ctrl+p searches every command.

    \b
    Example:
      mage tui
      mage tui --pane notes --kb ~/src/acme-api
    """
    kb = open_kb(kb_dir)
    require_terminal("mage tui", "`mage status`, `mage drafts`, `mage notes` and `mage groom --accept ID`")
    from mage_tui.app.mage import run_app

    run_app(kb, pane=pane)


@click.command()
@click.option("--path", "path", type=click.Path(file_okay=False, path_type=Path),
              help="Build the demo KB here (a new or empty folder) and keep it, instead of a temporary one.")
@click.option("--keep", is_flag=True, help="Keep the temporary demo KB when the app closes (else it is removed).")
@click.option("--no-app", is_flag=True, help="Only build the demo KB, print where it is, and keep it.")
def demo(path, keep, no_app):
    """Build a demo knowledge base from bundled sample sessions and open the app on it.

    The demo holds a dozen notes, half a dozen drafts (one nearly duplicates a
    note, one had a secret scrubbed), two skills and three sessions of trail,
    in a git repository with one initial commit, so the git command the app
    prints after an accept works there. Groom the drafts with the keys in the
    footer (`?` lists them all). A temporary demo is removed when the app
    closes, unless --keep (or --path, or --no-app).

    \b
    Example:
      mage demo
      mage demo --keep
      mage demo --path /tmp/acme-demo --no-app
    """
    if not no_app:
        require_terminal("mage demo", "`mage demo --no-app` to build the demo KB and print where it is")
    from mage_engine.demo.lifecycle import DemoSession

    with DemoSession(path, keep=keep or no_app) as session:
        kb = session.built.kb
        _describe(session)
        if no_app:
            click.echo(f"Open it with: mage tui --kb {kb.root}")
            return
        from mage_tui.app.mage import run_app

        run_app(kb, pane="staging")
        notes = sorted(p.name for p in kb.notes_dir.glob("*.md"))
        if session.kept:
            click.echo(f"The demo KB is still at {kb.root}: {len(notes)} notes in {kb.notes_dir}/")
    if not session.kept:
        click.echo("Removed the temporary demo KB (keep the next one with `mage demo --keep`).")


def _describe(session) -> None:
    built, kb = session.built, session.built.kb
    click.echo(f"Demo knowledge base: {kb.root}")
    click.echo(f"  {len(built.notes)} notes, {len(built.drafts)} drafts, {len(built.skills)} skills, "
               f"{len(built.sessions)} sessions of trail")
    click.echo(f"  accepted notes land in {kb.notes_dir}/")
    click.echo("  a git repository with one initial commit" if session.git
               else "  not a git repository (git was not found): the app's git commands will not run here")
    if session.temporary and session.kept:
        click.echo(f"  kept after this command: remove it with `rm -rf {session.temporary}`")
