"""`mage import SOURCE` and `mage export --format cards DIR`: come with your memories, leave with them."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb

SOURCE_HELP = "claude-code | claude-md | cards DIR | cursor | agents-md"


@click.command("import")
@click.argument("source", metavar="SOURCE", type=click.Choice(["claude-code", "claude-md", "cards", "cursor",
                                                               "agents-md"]))
@click.argument("folder", metavar="[DIR]", required=False)
@click.option("--dry-run", is_flag=True, help="Say what would be staged; write nothing.")
@kb_option
@json_option
def import_command(source, folder, dry_run, kb_dir, as_json):
    """Adopt memories written elsewhere as drafts in staging (source `import`), for you to groom.

    \b
    SOURCE is one of:
      claude-code   Claude Code's auto-memory folder for this project
                    (autoMemoryDirectory, else ~/.claude/projects/<project>/memory/)
      claude-md     each section of CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md
      cards DIR     a three-layer memory folder: DIR/cards/*.md, and its daily
                    logs DIR/YYYY-MM-DD.md into mage/logs/
      cursor        .cursor/rules/*.mdc and .cursorrules
      agents-md     AGENTS.md sections (mage's own section left out)
    Everything is scrubbed and deduped against notes, drafts and rejections:
    importing twice stages nothing new. The source files are never changed.

    \b
    Example:
      mage import claude-md --dry-run
      mage import cards ~/old-project/memory
    """
    from mage_engine.adopt.candidate import stage_all
    from mage_engine.adopt.sources import candidates

    if source == "cards" and not folder:
        raise click.UsageError("`mage import cards` needs the folder: mage import cards memory/")
    if source != "cards" and folder:
        raise click.UsageError(f"`mage import {source}` takes no folder (only `cards DIR` does)")
    kb = open_kb(kb_dir)
    rows = stage_all(kb, candidates(kb, source, folder), dry_run)
    logs = []
    if source == "cards":
        from pathlib import Path

        from mage_engine.adopt.card_logs import import_logs

        logs = import_logs(kb, Path(folder).expanduser(), dry_run)
    if as_json:
        echo_json({"source": source, "dry_run": dry_run, "drafts": rows, "logs": logs})
        return
    _print(rows, logs, dry_run)


def _print(rows: list, logs: list, dry_run: bool) -> None:
    if not rows and not logs:
        click.echo("nothing found to import")
    for row in rows:
        where = row.get("id") or (row.get("matched") or {}).get("id") or row.get("reason", "")
        click.echo(f"{row['status']:11}  {row['kind']:10}  {row['title']}  ({row['file']})" + (f" -> {where}" if where else ""))
    for log in logs:
        click.echo(f"{log['status']:11}  log         {log['log']}  ({log['file']})")
    staged = sum(1 for r in rows if r["status"] == "staged")
    if staged:
        click.echo(f"{staged} draft{'s' if staged != 1 else ''} staged: groom them with `mage groom` (or `mage drafts`)")
    elif dry_run and any(r["status"] == "would-stage" for r in rows):
        click.echo("dry run: nothing written")


@click.command()
@click.option("--format", "fmt", type=click.Choice(["cards"]), required=True, help="The layout to write.")
@click.argument("folder", metavar="DIR")
@click.option("--dry-run", is_flag=True, help="List the files that would change; write nothing.")
@kb_option
@json_option
def export(fmt, folder, dry_run, kb_dir, as_json):
    """Write the notes as the three-layer design's cards, with the daily logs and a slim index.

    DIR/cards/<id>.md (topic, category, tags, created, updated, kind), DIR/YYYY-MM-DD.md
    for each daily log, DIR/MEMORY.md listing the cards. Exporting again
    rewrites only what changed. mage/ itself is never the target.

    \b
    Example:
      mage export --format cards ../memory
    """
    from mage_engine.adopt.export_cards import export_cards

    result = export_cards(open_kb(kb_dir), folder, dry_run)
    if as_json:
        echo_json(result)
        return
    verb = "would write" if dry_run else "wrote"
    click.echo(f"{verb} {len(result['written'])} file(s) in {result['folder']} ({result['cards']} cards)")
    for problem in result["problems"]:
        click.echo(f"warning: {problem}", err=True)
