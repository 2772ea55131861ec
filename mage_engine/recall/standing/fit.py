"""Standing context within a character budget: shorter summaries first, then fewer notes.

Both sections of a session start (the project's standing notes and lessons, the other KBs' notes) are
composed at each summary width in turn until the text fits; if even no summary fits, the last notes
give way to one line saying how many more there are and where to find them.
"""


def fitted(compose, widths, limit: int) -> tuple:
    """`compose(width, trim)` -> (text, named) at the first width whose text fits `limit`, else trimmed."""
    for width in widths:
        text, named = compose(width, False)
        if len(text) <= limit:
            return text, named
    return compose(0, True)


def add_lines(lines: list, named: list, records: list, line_of, name_of, limit: int | None, reserve: int,
              more) -> None:
    """Append each record's line (and its name to `named`); with a `limit`, stop where the next line and
    `reserve` characters would pass it, and append `more(count left)` instead."""
    for position, record in enumerate(records):
        line = line_of(record)
        if limit is not None and len("\n".join(lines)) + len(line) + reserve > limit:
            lines.append(more(len(records) - position))
            return
        lines.append(line)
        named.append(name_of(record))
