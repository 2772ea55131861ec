"""The fold: trail records into per-chapter state, one record at a time.

Each chapter (`<session>:<ordinal>`, as `mage chapters` names it) keeps its
work counts, first and last time, and its observations and skill loads.
While a chapter may still grow it also keeps its steps, so new lines can be
folded in and the chapter re-analysed; once it cannot (its session ended, or
two newer chapters of the session exist) the steps are dropped to keep the
state small. A step arriving for a chapter whose steps were dropped raises
`Restart`: a full fold is always correct, only slower.
"""

import json

from mage_engine.recurrence.analysis import analyse
from mage_engine.recurrence.cursor import Restart
from mage_engine.recurrence.steps import HOOK_PROMPT, HOOK_TOOLS, hook_steps, turn_steps

MIN_WORK_EVENTS = 2  # SPEC 3.3: a chapter counts for recurrence with at least 2 work events
KEEP_OPEN = 2        # newest chapters per session whose steps are kept


def new_chapter(session: str, ordinal: int, ts: str) -> dict:
    return {"session": session, "ordinal": ordinal, "first": ts, "last": ts, "end": "",
            "hp": 0, "ht": 0, "tp": 0, "tt": 0, "hook": [], "turn": [], "obs": [], "loads": [], "final": False}


def work(chapter: dict) -> int:
    """Prompts plus tool uses, hook lines and transcript turns never added twice."""
    return max(chapter["hp"], chapter["tp"]) + max(chapter["ht"], chapter["tt"])


def counts(chapter: dict) -> bool:
    return work(chapter) >= MIN_WORK_EVENTS


class Folder:
    """Folds parsed records into `state["chapters"]`, remembering which it touched."""

    def __init__(self, state: dict):
        self.chapters = state["chapters"]
        self.sessions = state["sessions"]
        self.touched = set()
        self.events = 0

    def feed_line(self, raw: bytes) -> None:
        try:
            record = json.loads(raw)
        except ValueError:
            return
        if isinstance(record, dict):
            self.feed(record)

    def feed(self, record: dict) -> None:
        """Fold one trail record."""
        self.events += 1
        session = str(record.get("session", ""))
        ordinal = _ordinal(record.get("chapter"))
        chapter_id = f"{session}:{ordinal}"
        ts = str(record.get("ts", ""))
        chapter = self.chapters.get(chapter_id)
        if chapter is None:
            chapter = self.chapters[chapter_id] = new_chapter(session, ordinal, ts)
        chapter["first"], chapter["last"] = min(chapter["first"], ts), max(chapter["last"], ts)
        if ordinal > self.sessions.get(session, 0):
            self.sessions[session] = ordinal
        event = record.get("event")
        chapter["end"] = event if event in ("SessionEnd", "PreCompact") else ""
        if record.get("sub"):
            return  # a subagent's or compaction fork's work is never the user's
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
        self.touched.add(chapter_id)

    def settle(self) -> None:
        """Re-analyse the chapters that grew, then drop steps no longer needed."""
        for chapter_id in self.touched:
            chapter = self.chapters[chapter_id]
            chapter["obs"], chapter["loads"] = analyse(_stream(chapter))
        for chapter in self.chapters.values():
            if not chapter["final"] and _settled(chapter, self.sessions.get(chapter["session"], 0)):
                chapter["final"], chapter["hook"], chapter["turn"] = True, [], []


def _stream(chapter: dict) -> list:
    """The hook stream, unless the transcript saw more of this chapter's work."""
    if chapter["hook"] and chapter["hp"] + chapter["ht"] >= chapter["tp"] + chapter["tt"]:
        return chapter["hook"]
    return chapter["turn"]


def _settled(chapter: dict, newest: int) -> bool:
    return chapter["end"] == "SessionEnd" or chapter["ordinal"] <= newest - KEEP_OPEN


def _ordinal(value) -> int:
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return 1
