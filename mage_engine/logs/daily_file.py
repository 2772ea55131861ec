"""A day's log file: `# YYYY-MM-DD`, then entries in time order, each marked with its session.

Each entry begins with its `## HH:MM - title` heading and the line
`<!-- mage:session STEM -->` (invisible when rendered), so writing a session's
entry again replaces it in place, never adds a second one. Entries a person
wrote by hand (no marker) are kept where they are; mage's are ordered by time,
then session. The file is rewritten atomically, and not at all when unchanged.
"""

import re

LOGS_DIR = "mage/logs"
_MARKER = re.compile(r"^<!-- mage:session (?P<stem>[A-Za-z0-9_-]+) -->$", re.M)
MAX_LOG_BYTES = 4 * 1024 * 1024


def day_path(kb, day: str):
    return kb.root / LOGS_DIR / f"{day}.md"


def split_entries(text: str) -> tuple[str, list[tuple[str | None, str]]]:
    """(the text before the first entry, [(session stem or None, entry text)])."""
    parts = re.split(r"(?m)^(?=## )", text)
    head, entries = parts[0], []
    for part in parts[1:]:
        found = _MARKER.search(part)
        entries.append((found["stem"] if found else None, part))
    return head, entries


def with_entry(text: str, day: str, stem: str, entry: str) -> str:
    """The day file's text with `entry` in place of the session's old one (or added in time order)."""
    head, entries = split_entries(text) if text.strip() else (f"# {day}\n\n", [])
    entry = entry.rstrip("\n") + "\n\n"
    kept = [(s, e if e.endswith("\n\n") else e.rstrip("\n") + "\n\n") for s, e in entries if s != stem]
    kept.append((stem, entry))
    ours = sorted((e for e in kept if e[0] is not None), key=lambda e: (e[1][3:8], e[0]))
    ordered = iter(ours)
    # a hand-written entry keeps its slot; mage's fill the others in time order
    merged = [e if e[0] is None else next(ordered) for e in kept[:-1]] + list(ordered)
    return (head if head.endswith("\n\n") else head.rstrip("\n") + "\n\n") + "".join(e for _, e in merged).rstrip("\n") + "\n"


def read_day(kb, day: str) -> str:
    from mage_engine.kb import guard

    try:
        return guard.read_text(day_path(kb, day), MAX_LOG_BYTES)
    except FileNotFoundError:
        return ""


def log_days(kb) -> list[str]:
    """The days that have a log file, oldest first."""
    from mage_engine.kb import guard

    try:
        listing = guard.entries(kb.root / LOGS_DIR, with_stat=False)
    except OSError:
        return []
    return sorted(name[:-3] for name, kind, _ in listing
                  if kind == "file" and re.fullmatch(r"\d{4}-\d{2}-\d{2}\.md", name))
