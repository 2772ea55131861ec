"""Local usage metrics per note (SPEC 6.4): hinted, recalled, opened, accepted.

Writers never lock: `record_usage` (usage_events.py, importable from here)
appends one line to `.mage/metrics.events.jsonl` (the hint hook calls it on
every hint). Readers call `load_metrics`, which folds what was appended since
the last fold (and the `Read`s of note files in the capture trail) into the
snapshot `.mage/metrics.json`, saved under a short flock. Each note's record:

    {"hinted": n, "recalled": n, "opened": n, "accepted": n,
     "first_used": ts, "last_used": ts,
     "chapters": {"hinted": ["<session>:<chapter>", ...], "recalled": [...], ...},
     "hinted_turns": n, "used": n}

`hinted_turns` and `used` come from the injection ledger and the trail
(usage_hints.py): the turns in which the note was hinted, and in how many of
them the agent used it (read it, recalled it, or used its words in its reply).

Reading the counts back (MEMORY.md ranking, graduation evidence) lives in
`usage.py`; `rank_key`, `rank_notes`, `usage_chapters` and `used_chapters`
are importable from here too.
"""

import time

from mage_engine.base import fastjson
from mage_engine.usage.events import EVENTS_FILE, KINDS, record_usage, session_chapter  # noqa: F401

SNAPSHOT_VERSION = 1
ROTATE_BYTES = 4 * 1024 * 1024


def events_path(kb):
    """Where hooks and commands append usage events."""
    return kb.scratch_dir / EVENTS_FILE


def record_opened(kb, note_ids) -> None:
    """A person or the agent printed the notes (`mage show`): they count as opened."""
    session = _agent_session()
    record_usage(kb, "opened", note_ids, session, session_chapter(kb, session))


def record_accepted(kb, note_ids) -> None:
    """Grooming accepted or merged into these notes (their accepted-at time)."""
    record_usage(kb, "accepted", note_ids)


def _agent_session() -> str | None:
    """The Claude Code session a command runs in (its shell has CLAUDE_CODE_SESSION_ID), if any."""
    import os

    return os.environ.get("CLAUDE_CODE_SESSION_ID") or None


def load_metrics(kb, save: bool = True) -> dict:
    """{note id: usage record} with everything recorded so far."""
    from mage_engine.usage import counts as usage_fold, hint_use as usage_hints

    snapshot = _read_snapshot(kb)
    notes = snapshot["notes"]
    snapshot["events_offset"] = usage_fold.fold_events_file(notes, events_path(kb), snapshot["events_offset"])
    snapshot["trail"] = usage_fold.fold_trail(notes, kb.learnings_dir, snapshot["trail"])
    snapshot["hints_offset"] = usage_hints.fold_hint_use(kb, notes, snapshot["hints_offset"])
    if save:
        _save(kb, snapshot)
    return notes


def _read_snapshot(kb) -> dict:
    try:
        from mage_engine.kb.jsonfiles import read_object

        data = read_object(kb.metrics_path)
        if data.get("version") == SNAPSHOT_VERSION and isinstance(data.get("notes"), dict):
            return {"version": SNAPSHOT_VERSION, "events_offset": int(data.get("events_offset", 0)),
                    "trail": dict(data.get("trail") or {}), "hints_offset": int(data.get("hints_offset", 0)),
                    "notes": data["notes"]}
    except (OSError, ValueError, TypeError, AttributeError):
        pass
    return {"version": SNAPSHOT_VERSION, "events_offset": 0, "trail": {}, "hints_offset": 0, "notes": {}}


def _save(kb, snapshot: dict) -> None:
    """Write the snapshot under the index lock's sibling; skip quietly if another fold holds it."""
    from mage_engine.kb.atomic import write_text_atomic
    from mage_engine.kb.flock import FileLock

    lock = FileLock(kb.scratch_dir / "metrics.lock", wait=0.2)
    try:
        if not lock.acquire():
            return
        current = _read_snapshot(kb)
        if current["events_offset"] > snapshot["events_offset"]:
            return  # a concurrent fold got further; its snapshot stands
        _rotate_events(kb, snapshot)
        write_text_atomic(kb.metrics_path, fastjson.dumps(snapshot, ensure_ascii=False, separators=(",", ":")))
    except OSError:
        pass
    finally:
        lock.release()


def _rotate_events(kb, snapshot: dict) -> None:
    """Start a new events file once the folded one is large (fold its last lines first)."""
    from mage_engine.usage import counts as usage_fold

    path = events_path(kb)
    if snapshot["events_offset"] < ROTATE_BYTES:
        return
    from mage_engine.kb.atomic import move, remove

    retired = path.with_name("metrics.events.retired")
    move(path, retired)
    time.sleep(0.05)  # an appender that opened the old file a moment ago finishes its write
    usage_fold.fold_events_file(snapshot["notes"], retired, snapshot["events_offset"])
    remove(retired)
    snapshot["events_offset"] = 0


from mage_engine.usage.ranking import rank_key, rank_notes, usage_chapters, used_chapters  # noqa: E402,F401
