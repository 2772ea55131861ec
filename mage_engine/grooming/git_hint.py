"""The git command mage prints after changing committed files. mage never runs it."""

import shlex


def git_command(paths: list[str], message: str) -> str:
    """`git add <paths> && git commit -m "<message>"`, shell-quoted."""
    unique = list(dict.fromkeys(paths))
    return f"git add {' '.join(shlex.quote(p) for p in unique)} && git commit -m {shlex.quote(message)}"
