"""`mage connect` and `mage disconnect`: wire a host into this project, or unwire it."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.hosts import HOSTS, connect_host, disconnect_host

host_argument = click.argument("host", type=click.Choice(HOSTS), metavar="HOST")


@click.command()
@host_argument
@click.option("--shared", is_flag=True,
              help="Claude Code: write the hooks to .claude/settings.json (committed) "
                   "instead of .claude/settings.local.json (personal).")
@click.option("--no-hooks", is_flag=True,
              help="Claude Code: wire only the MEMORY.md twin and skills (hooks come from the mage plugin).")
@kb_option
@json_option
def connect(host, shared, no_hooks, kb_dir, as_json):
    """Wire mage into HOST (claude-code or generic). Safe to run again.

    \b
    claude-code  adds mage's hooks (one group per event, id mage:<role>:<event>,
                 an explicit timeout, the absolute path of mage-hook) to
                 .claude/settings.local.json, merged with your own hooks;
                 points Claude Code's autoMemoryDirectory at mage/ so it loads
                 mage/MEMORY.md; links mage/skills/* into .claude/skills/.
    generic      writes a marked section in AGENTS.md telling any agent to read
                 mage/MEMORY.md, run `mage recall` and stage lessons.

    \b
    A malformed settings file is refused and left untouched; every file mage
    changes is first copied to .mage/backups/. Undo with `mage disconnect HOST`.

    \b
    Example:
      mage connect claude-code
      mage connect claude-code --shared
      mage connect claude-code --no-hooks   # hooks installed as the mage plugin
      mage connect generic
    """
    kb = open_kb(kb_dir)
    if (shared or no_hooks) and host != "claude-code":
        raise click.UsageError("--shared and --no-hooks apply to claude-code only")
    _print(connect_host(kb, host, shared=shared, hooks=not no_hooks), as_json)


@click.command()
@host_argument
@kb_option
@json_option
def disconnect(host, kb_dir, as_json):
    """Unwire HOST: remove exactly what `mage connect HOST` added.

    Your own hooks and settings stay as they are; the autoMemoryDirectory value
    that connect replaced is put back; files mage created are removed.

    \b
    Example:
      mage disconnect claude-code
      mage disconnect generic
    """
    kb = open_kb(kb_dir)
    _print(disconnect_host(kb, host), as_json)


def _print(change, as_json: bool) -> None:
    if as_json:
        echo_json(change.to_json())
        return
    for line in change.actions:
        click.echo(line)
    if change.host == "claude-code" and change.details.get("settings"):
        click.echo(f"hooks run {change.details['hook']} from {change.details['settings']}; "
                   "check them with `mage doctor`")
