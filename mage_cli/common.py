"""Shared pieces of the click faces: the --kb option, JSON output, KB lookup."""

import json

import click

from mage_engine.kb.layout import KB, find_kb

kb_option = click.option(
    "--kb", "kb_dir", metavar="DIR", envvar="MAGE_KB",
    help="Knowledge base folder (default: found by walking up from here; env MAGE_KB).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")


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
