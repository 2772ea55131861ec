"""`mage scrub`: print a text with its secrets redacted, or report where they are."""

import sys

import click

from mage_cli.common import echo_json, json_option
from mage_engine.base.errors import MageError


@click.command()
@click.argument("source", required=False, default="-", metavar="[FILE|-]")
@click.option("--report", is_flag=True, help="List what was found (line and kind, never the value) instead of the text.")
@click.option("--jsonl", is_flag=True, help='Read JSON Lines; write each record back with its "text" scrubbed.')
@json_option
def scrub(source, report, jsonl, as_json):
    """Redact secrets from a file or standard input, the way mage does before anything reaches disk.

    Prints the text with each secret replaced by [REDACTED:kind]. With no FILE,
    or with -, reads standard input. The plain form scrubs all of the text, so
    it is the one for a whole Claude Code transcript (its JSON stays valid).
    `--jsonl` is narrower: it reads records shaped {"text": ...}, one JSON
    object per line, and writes one line per line, in order, with only each
    object's "text" field scrubbed (other fields as they were). `--report`
    prints `line: kind` for each secret instead (with --json, a list of
    {"line", "kind"}).

    \b
    Examples:
      kubectl logs deploy/api | mage scrub > api.log
      mage scrub --report .env
      mage scrub transcript.jsonl > transcript.scrubbed.jsonl   # a whole transcript
      mage scrub --jsonl < records.jsonl > records.scrubbed.jsonl  # {"text": ...} per line
    """
    from mage_cli.safe_output import raw_stdout
    from mage_engine.scrub import stream

    out = raw_stdout()  # a filter: its output is its input, secrets redacted, nothing else changed
    handle, owned = _open(source)
    try:
        lines = (line.decode("utf-8", "replace") for line in handle)
        if report:
            findings = stream.report_jsonl(lines) if jsonl else stream.report(_read(handle))
            _print_report(findings, as_json)
        elif jsonl:
            write = out.write
            for line in stream.scrub_jsonl(lines):
                write(line)
        else:
            from mage_engine.scrub import scrub as scrub_text

            out.write(scrub_text(_read(handle)))
        out.flush()
    finally:
        if owned:
            handle.close()


def _read(handle) -> str:
    return handle.read().decode("utf-8", "replace")


def _print_report(findings: list, as_json: bool) -> None:
    if as_json:
        echo_json(findings)
        return
    for finding in findings:
        click.echo(f"{finding['line']}: {finding['kind']}")


def _open(source: str):
    """(a binary handle, whether this command opened it)."""
    if source == "-":
        return sys.stdin.buffer, False
    try:
        return open(source, "rb"), True
    except IsADirectoryError:
        raise MageError(f"{source} is a folder", "give a file, or - to read standard input")
    except OSError as error:
        raise MageError(f"cannot read {source}: {error.strerror}", "check the path, or pipe the text in with -")
