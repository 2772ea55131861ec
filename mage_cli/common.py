"""Shared pieces of the click faces: the --kb and --json options, JSON output, KB lookup, stdin.

`--kb DIR` and `--json` work before the subcommand too (`mage --kb ~/proj
status`, as git, docker and kubectl users type them): the group takes them,
and each subcommand's own option falls back to the group's. A value given
after the subcommand wins, then one before it, then MAGE_KB.
"""

import json
import sys

import click
from click.core import ParameterSource

from mage_engine.base.errors import MageError
from mage_engine.kb.layout import KB, find_kb

KB_HELP = "Knowledge base folder (default: found by walking up from here; env MAGE_KB)."
JSON_HELP = "Print machine-readable JSON."


def _kb_from_group(ctx, param, value):
    """The subcommand's --kb, else the group's (`mage --kb DIR status`), else MAGE_KB."""
    if ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
        return value
    root = ctx.find_root()
    if root is not ctx and root.get_parameter_source("kb_dir") is ParameterSource.COMMANDLINE:
        return root.params.get("kb_dir")
    return value


def _json_from_group(ctx, param, value):
    root = ctx.find_root()
    return bool(value or (root is not ctx and root.params.get("as_json")))


kb_option = click.option("--kb", "kb_dir", metavar="DIR", envvar="MAGE_KB", callback=_kb_from_group, help=KB_HELP)
json_option = click.option("--json", "as_json", is_flag=True, callback=_json_from_group, help=JSON_HELP)


def group_kb_dir() -> str | None:
    """The --kb given before the subcommand, for commands that take a folder another way (init)."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx else None
    if root is not None and root is not ctx and root.get_parameter_source("kb_dir") is ParameterSource.COMMANDLINE:
        return root.params.get("kb_dir")
    return None


def open_kb(kb_dir: str | None) -> KB:
    """The KB named by --kb/MAGE_KB, or found from the current folder; runs crash recovery.

    A change that cannot be finished (a read-only folder) is a warning here, so
    reading commands still work; a command that changes the KB fails on it.
    """
    kb = find_kb(explicit=kb_dir)
    from mage_engine.kb.lock import finish_pending

    problem = finish_pending(kb)
    if problem:
        click.echo(f"warning: {problem}", err=True)
    return kb


def echo_json(data) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def read_input(path: str, limit: int) -> str:
    """The text of the file `path`, or of standard input for `-`, reading at most `limit` bytes.

    The caller refuses what is too long: reading stops there, so `--body-file
    /dev/zero` never fills the memory. Bytes that are not UTF-8 are replaced.
    """
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit)
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit)
    except OSError as error:
        raise MageError(f"cannot read {path}: {error.strerror or error}", "check the path and its permissions")
    return data.decode("utf-8", errors="replace")
