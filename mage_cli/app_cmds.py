"""`mage tui` and `mage demo`: the app on this KB, or on a demo KB built from sample data."""

import tempfile
from pathlib import Path

import click

from mage_cli.common import kb_option, open_kb

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
    from mage_tui.app import run_app

    run_app(open_kb(kb_dir), pane=pane)


@click.command()
@click.option("--path", "path", type=click.Path(file_okay=False, path_type=Path),
              help="Build the demo KB here (a new or empty folder) instead of a temporary one.")
@click.option("--no-app", is_flag=True, help="Only build the demo KB and print where it is.")
def demo(path, no_app):
    """Build a demo knowledge base from bundled sample sessions and open the app on it.

    The demo holds a dozen notes, half a dozen drafts (one nearly duplicates a
    note, one had a secret scrubbed), two skills and three sessions of trail.
    Groom the drafts with the keys in the footer (`?` lists them all); the
    notes you accept are written under <demo>/mage/notes/.

    \b
    Example:
      mage demo
      mage demo --path /tmp/acme-demo --no-app
    """
    from mage_engine.demo.build import KB_NAME, build_demo_kb

    root = path or Path(tempfile.mkdtemp(prefix="mage-demo-")) / KB_NAME
    built = build_demo_kb(root)
    kb = built.kb
    click.echo(f"Demo knowledge base: {kb.root}")
    click.echo(f"  {len(built.notes)} notes, {len(built.drafts)} drafts, {len(built.skills)} skills, "
               f"{len(built.sessions)} sessions of trail")
    click.echo(f"  accepted notes land in {kb.notes_dir}/")
    if no_app:
        click.echo(f"Open it with: mage tui --kb {kb.root}")
        return
    from mage_tui.app import run_app

    run_app(kb, pane="staging")
    notes = sorted(p.name for p in kb.notes_dir.glob("*.md"))
    click.echo(f"The demo KB is still at {kb.root}: {len(notes)} notes in {kb.notes_dir}/")
