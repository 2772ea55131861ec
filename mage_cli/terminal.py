"""The commands that open the full-screen app need a terminal; without one they say what to run instead.

An automated check, a pipe or a CI job runs `mage groom` with no terminal:
the app would wait for keys that never come. Refusing at once, with the
headless form to use, is the only useful answer (exit 2, a usage error).
"""

import sys

import click


class NoTerminal(click.ClickException):
    """A usage error said in one line (`mage: …`), exit 2."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"mage: {self.message}", err=True)


def require_terminal(command: str, instead: str) -> None:
    """Refuse to open the app unless both stdin and stdout are terminals."""
    if _is_terminal(sys.stdin) and _is_terminal(sys.stdout):
        return
    raise NoTerminal(f"`{command}` opens a full-screen app and needs a terminal (stdin and stdout); "
                     f"without one, use {instead}")


def _is_terminal(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False  # closed or replaced: not a terminal
