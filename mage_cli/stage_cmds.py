"""`mage stage` and `mage drafts`: put a lesson in staging, see the batch."""

import sys

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb, read_input
from mage_engine.base.clip import plain
from mage_engine.base.errors import MageError
from mage_engine.grooming.drafts import list_drafts
from mage_engine.grooming.stage import MAX_BODY_BYTES, stage_draft
from mage_engine.kb.notes import CATEGORIES, KINDS


@click.command()
@click.option("--title", required=True, help="What was learned, as a short sentence.")
@click.option("--body", help="The lesson; its first paragraph is the summary recall shows.")
@click.option("--body-file", metavar="FILE", type=click.Path(exists=True, dir_okay=False, allow_dash=True),
              help="Read the body from FILE (`-`: standard input).")
@click.option("--kind", type=click.Choice(KINDS), default="lesson", show_default=True)
@click.option("--tags", default="", help="Comma-separated tags, e.g. pytest,packaging.")
@click.option("--category", type=click.Choice(CATEGORIES), default="lessons", show_default=True)
@kb_option
@json_option
def stage(title, body, body_file, kind, tags, category, kb_dir, as_json):
    """Stage a draft lesson for grooming (body from --body, --body-file or stdin).

    The text is scrubbed of secrets before it touches disk (the output names
    each kind redacted), and a draft that repeats a draft, a note or a
    rejected draft is not staged again (exit 0 either way; the output says
    which). A body over about 1,200 characters gets a warning; over 64 KB it
    is refused: one topic per note.

    \b
    Example:
      mage stage --title "Run pytest only after an editable install" \\
        --body "Imports fail under pytest unless the package is installed with pip install -e ." \\
        --kind procedure --tags pytest,packaging --category tools
      git log -1 --format=%b | mage stage --title "Why we pin tantivy" --body-file -
    """
    kb = open_kb(kb_dir)
    text = _body(body, body_file)
    result = stage_draft(kb, title=title, body=text, kind=kind, category=category,
                         tags=[t for t in tags.split(",") if t.strip()])
    if as_json:
        echo_json(result.to_json())
        return
    _print_stage(result)


def _body(body: str | None, body_file: str | None) -> str:
    if body is not None and body_file is not None:
        raise click.UsageError("give --body or --body-file, not both")
    if body is not None:
        return body
    if body_file is None and sys.stdin.isatty():
        raise MageError("no body given", "pass --body TEXT, --body-file F, or pipe the text on stdin")
    # one byte past the limit is enough for stage to refuse it: /dev/zero never fills the memory
    return read_input(body_file or "-", MAX_BODY_BYTES + 1)


def _print_stage(result) -> None:
    if result.status == "staged":
        click.echo(f"staged {result.id}")
        if result.redacted:
            kinds = ", ".join(dict.fromkeys(result.redacted))
            n = len(result.redacted)
            click.echo(f"  redacted {n} secret{'s' if n != 1 else ''} ({kinds}): stored as [REDACTED:kind]")
        if result.nearest:
            click.echo(f"  nearest note: {result.nearest['id']} (similarity {result.nearest['similarity']}); "
                       f"consider `mage groom --merge {result.id} --into {result.nearest['id']}`")
    else:
        matched = result.matched or {}
        reason = f" (reason: {matched['reason']})" if matched.get("reason") else ""
        if matched.get("kind") == "rejected":
            click.echo(f"not staged: rejected before, as '{matched.get('id')}'{reason}")
        else:
            what = {"draft": "an existing draft", "note": "an existing note"}.get(matched.get("kind"), "something")
            click.echo(f"not staged: {result.status} of {what} '{matched.get('id')}'{reason}")
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)


@click.command()
@kb_option
@json_option
def drafts(kb_dir, as_json):
    """List the staging batch: id, kind/source, title, nearest note, proposal.

    \b
    Example:
      mage drafts
      mage drafts --json
    """
    kb = open_kb(kb_dir)
    rows, problems = list_drafts(kb)
    from mage_engine.kbs.suggest_rows import add_suggestions

    add_suggestions(kb, rows)  # "kb": where each draft looks like it belongs, once there is a personal KB
    if as_json:
        echo_json({"drafts": rows, "problems": problems})
        return
    if not rows:
        click.echo("No drafts waiting. The agent stages lessons with `mage stage`.")
    for row in rows:
        near = f"  ~{plain(row['nearest']['id'])} ({row['nearest']['similarity']})" if row.get("nearest") else ""
        proposal = f"  [proposed {row['proposal']['verdict']}]" if row.get("proposal") else ""
        where = f"  -> {row['kb']}" if row.get("kb") == "personal" else ""
        click.echo(f"{plain(row['id'])}  {plain(row['kind'])}/{plain(row['source'])}  {plain(row['title'])}"
                   f"{near}{proposal}{where}")
    for problem in problems:
        click.echo(f"warning: {plain(problem)}", err=True)
