"""Re-scrub what was written under older scrub rules: `mage redact --rescrub`, and after an upgrade.

When the rules learn a new format, text captured before is still on disk.
`rescrub(kb)` runs today's rules over everything mage keeps in `.mage/`: the
trail (`learnings/`, one JSON record a line), the drafts in `staging/` (every
field), and the other captured text there (recurrence tallies, Gate-0's
redirected copies, the error log); it counts the everyday words of the prompts
again from the scrubbed trail (grooming/rescrub_everyday.py); it rebuilds the search index, whose
documents are scrubbed as they are indexed; and it reports, never rewrites,
the secrets in `mage/` (notes are the person's: `mage redact --check` lists
them). Finally it records the rules' version in `.mage/state/scrub-version`,
which the hooks compare on every run (grooming/rescrub_due.py).
"""

import os
from typing import NamedTuple

from mage_engine.grooming.note_scrub import scrub_value, scrubbed_note
from mage_engine.kb.scrub_stamp import write_stamp
from mage_engine.kb import guard
from mage_engine.scrub import RULES_VERSION, scrub

SKIPPED = ("index", "backups")  # the index is rebuilt, not edited; backups are the person's copies
SKIPPED_NAMES = ("journal.json", "scrub-version", "rescrub.pending")
MAX_BYTES = 64 * 1024 * 1024


class RescrubResult(NamedTuple):
    """What a re-scrub changed, and what it found but may not change."""

    files: int            # files in .mage/ rewritten
    records: int          # trail records or JSON values that changed
    index_docs: int       # documents in the rebuilt search index (-1: not rebuilt)
    notes: list           # redact_check.Finding for each secret in mage/, left as it is
    version: int


def rescrub(kb, rebuild_index: bool = True) -> RescrubResult:
    """Scrub `.mage/` again under today's rules, rebuild the index, report `mage/`, stamp the version."""
    files = records = 0
    for path in _scratch_files(kb):
        changed = _rescrub_file(kb, path)
        files, records = files + bool(changed), records + changed
    from mage_engine.grooming.rescrub_everyday import recount_everyday

    recount_everyday(kb)  # the words of prompts cannot be scrubbed one by one: counted again
    docs = _rebuild(kb) if rebuild_index else -1
    from mage_engine.grooming.redact_check import check_paths

    notes = check_paths(kb) if kb.mage_dir.is_dir() else []
    write_stamp(kb, RULES_VERSION)
    return RescrubResult(files, records, docs, notes, RULES_VERSION)


def _scratch_files(kb) -> list:
    found = []
    for folder, dirs, names in os.walk(kb.scratch_dir):
        if os.path.samefile(folder, kb.scratch_dir):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED)
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(folder, d)))
        for name in sorted(names):
            path = os.path.join(folder, name)
            if name in SKIPPED_NAMES or name.endswith((".lock", ".tmp")) or os.path.islink(path):
                continue
            found.append(path)
    return found


def _rescrub_file(kb, path: str) -> int:
    """How many records of the file changed (the file is rewritten when any did)."""
    try:
        if os.path.getsize(path) > MAX_BYTES:
            return 0
        with guard.open_binary(path) as handle:  # no link, no FIFO
            data = handle.read()
    except OSError:
        return 0
    if b"\0" in data[:8192]:
        return 0  # not text
    text = data.decode("utf-8", "replace")
    if path.endswith(".jsonl") and os.path.basename(os.path.dirname(path)) == "learnings":
        return _rescrub_trail(kb, path, text)
    new, changed = _scrubbed_text(path, text)
    if changed:
        _replace(path, new)
    return changed


def _scrubbed_text(path: str, text: str) -> tuple:
    if path.endswith(".jsonl"):
        lines = text.split("\n")
        new = [_scrubbed_line(line) for line in lines]
        return "\n".join(new), sum(a != b for a, b in zip(lines, new))
    if path.endswith(".json"):
        import json

        from mage_engine.base import fastjson

        try:
            data = fastjson.loads(text)
        except ValueError:  # not JSON, or nested too deeply: scrubbed as text
            data = None
        if data is not None:
            cleaned = scrub_value(data)
            return (json.dumps(cleaned, ensure_ascii=False, indent=1), 1) if cleaned != data else (text, 0)
    if path.endswith(".md"):
        return _scrubbed_markdown(text)
    new = scrub(text)
    return new, int(new != text)


def _scrubbed_line(line: str) -> str:
    """One JSON Lines record with every string in it scrubbed (a line that is not JSON: as text)."""
    if not line.strip():
        return line
    from mage_engine.base import fastjson
    from mage_engine.trail.session_files import serialise

    try:
        record = fastjson.loads(line)
    except ValueError:
        return scrub(line).replace("\n", " ")
    cleaned = scrub_value(record)
    return line if cleaned == record else serialise(cleaned)


def _scrubbed_markdown(text: str) -> tuple:
    from mage_engine.base.errors import NoteFormatError
    from mage_engine.kb.notes import parse_note, render_note

    try:
        note = parse_note(text)
    except (NoteFormatError, ValueError):
        new = scrub(text)
        return new, int(new != text)
    cleaned = scrubbed_note(note)
    return (render_note(cleaned), 1) if cleaned != note else (text, 0)


def _rescrub_trail(kb, path: str, text: str) -> int:
    """A trail file, rewritten under its session's lock (the hooks append under it)."""
    from mage_engine.trail.session_state import SessionLock

    stem = os.path.basename(path).split(".")[0]
    with SessionLock(kb, stem, wait=5.0):
        new, changed = _scrubbed_text(path, _read(path) or text)
        if changed:
            _replace(path, new)
    return changed


def _read(path: str) -> str:
    try:
        with guard.open_binary(path) as handle:  # no link, no FIFO
            return handle.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _replace(path: str, text: str) -> None:
    from mage_engine.kb.atomic import write_text_atomic

    write_text_atomic(path, text)


def _rebuild(kb) -> int:
    from mage_engine.recall.index.lifecycle import rebuild_index

    try:
        return rebuild_index(kb)["docs"]
    except Exception:
        return -1
