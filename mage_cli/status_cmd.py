"""`mage status`: counts, dials, last capture and wiring of this knowledge base."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.status import kb_status


@click.command()
@kb_option
@json_option
def status(kb_dir, as_json):
    """Show the knowledge base: counts, dials (and the K/M they imply), last capture, hooks.

    \b
    Example:
      mage status
      mage status --json | jq .drafts
    """
    data = kb_status(open_kb(kb_dir))
    if as_json:
        echo_json(data)
        return
    dials = data["dials"]
    click.echo(f"knowledge base  {data['kb']}")
    click.echo(f"notes {data['notes']} · drafts {data['drafts']} · skills {data['skills']} · "
               f"chapters {_shown(data['chapters'])} · candidates {data['candidates']}")
    click.echo(f"dials           sensitivity {dials['sensitivity']} (K={dials['K']}, M={dials['M']}) · "
               f"autonomy {dials['autonomy']}")
    click.echo(f"last capture    {data['last_capture'] or 'never (connect a host: mage connect claude-code)'}")
    click.echo(f"hooks           {_hooks(data['hooks'])}")
    if data.get("injections"):
        click.echo(f"injected        {_injections(data['injections'])}")
    for warning in data["warnings"]:
        click.echo(f"warning: {warning}", err=True)


def _shown(value) -> str:
    return "?" if value is None or isinstance(value, dict) else str(value)


def _hooks(value) -> str:
    if not value:
        return "not wired (run `mage connect claude-code`)"
    if isinstance(value, dict) and "error" in value:
        return f"unknown ({value['error']})"
    if isinstance(value, dict):
        return value.get("summary") or ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)


def _injections(value) -> str:
    if isinstance(value, dict):
        return value.get("summary") or ", ".join(f"{k}: {v}" for k, v in value.items() if not isinstance(v, (list, dict)))
    return str(value)
