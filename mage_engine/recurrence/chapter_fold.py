"""The fold: trail records into per-chapter state, one record at a time.

Each chapter (`<session>:<ordinal>`, as `mage chapters` names it) keeps its
work counts, first and last time, and its observations and skill loads.
While a chapter may still grow it also keeps its steps, so new lines can be
folded in and the chapter re-analysed; once it cannot (its session ended a day
before the newest line of the trail, so no `--resume` is coming, or two newer
chapters of the session exist: a transcript fold may still file a turn under
the chapter just before a compaction) the steps are dropped to keep the state
small. A step arriving for a chapter whose steps were dropped
raises `Restart`: a full fold is always correct, only slower.
"""

from mage_engine.kb.jsonfiles import parse_line
from mage_engine.recurrence.observations import analyse
from mage_engine.trail.reader import Restart
from mage_engine.recurrence.steps import HOOK_PROMPT, HOOK_TOOLS, hook_steps, turn_steps
from mage_engine.recurrence.distill_state import bucket_of

MIN_WORK_EVENTS = 2  # docs/capture.md#chapters: a chapter counts for recurrence with at least 2 work events
KEEP_OPEN = 2        # newest chapters per session whose steps are kept


def new_chapter(session: str, ordinal: int, ts: str) -> dict:
    return {"session": session, "ordinal": ordinal, "first": ts, "last": ts, "end": "",
            "hp": 0, "ht": 0, "tp": 0, "tt": 0, "hook": [], "turn": [], "obs": [], "loads": [], "final": False}


def work(chapter: dict) -> int:
    """Prompts plus tool uses, hook lines and transcript turns never added twice."""
    return max(chapter["hp"], chapter["tp"]) + max(chapter["ht"], chapter["tt"])


def counts(chapter: dict) -> bool:
    return work(chapter) >= MIN_WORK_EVENTS


def contribution(chapter: dict) -> tuple:
    """(chapter start, observations) a chapter adds to the tallies: none unless it counts, but for
    what the person asked to keep (one prompt saying "remember …" is a lesson, however short)."""
    if counts(chapter):
        return chapter["first"], chapter["obs"]
    return chapter["first"], [seen for seen in chapter["obs"] if seen["sig"].startswith("lesson: ")]


class Folder:
    """Folds parsed records into the store's buckets, remembering each touched chapter's
    contribution from before the run, so the sightings can be updated by difference."""

    def __init__(self, store):
        self.store = store
        self.before = {}  # chapter id -> (bucket, contribution before this run)
        self.grew = set()
        self.events = 0
        self.bucket_names = {}
        self.newest = store.index.get("newest", "")  # the latest `ts` folded so far

    def feed_line(self, line: str) -> None:
        record = parse_line(line)
        if record is not None:
            self.feed(record)

    def feed(self, record: dict) -> None:
        """Fold one trail record."""
        self.events += 1
        session, ordinal = str(record.get("session", "")), _ordinal(record.get("chapter"))
        name = self.bucket_names.get(session) or self.bucket_names.setdefault(session, bucket_of(session))
        bucket, chapter_id, ts = self.store.bucket(name), f"{session}:{ordinal}", str(record.get("ts", ""))
        self.store.touched.add(name)
        chapter = bucket["chapters"].get(chapter_id)
        if chapter is None:
            chapter = bucket["chapters"][chapter_id] = new_chapter(session, ordinal, ts)
        if chapter_id not in self.before:
            self.before[chapter_id] = (name, contribution(chapter))
        chapter["first"], chapter["last"] = min(chapter["first"], ts), max(chapter["last"], ts)
        self.newest = max(self.newest, ts)
        if ordinal > bucket["sessions"].get(session, 0):
            bucket["sessions"][session] = ordinal
        event = record.get("event")
        chapter["end"] = event if event in ("SessionEnd", "PreCompact") else ""
        if not record.get("sub"):  # a subagent's or compaction fork's work is never the user's
            self._add_work(chapter, chapter_id, event, record)

    def _add_work(self, chapter, chapter_id, event, record) -> None:
        if event == "Turn":
            steps, stream = turn_steps(record), "turn"
            chapter["tp"] += 1 if record.get("prompt") else 0
            chapter["tt"] += len(steps) - (1 if steps and steps[0]["k"] == "p" else 0)
        elif event == HOOK_PROMPT or event in HOOK_TOOLS:
            steps, stream = hook_steps(record), "hook"
            chapter["hp" if event == HOOK_PROMPT else "ht"] += 1
        else:
            return
        if not steps:
            return
        if chapter["final"]:
            raise Restart(f"new work in chapter {chapter_id} after its steps were dropped")
        chapter[stream].extend(steps)
        self.grew.add(chapter_id)

    def settle(self) -> list:
        """Re-analyse the chapters that grew and drop steps no longer needed.

        Returns (chapter id, contribution before, contribution now) for every touched chapter.
        """
        changes = []
        for chapter_id, (name, before) in self.before.items():
            chapter = self.store.buckets[name]["chapters"][chapter_id]
            if chapter_id in self.grew:
                chapter["obs"], chapter["loads"] = analyse(_stream(chapter))
            changes.append((chapter_id, before, contribution(chapter)))
        self.store.index["newest"] = self.newest
        for name in self.store.touched:
            _finalise(self.store.buckets[name], _a_day_before(self.newest))
        return changes


def _a_day_before(stamp: str) -> str:
    import datetime as dt

    try:
        moment = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return ""
    return (moment - dt.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _finalise(bucket: dict, resumable_after: str) -> None:
    """Drop the steps of chapters that cannot grow any more (see the module doc)."""
    sessions, chapters = bucket["sessions"], bucket["chapters"]
    ended = {c["session"] for c in chapters.values() if c["end"] == "SessionEnd" and c["last"] < resumable_after
             and c["ordinal"] == sessions[c["session"]]}
    for chapter in chapters.values():
        newest = sessions.get(chapter["session"], 0)
        if not chapter["final"] and (chapter["session"] in ended or chapter["ordinal"] <= newest - KEEP_OPEN):
            chapter["final"], chapter["hook"], chapter["turn"] = True, [], []


def _stream(chapter: dict) -> list:
    """The hook stream, unless the transcript saw more of this chapter's work."""
    if chapter["hook"] and chapter["hp"] + chapter["ht"] >= chapter["tp"] + chapter["tt"]:
        return chapter["hook"]
    return chapter["turn"]


def _ordinal(value) -> int:
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return 1
