"""One line of text cut to a width: summaries in hints, INDEX.md, MEMORY.md, `mage recall` and the TUI.

A module of its own, importing nothing, so the hook path can use it.
"""


def clip(text, width: int) -> str:
    """`text` on one line (whitespace runs become one space), cut to `width` characters with an ellipsis."""
    line = " ".join(str(text or "").split())
    return line if len(line) <= width else line[: max(0, width - 1)].rstrip() + "…"
