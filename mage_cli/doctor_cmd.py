"""`mage doctor`: what is live here, one line per capability, with the fix."""

import sys

import click

from mage_cli.common import echo_json, json_option, kb_option
from mage_engine.doctor.run import run_doctor


@click.command()
@click.option("--fix", is_flag=True,
              help="Repair what is mage's own, local and reversible: re-wire drifted hooks, "
                   "rebuild the index, link skills, reinstall mage's own tools, point the MEMORY.md twin.")
@kb_option
@json_option
def doctor(fix, kb_dir, as_json):
    """Check, on this machine, that each mage capability is live.

    \b
    kb              the knowledge base is found and its notes are readable
    config          mage/config.yaml parses
    index           the search index matches the notes
    hooks-wired     the hooks are wired into Claude Code (which settings file)
                    and match this install
    shared-settings the committed .claude/settings.json names no path that
                    exists only on this machine
    hook:<Event>    each hook, run with a sample payload and timed
    trail           the trail received events recently
    memory-twin     Claude Code loads mage/MEMORY.md at launch
    memory-budget   MEMORY.md fits what the host loads (warn 70%, fail 90%)
    skills          mage's skills are visible to Claude Code
    agent-tools     the mage-groom and mage-onboard skills and the mage-keeper
                    subagent are installed (or come from the plugin)
    ledger          what mage injected into the agent's context

    Each line says ok, warn or fail, and the fix. Exit status 1 when any
    check fails.

    \b
    Example:
      mage doctor
      mage doctor --fix
      mage doctor --json
    """
    report = run_doctor(kb_dir, fix=fix)
    if as_json:
        echo_json(report.to_json())
    else:
        _print(report)
    if report.failed:
        sys.exit(1)


def _print(report) -> None:
    click.echo(f"mage doctor: {report.kb or 'no knowledge base'}")
    width = max(len(check.name) for check in report.checks)
    colours = {"ok": "green", "warn": "yellow", "fail": "red"}
    for check in report.checks:
        status = click.style(f"{check.status:<4}", fg=colours[check.status], bold=check.status != "ok")
        click.echo(f"{status}  {check.name:<{width}}  {check.detail}")
        if check.fixed:
            click.echo(f"      {'':<{width}}  fixed: {check.fixed}")
        if check.fix and check.status != "ok":
            click.echo(f"      {'':<{width}}  fix: {check.fix}")
    counts = report.counts()
    click.echo(f"{counts['ok']} ok, {counts['warn']} warn, {counts['fail']} fail")
