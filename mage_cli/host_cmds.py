"""`mage connect` and `mage disconnect`: wire a host into this project, or unwire it."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.hosts.connection import HOSTS, connect_host, disconnect_host

host_argument = click.argument("host", type=click.Choice(HOSTS), metavar="HOST")


@click.command()
@host_argument
@click.option("--shared", is_flag=True,
              help="Claude Code: write the hooks to .claude/settings.json (committed) "
                   "instead of .claude/settings.local.json (personal).")
@click.option("--no-hooks", is_flag=True,
              help="Claude Code: wire only the MEMORY.md twin and skills (hooks, and mage's own skills and "
                   "subagent, come from the mage plugin).")
@kb_option
@json_option
def connect(host, shared, no_hooks, kb_dir, as_json):
    """Wire mage into HOST (claude-code or generic). Safe to run again.

    \b
    claude-code  adds mage's hooks (one group per event, id mage:<role>:<event>,
                 an explicit timeout) to .claude/settings.local.json, merged
                 with your own hooks. Each runs this install's Python straight
                 into mage (no pip launcher, whatever the host's PATH is).
                 Points Claude Code's autoMemoryDirectory at mage/ so it loads
                 mage/MEMORY.md; git-ignores .claude/settings.local.json if
                 nothing does; links mage/skills/* into .claude/skills/;
                 installs mage's own mage-groom and mage-onboard skills and
                 mage-keeper subagent under .claude/ (a file of yours of the
                 same name is left alone, with a warning).
                 --shared: the hooks go to .claude/settings.json (commit it)
                 and run .claude/hooks/mage-hook (commit it too), a script
                 that finds mage on each teammate's machine.
    generic      writes a marked section in AGENTS.md telling any agent to read
                 mage/MEMORY.md, run `mage recall` and stage lessons, pointing
                 at the grooming instructions in .agents/skills/.

    \b
    A malformed settings file is refused and left untouched; every settings
    file mage changes is first copied to .mage/backups/. Undo with
    `mage disconnect HOST`.

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

    Your own hooks and settings stay as they are (a file you had is restored
    byte for byte when you did not change it since); the autoMemoryDirectory
    value that connect replaced is put back; files mage created are removed.

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
    for line in change.warnings:
        click.echo(f"warning: {line}", err=True)
    details = change.details
    if change.host == "claude-code" and details.get("settings"):
        runner = (f"{details['interpreter']} (straight into mage, no pip launcher)" if details.get("interpreter")
                  else "the project script .claude/hooks/mage-hook (it finds mage on each machine)")
        click.echo(f"hooks in {details['settings']} run {runner}; check them with `mage doctor`")
