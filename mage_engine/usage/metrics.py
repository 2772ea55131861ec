"""Local usage metrics per note (docs/recall.md#usage-metrics): hinted, recalled, opened, accepted.

Writers never lock: `record_usage` (events.py) appends one line to `.mage/metrics.events.jsonl` (the hint hook calls it on
every hint). Readers call `load_metrics`, which folds what was appended since
the last fold (and the `Read`s of note files in the capture trail) into the
snapshot `.mage/metrics.json`, saved under a short flock. Each note's record:

    {"hinted": n, "recalled": n, "opened": n, "accepted": n,
     "first_used": ts, "last_used": ts,
     "chapters": {"hinted": ["<session>:<chapter>", ...], "recalled": [...], ...},
     "hinted_turns": n, "used": n}

`hinted_turns` and `used` come from the injection ledger and the trail
(hint_use.py): the turns in which the note was hinted, and in how many of
them the agent used it (read it, recalled it, or used its words in its reply).

Reading the counts back (MEMORY.md's ranking, graduation's evidence) lives in
ranking.py.
"""

import time

from mage_engine.base import fastjson
from mage_engine.usage import counts, hint_use
from mage_engine.usage.events import events_path
from mage_engine.kb.layout import METRICS_LOCK_FILE

SNAPSHOT_VERSION = 1
ROTATE_BYTES = 4 * 1024 * 1024


def load_metrics(kb, save: bool = True) -> dict:
    """{note id: usage record} with everything recorded so far."""
    snapshot = _read_snapshot(kb)
    notes = snapshot["notes"]
    snapshot["events_offset"] = counts.fold_events_file(notes, events_path(kb), snapshot["events_offset"])
    snapshot["trail"] = counts.fold_trail(notes, kb, snapshot["trail"])
    snapshot["hints_offset"] = hint_use.fold_hint_use(kb, notes, snapshot["hints_offset"])
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

    lock = FileLock(kb.at(METRICS_LOCK_FILE), wait=0.2)
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
    path = events_path(kb)
    if snapshot["events_offset"] < ROTATE_BYTES:
        return
    from mage_engine.kb.atomic import move, remove

    retired = path.with_name("metrics.events.retired")
    move(path, retired)
    time.sleep(0.05)  # an appender that opened the old file a moment ago finishes its write
    counts.fold_events_file(snapshot["notes"], retired, snapshot["events_offset"])
    remove(retired)
    snapshot["events_offset"] = 0

