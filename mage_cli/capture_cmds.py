"""`mage chapters` and `mage nudge`: the capture trail seen as chapters, and the boundary digest."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb

COLUMNS = ("id", "started", "ended", "prompts", "tools", "failures", "counts")


@click.command()
@kb_option
@json_option
def chapters(kb_dir, as_json):
    """List the chapters of the captured sessions: stretches of work between compactions or session ends.

    A chapter counts for recurrence only with at least 2 work events (prompts
    and tool uses); a bare /compact makes a chapter that does not count.

    \b
    Example:
      mage chapters
      mage chapters --json | jq '.[] | select(.counts) | .id'
    """
    from mage_engine.trail.chapters import list_chapters

    rows = [chapter.summary() for chapter in list_chapters(open_kb(kb_dir))]
    if as_json:
        echo_json(rows)
        return
    if not rows:
        click.echo("no chapters yet: the trail is empty (connect a host: mage connect claude-code)")
        return
    click.echo(_table(rows))


def _table(rows: list) -> str:
    cells = [[_cell(row, column) for column in COLUMNS] for row in rows]
    header = [column.upper() for column in COLUMNS]
    widths = [max(len(line[i]) for line in [header, *cells]) for i in range(len(COLUMNS))]
    return "\n".join("  ".join(text.ljust(width) for text, width in zip(line, widths)).rstrip()
                     for line in [header, *cells])


def _cell(row: dict, column: str) -> str:
    value = row[column]
    if column == "counts":
        return "yes" if value else "no"
    if column == "ended" and not row["closed"]:
        return "(open)"
    if column in ("started", "ended"):
        return str(value)[:19].replace("T", " ")
    return str(value)


@click.command()
@kb_option
@json_option
@click.option("--chapter", "chapter_id", metavar="ID", help="Digest this chapter (SESSION:N) instead of the latest closed one.")
def nudge(kb_dir, as_json, chapter_id):
    """Print the boundary digest of the latest closed chapter and the grooming backlog.

    This is what the SessionStart hook tells the agent after a compaction:
    failures (deduped, with counts), retried commands, the user's corrections,
    files touched, and the drafts waiting. It writes nothing.

    \b
    Example:
      mage nudge
      mage nudge --chapter 558797d7-f894-498f-812c-0540e0f48ce4:2 --json
    """
    from mage_engine.recurrence.nudge import nudge_report

    report = nudge_report(open_kb(kb_dir), chapter_id=chapter_id)
    if as_json:
        echo_json(report)
    elif report["text"]:
        click.echo(report["text"])
    elif report["chapter"] is None:
        click.echo("no closed chapter yet, and nothing waits for grooming")
    else:
        click.echo(f"chapter {report['chapter']['id']}: no failures, retries, corrections or files recorded; "
                   "nothing waits for grooming")
