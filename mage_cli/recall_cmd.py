"""`mage recall QUERY`: search the knowledge base's notes and skills."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("-n", "limit", type=click.IntRange(1, 200), default=10, show_default=True,
              help="How many results to show.")
@json_option
@kb_option
def recall(query, limit, as_json, kb_dir):
    """Search the notes (BM25) and print the best matches.

    Each result shows its hint score (0..1, see docs/recall.md: the share of
    the query's information the note holds), id, title, summary and file. The
    search index is brought up to date first, so a note edited by hand is
    found at once; an unreadable index is rebuilt.

    \b
    Example:
      mage recall "alembic concurrent index"
      mage recall -n 3 --json why does the deploy role fail
    """
    from mage_engine.recall.query import recall as run_recall
    from mage_engine.clip import clip

    kb = open_kb(kb_dir)
    warnings = []
    hits = run_recall(kb, " ".join(query), limit=limit, warnings=warnings)
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        echo_json(hits)
        return
    if not hits:
        click.echo("no matching notes")
        return
    for hit in hits:
        label = f"[{hit['kb']}] " if hit.get("kb", "project") != "project" else ""
        click.echo(f"{hit['score']:.2f}  {label}{hit['id']}  {clip(hit['title'], 120)}")
        if hit["summary"]:
            click.echo(f"      {clip(hit['summary'], 200)}")
        click.echo(f"      {hit['path']}")
