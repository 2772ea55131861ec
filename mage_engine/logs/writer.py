"""Writing log entries: one session (SessionEnd), every session (`mage log`), the missed ones (SessionStart).

A session's entry goes in the log file of the day it started (UTC). Writing is
idempotent: the entry replaces the session's old one in place, and a file
whose text would not change is not rewritten. `.mage/state/logs.json` keeps,
per session, the trail size its entry was written from, so SessionStart can
find the sessions whose end was missed (a killed terminal sends no
SessionEnd) without reading every trail. On the hook path: `missed` imports
nothing beyond os, so a SessionStart with nothing to catch up stays cheap.
"""

import os

STATE_FILE = ".mage/state/logs.json"
IDLE_SECONDS = 3600  # a trail untouched this long belongs to a session that has ended
CATCH_UP_MAX = 5     # entries one SessionStart writes at most (turning logs on must not stall a start)


def log_session(kb, stem: str, dry_run: bool = False, wait: float | None = None) -> dict:
    """Write (or replace) one session's entry. {"session", "file", "status": written|unchanged|empty}."""
    from mage_engine.kb.atomic import write_text_atomic
    from mage_engine.kb.lock import kb_lock
    from mage_engine.logs.daily_file import day_path, read_day, with_entry
    from mage_engine.logs.entry import render_entry
    from mage_engine.logs.story import session_story

    story = session_story(kb, stem)
    if story is None or story.empty or not story.started:
        return {"session": stem, "file": None, "status": "empty"}
    day = story.started[:10]
    with kb_lock(kb, wait=wait):  # two sessions ending together write one day's file in turn
        old = read_day(kb, day)
        entry = render_entry(kb, story)
        new = with_entry(old, day, stem, entry)
        status = "unchanged" if new == old else "written"
        if status == "written" and not dry_run:
            write_text_atomic(day_path(kb, day), new)
        if not dry_run:
            _remember(kb, {stem: _trail_size(kb, stem)})
    return {"session": story.session, "file": kb.relative(day_path(kb, day)), "status": status,
            "entry": entry if dry_run else None}


def log_all(kb, dry_run: bool = False) -> list[dict]:
    """Every session in the trail, oldest first."""
    from mage_engine.trail.reader import session_stems

    return [log_session(kb, stem, dry_run) for stem in sorted(session_stems(kb), key=lambda s: _first_ts(kb, s))]


def missed(kb, current: str, now: float | None = None) -> list[str]:
    """Sessions (other than `current`) whose trail grew since their entry and has been idle an hour."""
    import time

    now = time.time() if now is None else now
    logged = _logged(kb)
    try:
        names = os.listdir(kb.at(".mage/learnings"))
    except OSError:
        return []
    found = []
    for name in sorted(names):
        stem = name[:-6] if name.endswith(".jsonl") and "." not in name[:-6] else None
        if not stem or stem == current:
            continue
        try:
            stat = os.lstat(kb.at(".mage/learnings", name))
        except OSError:
            continue
        if logged.get(stem) != stat.st_size and now - stat.st_mtime >= IDLE_SECONDS:
            found.append((stat.st_mtime, stem))
    return [stem for _, stem in sorted(found, reverse=True)[:CATCH_UP_MAX]]


def _first_ts(kb, stem: str) -> str:
    from mage_engine.trail.reader import read_session

    for record in read_session(kb, stem):
        return str(record.get("ts", ""))
    return ""


def _trail_size(kb, stem: str) -> int:
    try:
        return os.lstat(kb.at(".mage/learnings", f"{stem}.jsonl")).st_size
    except OSError:
        return 0


def _logged(kb) -> dict:
    from mage_engine.kb.jsonfiles import read_object

    return read_object(kb.at(STATE_FILE)) or {}


def _remember(kb, sizes: dict) -> None:
    from mage_engine.base import fastjson
    from mage_engine.kb.atomic import write_text_atomic

    try:
        write_text_atomic(kb.at(STATE_FILE), fastjson.dumps({**_logged(kb), **sizes}, sort_keys=True), durable=False)
    except OSError:
        pass  # local bookkeeping: losing it costs one more look at SessionStart
