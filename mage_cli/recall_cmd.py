"""`mage recall QUERY`: search the knowledge base's notes and skills."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb, text_argument, warn_config, warn_unread_notes


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("-n", "limit", type=click.IntRange(1, 200), default=10, show_default=True,
              help="How many results to show.")
@click.option("--logs", "logs", is_flag=True, help="Search the daily logs (mage/logs/) instead of the notes.")
@json_option
@kb_option
def recall(query, limit, logs, as_json, kb_dir):
    """Search the notes (BM25) and print the best matches.

    Each result shows its hint score (0..1, see docs/recall.md: the share of
    the query's information the note holds), id, title, summary and file. The
    search index is brought up to date first, so a note edited by hand is
    found at once; an unreadable index is rebuilt.

    \b
    Example:
      mage recall "alembic concurrent index"
      mage recall -n 3 --json why does the deploy role fail
      mage recall --logs flaky deploy
      pbpaste | mage recall -
    """
    from mage_engine.recall.search.query import recall as run_recall
    from mage_engine.base.clip import clip

    text = _query_text(query)
    kb = open_kb(kb_dir)
    warn_config(kb)
    warnings = []
    if logs:  # the logs have their own search: the notes' index feeds hints, and a log never is one
        from mage_engine.logs.search import search_logs

        hits = search_logs(kb, text, limit=limit)
    else:
        hits = run_recall(kb, text, limit=limit, warnings=warnings)
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    if not logs:
        warn_unread_notes(kb)
    if as_json:
        echo_json(hits)
        return
    if not hits:
        click.echo("no matching log entries" if logs else "no matching notes")
        return
    for hit in hits:
        label = f"[{hit['kb']}] " if hit.get("kb", "project") != "project" else ""
        click.echo(f"{hit['score']:.2f}  {label}{hit['id']}  {clip(hit['title'], 120)}")
        if hit["summary"]:
            click.echo(f"      {clip(hit['summary'], 200)}")
        click.echo(f"      {hit['path']}")


MAX_STDIN_BYTES = 1024 * 1024  # a query read from stdin (`-`): a pasted error or log, not a file dump


def _query_text(query: tuple) -> str:
    """The query's words as text; `-` alone reads it from stdin. An empty query is a usage error."""
    from mage_cli.common import read_input
    from mage_engine.base.errors import MageError

    if query == ("-",):
        text = read_input("-", MAX_STDIN_BYTES + 1)
        if len(text.encode("utf-8", "replace")) > MAX_STDIN_BYTES:
            raise MageError("more than 1 MB of query on stdin", "give the words that matter (a query, an error line)")
    else:
        text = text_argument(" ".join(query))
    if not text.strip():
        raise click.UsageError("give words to search for (or `-` to read them from stdin)")
    return text
