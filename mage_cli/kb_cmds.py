"""`mage init` and `mage dial`: create a knowledge base, read and set its dials."""

from pathlib import Path

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.grooming.autonomy import PERMITS, current_actor, require
from mage_engine.kb.config import AUTONOMIES, SENSITIVITIES, THRESHOLDS, load_config, set_dial
from mage_engine.kb.init import init_kb


@click.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@json_option
def init(folder, as_json):
    """Create a knowledge base in FOLDER (default: here). Safe to run again.

    Creates mage/ (config.yaml, notes/, skills/: commit these) and .mage/
    (trail, drafts, search index: local scratch), and adds .mage/ to .gitignore.

    \b
    Example:
      cd my-project && mage init
    """
    result = init_kb(folder or Path.cwd())
    if as_json:
        echo_json({"kb": str(result.kb.root), "created": result.created,
                   "gitignore_updated": result.gitignore_updated})
        return
    if not result.created and not result.gitignore_updated:
        click.echo(f"Knowledge base already set up at {result.kb.root}")
        return
    click.echo(f"Knowledge base ready at {result.kb.root}")
    for path in result.created:
        click.echo(f"  created {path}")
    if result.gitignore_updated:
        click.echo("  added .mage/ to .gitignore")
    click.echo("Next: `mage connect claude-code` to wire the hooks, or `mage stage` a first lesson.")


@click.command()
@click.argument("dial_name", required=False, type=click.Choice(["sensitivity", "autonomy"]))
@click.argument("value", required=False)
@kb_option
@json_option
def dial(dial_name, value, kb_dir, as_json):
    """Show the two dials, or set one.

    \b
    sensitivity  low | normal | high: how soon patterns become candidates (K)
                 and procedures graduate into skills (M):
                 low K=4 M=7 · normal K=3 M=5 · high K=2 M=4
    autonomy     operator | approver | overseer: what the agent may groom
                 (a person can always groom; only a person changes autonomy)

    \b
    Examples:
      mage dial
      mage dial sensitivity high
      mage dial autonomy approver
    """
    kb = open_kb(kb_dir)
    if dial_name and value is None:
        raise click.UsageError(f"give a value: mage dial {dial_name} "
                               f"{'|'.join(SENSITIVITIES if dial_name == 'sensitivity' else AUTONOMIES)}")
    if dial_name:
        if dial_name == "autonomy":
            require("set-autonomy", load_config(kb).autonomy)
        set_dial(kb, dial_name, value)
    config = load_config(kb)
    data = {"sensitivity": config.sensitivity, "autonomy": config.autonomy, "K": config.k, "M": config.m,
            "permits": PERMITS[config.autonomy], "actor": current_actor(), "warnings": config.warnings}
    if as_json:
        echo_json(data)
        return
    _print_dials(data)


def _print_dials(data: dict) -> None:
    for warning in data["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    click.echo(f"sensitivity  {data['sensitivity']:<9} K={data['K']} (chapters before a pattern is a candidate), "
               f"M={data['M']} (chapters before a procedure graduates)")
    click.echo(f"autonomy     {data['autonomy']:<9} {data['permits']}")
    levels = " · ".join(f"{name} K={k} M={m}" for name, (k, m) in THRESHOLDS.items())
    click.echo(f"             sensitivity levels: {levels}")
