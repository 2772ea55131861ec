"""What the generators of mage's checked-in tables share (scrub/make_rule_index.py,
terms/make_shipped_lists.py): lines packed to a width, and a file rewritten only when its text changes."""

import os


def packed(items, width: int) -> list:
    """`items` (strings) joined by spaces into lines of at most `width` characters, none split."""
    lines, line = [], ""
    for item in items:
        if line and len(line) + 1 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line} {item}" if line else item
    if line:
        lines.append(line)
    return lines


def write_if_changed(path: str, text: str) -> bool:
    """Write `text` to `path` (through a temporary file) unless it already holds it; True if written."""
    try:
        with open(path, encoding="utf-8") as handle:
            if handle.read() == text:
                return False
    except FileNotFoundError:
        pass
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(path + ".tmp", path)
    return True
