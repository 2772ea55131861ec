"""One line of text cut to a width: titles and summaries in hints, INDEX.md, MEMORY.md,
`mage recall` and the TUI.

What a note says is data, never structure: whoever wrote the note (a cloned
repository, the agent) must not be able to add a line to MEMORY.md, start a
markdown heading, or close the host's `<system-reminder>` and speak as the
system. So every clipped text is one line (every kind of line break and
control character becomes a space), invisible direction and zero-width
characters are dropped, and a `<` that would open or close a tag becomes `‹`.

A module of its own, importing nothing, so the hook path can use it.
"""

TITLE_CHARS = 120
# The characters a terminal acts on, the one list every defusing uses (this module, `--json`, the
# CLI's streams): control characters (C0, DEL, C1), and direction and zero-width characters.
CONTROL = (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0))
INVISIBLE = (*range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0xFEFF)
_INVISIBLE = dict.fromkeys(INVISIBLE)
_CONTROL = {code: " " for code in CONTROL}
_TABLE = {**_CONTROL, **_INVISIBLE}
_BLOCK_TABLE = {code: value for code, value in _TABLE.items() if code not in (0x09, 0x0A)}
_TAG_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/!?")


def clip(text, width: int) -> str:
    """`text` on one line (whitespace runs become one space), tags defused, cut to `width` with an ellipsis."""
    line = " ".join(defuse_tags(str(text or "").translate(_TABLE)).split())
    return line if len(line) <= width else line[: max(0, width - 1)].rstrip() + "…"


def plain(text) -> str:
    """`text` as a listing prints it (`mage notes`, `mage drafts`, the app's rows): one line, control
    characters made spaces, direction and zero-width characters dropped, so a title cannot reverse
    or hide the rest of its line. Not cut: the listing decides the width."""
    text = str(text if text is not None else "")
    if text.isprintable():
        return text  # the common title: one scan
    return " ".join(text.translate(_TABLE).split())


def plain_block(text) -> str:
    """`text` of many lines (`mage show`): lines and tabs kept, every other control character a space,
    direction and zero-width characters dropped."""
    return str(text if text is not None else "").translate(_BLOCK_TABLE)


def defuse_tags(text: str) -> str:
    """`text` with each `<` that starts a tag-like `<name`, `</name`, `<!` or `<?` made a `‹`."""
    if "<" not in text:
        return text
    out, start = [], 0
    while True:
        at = text.find("<", start)
        if at < 0:
            out.append(text[start:])
            return "".join(out)
        following = text[at + 1: at + 2]
        out.append(text[start:at] + ("‹" if following in _TAG_START and following else "<"))
        start = at + 1
