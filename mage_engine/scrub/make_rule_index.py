"""Writes rule_index.py from the rules themselves: `.venv/bin/python -m mage_engine.scrub.make_rule_index`.

Run it after changing a rule's keywords, context, fold_case or place in its family;
tests/test_scrub_rule_index.py fails until the table matches the rules.
"""

import os

from mage_engine.base.generated import packed, write_if_changed
from mage_engine.scrub import engine

BEGIN = "INDEX = (\n"


def rows() -> list:
    """(family, position, fold_case, keywords, context) of every rule, in order."""
    found = []
    for family in range(len(engine.FAMILIES)):
        for position, rule in enumerate(engine.family_rules(family)):
            found.append((family, position, bool(getattr(rule, "fold_case", False)),
                          tuple(getattr(rule, "keywords", ())), tuple(getattr(rule, "context", ()))))
    return found


def generate(current: str) -> str:
    """`current` (rule_index.py's text) with its INDEX rewritten from the rules."""
    head = current[: current.index(BEGIN)]
    body = "".join(_row_text(row) for row in rows())
    return f"{head}{BEGIN}{body})\n"


def _row_text(row: tuple) -> str:
    """One row, on one line when it fits, else its keywords wrapped under it."""
    line = f"    {row!r},\n"
    if len(line) <= 112:
        return line
    family, position, fold_case, keywords, context = row
    words = packed((f"{word!r}," for word in keywords), 100)  # whole items per line: a keyword may hold a space
    listed = "\n".join(f"         {part}" for part in words)
    return f"    ({family}, {position}, {fold_case}, (\n{listed}\n     ), {context!r}),\n"


def main() -> None:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rule_index.py")
    with open(path, encoding="utf-8") as handle:
        write_if_changed(path, generate(handle.read()))
    print(f"{path}: {len(rows())} rules")


if __name__ == "__main__":
    main()
