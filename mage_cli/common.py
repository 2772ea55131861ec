"""Shared pieces of the click faces: the --kb and --json options, JSON output, KB lookup, stdin.

`--kb DIR` and `--json` work before the subcommand too (`mage --kb ~/proj
status`, as git, docker and kubectl users type them): the group takes them,
and each subcommand's own option falls back to the group's. A value given
after the subcommand wins, then one before it, then MAGE_KB.
"""

import json
import sys

import click

from mage_engine.base.clip import CONTROL, INVISIBLE
from click.core import ParameterSource

from mage_engine.base.errors import MageError
from mage_engine.kb.discover import find_kb
from mage_engine.kb.layout import KB

KB_HELP = "Knowledge base folder (default: found by walking up from here; env MAGE_KB)."
JSON_HELP = "Print machine-readable JSON."


class FloorType(click.ParamType):
    """A hint floor: a number from 0 to 1 (never NaN, which no comparison and no JSON can hold)."""

    name = "FLOOR"

    def convert(self, value, param, ctx):
        if isinstance(value, float) and 0.0 <= value <= 1.0:
            return value
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = None
        if number is None or not 0.0 <= number <= 1.0:  # NaN fails both comparisons
            self.fail(f"{value!r} is not a floor: give a number from 0 to 1, like 0.6", param, ctx)
        return number


FLOOR = FloorType()


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


_kb_dir_option = click.option("--kb", "kb_dir", metavar="DIR", envvar="MAGE_KB", callback=_kb_from_group,
                              help=KB_HELP)
PERSONAL_HELP = "Act on your personal KB (mage init --personal) instead of the project's."


def _personal_flag(ctx, param, value):
    if value:
        ctx.meta["mage_personal"] = True  # meta is shared by the group's and the command's contexts


_personal_option = click.option("--personal", is_flag=True, expose_value=False, callback=_personal_flag,
                                help=PERSONAL_HELP)


def kb_option(command):
    """--kb DIR and --personal: which KB a command acts on."""
    return _kb_dir_option(_personal_option(command))
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
    kb = _personal_kb(kb_dir) or find_kb(explicit=kb_dir)
    from mage_engine.kb.lock import finish_pending

    problem = finish_pending(kb)
    if problem:
        click.echo(f"warning: {problem}", err=True)
    return kb


def warn_config(kb: KB) -> None:
    """Say on stderr what in config.yaml the hooks cannot read (they use the defaults meanwhile):
    for the commands that show what the hooks do (hints, eval, recall), which read it as they do."""
    from mage_engine.kb.config import env_warnings, load_config_cached

    said = set(env_warnings())  # a bad MAGE_* variable: `mage` itself has said so, once, before the command
    config = load_config_cached(kb)
    for warning in config.warnings:
        if warning not in said:
            said_what_is_used = "ignored" in warning  # an unknown key: the rest of the file holds
            click.echo(f"warning: {warning}" + ("" if said_what_is_used else
                                                 "; until it is fixed, the hooks and this command use the defaults"),
                       err=True)
    from mage_engine.kbs.attached import unconfirmed
    from mage_engine.kbs.confirmed import WAITING

    for entry in unconfirmed(kb, config):  # its notes are missing from what follows, as from the hooks'
        click.echo(f"warning: {WAITING.format(path=entry['shown'])}", err=True)


def warn_unread_notes(kb: KB) -> None:
    """Say on stderr that some notes could not be read, so are not searched (after a search, when
    the index's manifest is current): "no matching notes" must not be taken at face value."""
    from mage_engine.base.clip import plain
    from mage_engine.kb.jsonfiles import read_object
    from mage_engine.recall.index import store

    problems = [p for p in (read_object(store.manifest_path(kb)) or {}).get("problems") or [] if isinstance(p, str)]
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        click.echo(f"warning: {len(problems)} note file(s) could not be read and are not searched: "
                   f"{plain(problems[0])[:200]}{more}; `mage notes` lists them", err=True)


def wants_personal() -> bool:
    """Whether --personal was given, before or after the command."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx and ctx.meta.get("mage_personal"))


def _personal_kb(kb_dir):
    """The personal KB when --personal was given (refusing --kb beside it), else None."""
    if not wants_personal():
        return None
    ctx = click.get_current_context()
    if kb_dir and any(c.get_parameter_source("kb_dir") is ParameterSource.COMMANDLINE
                      for c in (ctx, ctx.find_root()) if "kb_dir" in c.params):
        raise click.UsageError("--personal and --kb name two KBs: give one")
    from mage_engine.kbs.personal import require_personal_kb

    return require_personal_kb()


def echo_json(data) -> None:
    """`data` as JSON, non-ASCII text as written except the characters a terminal would act on
    (C1 controls, direction and zero-width characters), which JSON's own escapes keep intact."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str).translate(_JSON_ESCAPED))


_JSON_ESCAPED = {code: f"\\u{code:04x}" for code in (*CONTROL, *INVISIBLE) if code >= 0x7F}  # json escapes C0


def text_argument(value: str) -> str:
    """A command-line argument as text: bytes that are not UTF-8 (which Python hands over as lone
    surrogates, which no JSON parser takes) replaced, as they are on stdin and in the hook."""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


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
