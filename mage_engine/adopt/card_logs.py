"""The three-layer design's daily logs (`memory/YYYY-MM-DD.md`) taken into mage/logs/.

Each log is scrubbed on the way in. A day mage has no log for is copied
whole; a day it has one for gains only the entries (`## HH:MM - title`) it
lacks, so importing twice adds nothing. The original files are never changed.
"""

import re
from pathlib import Path

from mage_engine.adopt.source_files import read, shown
from mage_engine.logs.daily_file import day_path, read_day, split_entries

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}\.md$")


def import_logs(kb, folder: Path, dry_run: bool) -> list[dict]:
    from mage_engine.kb.atomic import write_text_atomic
    from mage_engine.kb.lock import kb_lock
    from mage_engine.scrub import scrub

    results = []
    with kb_lock(kb):
        for path in _day_files(folder):
            day = path.name[:-3]
            theirs, ours = scrub(read(path) or ""), read_day(kb, day)
            new = _merged(ours, theirs, day)
            status = "unchanged" if new == ours else ("would-write" if dry_run else "written")
            if status == "written":
                write_text_atomic(day_path(kb, day), new)
            results.append({"file": shown(kb, path), "log": kb.relative(day_path(kb, day)), "status": status})
    return results


def _day_files(folder: Path) -> list[Path]:
    from mage_engine.kb import guard

    found = []
    for where in (folder, folder / "logs"):
        try:
            listing = guard.entries(where, with_stat=False)
        except OSError:
            continue
        found += [where / name for name, kind, _ in listing if kind == "file" and _DAY.match(name)]
    return sorted(found, key=lambda p: p.name)


def _merged(ours: str, theirs: str, day: str) -> str:
    if not ours.strip():
        text = theirs.strip("\n")
        return (text if text.startswith("# ") else f"# {day}\n\n{text}") + "\n"
    _, have = split_entries(ours)
    headings = {entry.split("\n", 1)[0].strip() for _, entry in have}
    _, incoming = split_entries(theirs)
    added = [entry.rstrip("\n") for _, entry in incoming if entry.split("\n", 1)[0].strip() not in headings]
    if not added:
        return ours
    return ours.rstrip("\n") + "\n\n" + "\n\n".join(added) + "\n"
