"""`mage`: the command group. Subcommands load lazily so `mage --help` is quick.

Each subcommand lives in its own module as a click command; COMMANDS maps its
name to "module:attribute". Engine errors (MageError) become one line on
stderr and exit 1; click's usage errors exit 2.
"""

import importlib
import importlib.util
import os
import sys

import click

from mage_engine.errors import MageError

COMMANDS = {
    "init": "mage_cli.kb_cmds:init",
    "status": "mage_cli.status_cmd:status",
    "dial": "mage_cli.kb_cmds:dial",
    "stage": "mage_cli.stage_cmds:stage",
    "drafts": "mage_cli.stage_cmds:drafts",
    "groom": "mage_cli.groom_cmd:groom",
    "notes": "mage_cli.notes_cmds:notes",
    "show": "mage_cli.notes_cmds:show",
    "index": "mage_cli.notes_cmds:index",
    "recall": "mage_cli.recall_cmd:recall",
    "redact": "mage_cli.redact_cmd:redact",
    "scrub": "mage_cli.scrub_cmd:scrub",
    "chapters": "mage_cli.capture_cmds:chapters",
    "nudge": "mage_cli.capture_cmds:nudge",
    "distill": "mage_cli.recurrence_cmds:distill",
    "promote": "mage_cli.recurrence_cmds:promote",
    "graduate": "mage_cli.recurrence_cmds:graduate",
    "optimize": "mage_cli.recurrence_cmds:optimize",
    "connect": "mage_cli.host_cmds:connect",
    "disconnect": "mage_cli.host_cmds:disconnect",
    "doctor": "mage_cli.doctor_cmd:doctor",
    "tui": "mage_cli.app_cmds:tui",
    "demo": "mage_cli.app_cmds:demo",
}


class LazyGroup(click.Group):
    """A group whose commands are imported only when used (or listed in --help)."""

    def list_commands(self, ctx):
        return sorted(name for name in COMMANDS if self._available(name))

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, _, attribute = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:
                return None  # command not built in this checkout
            raise
        return getattr(module, attribute)

    @staticmethod
    def _available(name) -> bool:
        module_name = COMMANDS[name].partition(":")[0]
        return importlib.util.find_spec(module_name) is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mage", prog_name="mage")
def cli():
    """mage: your coding agent's memory, kept as files you own.

    \b
    The loop: hooks capture each session into .mage/ (git-ignored); lessons are
    staged as drafts; you groom drafts into notes under mage/ (committed); notes
    are recalled as hints before the agent thinks; proven procedures graduate
    into skills.

    \b
    Start here:
      mage init                          create a knowledge base in this project
      mage stage --title "…" --body "…"  stage a lesson as a draft
      mage drafts                        see what waits for grooming
      mage groom                         groom drafts in the app (or headless flags)
      mage recall "how do we deploy"     search the notes
    """


def main() -> None:
    """Entry point: run the group, turning MageError into one line and exit 1."""
    try:
        # with standalone_mode off, click returns ctx.exit(n)'s code instead of exiting
        sys.exit(cli.main(prog_name="mage", standalone_mode=False) or 0)
    except MageError as error:
        click.echo(f"mage: {error}", err=True)
        sys.exit(1)
    except click.exceptions.Abort:
        click.echo("mage: aborted", err=True)
        sys.exit(1)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except KeyboardInterrupt:
        click.echo("mage: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as error:
        click.echo(f"mage: {error.strerror or error}: {error.filename or ''}".rstrip(": ")
                   + ". Check the path and its permissions", err=True)
        sys.exit(1)
    except Exception as error:  # a bug: still one line, the traceback on request
        if os.environ.get("MAGE_DEBUG"):
            raise
        click.echo(f"mage: internal error: {type(error).__name__}: {error}. "
                   "Re-run with MAGE_DEBUG=1 for the traceback and report it", err=True)
        sys.exit(1)
