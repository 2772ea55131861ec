"""`mage log`: write the daily log entries (mage/logs/YYYY-MM-DD.md) from the trail."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb


@click.command()
@click.option("--session", "session", metavar="ID", help="Only this host session (default: every session).")
@click.option("--dry-run", is_flag=True, help="Print the entries; write nothing.")
@kb_option
@json_option
def log(session, dry_run, kb_dir, as_json):
    """Write one entry per session into mage/logs/YYYY-MM-DD.md (what happened, changed, was learned).

    With `logs: true` in mage/config.yaml the SessionEnd hook does this by
    itself. Each session has one entry: running this again replaces it in
    place (a file that would not change is not written). Entries are built
    from the trail, scrubbed, and never loaded as hints or into MEMORY.md;
    `mage recall --logs QUERY` searches them.

    \b
    Example:
      mage log
      mage log --session 6f1c2a --dry-run
    """
    from mage_engine.trail.session_files import session_stem
    from mage_engine.logs.writer import log_all, log_session

    kb = open_kb(kb_dir)
    results = [log_session(kb, session_stem(session), dry_run)] if session else log_all(kb, dry_run)
    if as_json:
        echo_json({"dry_run": dry_run, "sessions": results})
        return
    if not results:
        click.echo("no sessions in the trail yet: connect a host (`mage connect claude-code`) and work a while")
    for result in results:
        if dry_run and result.get("entry"):
            click.echo(f"# {result['file']}\n{result['entry']}")
        elif result["status"] != "empty":
            click.echo(f"{result['status']:9}  {result['file']}  {result['session']}")
    written = sorted({r["file"] for r in results if r["status"] == "written" and r["file"]})
    if written and not dry_run:
        from mage_engine.grooming.git_hint import git_command

        click.echo(f"review and commit: {git_command(written, 'mage: daily log')}")
