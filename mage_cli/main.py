"""`mage`: the command group. Subcommands load lazily so `mage --help` is quick.

Each subcommand lives in its own module as a click command; COMMANDS maps its
name to "module:attribute". Engine errors (MageError) become one line on
stderr and exit 1; click's usage errors exit 2. `--kb` and `--json` are
taken before the subcommand as well as after it (common.py); a malformed
MAGE_* override is said once per command, on stderr.
"""

import importlib
import os
import sys

import click

from mage_engine.base.errors import MageError

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
    "hints": "mage_cli.hints_cmd:hints",
    "eval": "mage_cli.eval_cmd:eval_command",
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
    "move": "mage_cli.kbs_cmds:move",
    "kbs": "mage_cli.kbs_cmds:kbs",
    "tui": "mage_cli.app_cmds:tui",
    "demo": "mage_cli.app_cmds:demo",
    "retire": "mage_cli.archive_cmds:retire",
    "restore": "mage_cli.archive_cmds:restore",
    "log": "mage_cli.log_cmd:log",
    "maintain": "mage_cli.maintain_cmd:maintain",
    "import": "mage_cli.adopt_cmds:import_command",
    "export": "mage_cli.adopt_cmds:export",
    "session": "mage_cli.session_cmds:session",
}


class LazyGroup(click.Group):
    """A group whose commands are imported only when used (or listed in --help).

    Every command in COMMANDS ships in the same wheel, so one that cannot be
    imported is a broken install: said in one line, never hidden from the list.
    """

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, _, attribute = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise  # the command's own imports failed: a bug, reported as one
            raise MageError(f"the `{name}` command is missing from this install (no module {module_name})",
                            "reinstall mage") from None
        return getattr(module, attribute)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--kb", "kb_dir", metavar="DIR", envvar="MAGE_KB",
              help="Knowledge base folder, for every command but scrub and demo (before or after it; env MAGE_KB).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable JSON, for the commands that print it.")
@click.option("--personal", is_flag=True, expose_value=False, help="Act on your personal KB (see `mage init --personal`).",
              callback=lambda ctx, param, value: value and ctx.meta.__setitem__("mage_personal", True))
@click.version_option(package_name="mage", prog_name="mage")
@click.pass_context
def cli(ctx, kb_dir, as_json):
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

    \b
    --kb and --json go before or after the command (scrub and demo read no
    knowledge base, so they take no --kb): `mage --kb ~/src/api
    status` and `mage status --kb ~/src/api` are the same. A file option
    given as `-` reads standard input. Shell completion: add
    `eval "$(_MAGE_COMPLETE=bash_source mage)"` to ~/.bashrc
    (zsh_source to ~/.zshrc; fish: `_MAGE_COMPLETE=fish_source mage | source`).
    """
    _refuse_global_options_that_do_not_apply(ctx, as_json)


def _refuse_global_options_that_do_not_apply(ctx, as_json: bool) -> None:
    """`mage --json tui` is a mistake worth saying, not silently ignoring."""
    from click.core import ParameterSource

    command = ctx.command.get_command(ctx, ctx.invoked_subcommand) if ctx.invoked_subcommand else None
    if command is None:
        return
    takes = {param.name for param in command.params}
    if as_json and "as_json" not in takes:
        raise click.UsageError(f"--json does not apply to `mage {ctx.invoked_subcommand}`")
    given_kb = ctx.get_parameter_source("kb_dir") is ParameterSource.COMMANDLINE
    if given_kb and "kb_dir" not in takes and ctx.invoked_subcommand != "init":
        raise click.UsageError(f"--kb does not apply to `mage {ctx.invoked_subcommand}`")
    if ctx.meta.get("mage_personal") and "kb_dir" not in takes and ctx.invoked_subcommand != "init":
        raise click.UsageError(f"--personal does not apply to `mage {ctx.invoked_subcommand}`")


def _warn_about_environment() -> None:
    """Each malformed MAGE_* override once, naming the variable (not on shell completion)."""
    if os.environ.get("_MAGE_COMPLETE"):
        return
    from mage_engine.kb.config import env_warnings

    for warning in env_warnings():
        click.echo(f"mage: warning: {warning}", err=True)


def os_error_line(error: OSError) -> str:
    """One line for a failed file operation: what failed, on which file, and what to do."""
    import errno

    from mage_engine.kb.guard import Refused

    where = f"{error.strerror or error}: {error.filename}" if error.filename else f"{error.strerror or error}"
    if isinstance(error, Refused):
        return f"{where}. Remove or replace it: mage/ and .mage/ hold no links or special files"
    if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"{where}. Free some disk space, then run the command again (nothing half-written was kept)"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"{where}. The folder is read-only for mage: fix its permissions, then run the command again"
    return f"{where}. Check the path and its permissions"


def main() -> None:
    """Entry point: run the group, turning MageError into one line and exit 1."""
    from mage_cli.safe_output import install

    install()  # from here on nothing a file holds can drive the terminal, nor crash the print (safe_output.py)
    _warn_about_environment()
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
        click.echo(f"mage: {os_error_line(error)}", err=True)
        sys.exit(1)
    except Exception as error:  # a bug: still one line, the traceback on request
        if os.environ.get("MAGE_DEBUG"):
            raise
        click.echo(f"mage: internal error: {type(error).__name__}: {error}. "
                   "Re-run with MAGE_DEBUG=1 for the traceback and report it", err=True)
        sys.exit(1)
