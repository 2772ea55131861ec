"""Chapters (docs/capture.md#chapters): stretches of work between compactions or session ends, derived from the trail.

Nothing is stored: a chapter is the run of a session's trail lines that share
a `chapter` ordinal. It is closed when a boundary ended it (PreCompact,
SessionEnd, or a later chapter of the same session began) or when its session
has been silent for a day (a host that died sends no SessionEnd). It counts
for recurrence only with at least two work events: the user's prompts and
tool uses, never a subagent's.

Work is counted from hook lines (UserPromptSubmit, PostToolUse,
PostToolUseFailure) and from folded transcript turns; where both describe the
same chapter the larger count wins, so the two views never add up twice.
"""

import datetime as dt

from mage_engine.trail.reader import iter_trail
from mage_engine.base.plainrecord import PlainRecord

CLOSING_EVENTS = ("PreCompact", "SessionEnd")  # a chapter's last line, in the derived view (capture/boundary.py)
MIN_WORK_EVENTS = 2
IDLE_CLOSE = dt.timedelta(hours=24)


class Chapter(PlainRecord):
    """One compact-chapter of one session, with its trail lines (a PlainRecord: the
    SessionStart hook's compaction nudge builds these, and `dataclasses` costs ~6 ms)."""

    FIELDS = ("session", "ordinal", "started", "ended", "prompts", "tools", "failures", "closed", "ended_by",
              "events")

    def __init__(self, session: str, ordinal: int, started: str = "", ended: str = "", prompts: int = 0,
                 tools: int = 0, failures: int = 0, closed: bool = False, ended_by: str = "",
                 events: list | None = None):
        self.session, self.ordinal, self.started, self.ended = session, ordinal, started, ended
        self.prompts, self.tools, self.failures = prompts, tools, failures
        self.closed = closed
        self.ended_by = ended_by  # PreCompact | SessionEnd | compaction | idle | "" while open
        self.events = [] if events is None else events

    @property
    def id(self) -> str:
        return f"{self.session}:{self.ordinal}"

    @property
    def work_events(self) -> int:
        return self.prompts + self.tools

    @property
    def counts(self) -> bool:
        """Whether the chapter is evidence for recurrence (≥ 2 work events)."""
        return self.work_events >= MIN_WORK_EVENTS

    def summary(self) -> dict:
        """The chapter without its events, for listings and JSON."""
        return {"id": self.id, "session": self.session, "ordinal": self.ordinal, "started": self.started,
                "ended": self.ended, "prompts": self.prompts, "tools": self.tools, "failures": self.failures,
                "work_events": self.work_events, "counts": self.counts, "closed": self.closed,
                "ended_by": self.ended_by}


def list_chapters(kb, session: str | None = None, now: dt.datetime | None = None) -> list:
    """Every chapter in the trail (or in one session's): sessions oldest first, chapters by ordinal."""
    grouped, first_seen = {}, {}
    for record in iter_trail(kb, session):
        session_id = str(record.get("session", ""))
        first_seen.setdefault(session_id, len(first_seen))
        grouped.setdefault((session_id, _ordinal(record)), []).append(record)
    chapters = [_chapter(session_id, ordinal, events) for (session_id, ordinal), events in grouped.items()]
    _mark_closed(chapters, now or dt.datetime.now(dt.timezone.utc))
    return sorted(chapters, key=lambda chapter: (first_seen[chapter.session], chapter.ordinal))


def _ordinal(record: dict) -> int:
    try:
        return max(1, int(record.get("chapter", 1)))
    except (TypeError, ValueError):
        return 1


def _chapter(session: str, ordinal: int, events: list) -> Chapter:
    stamps = sorted(str(event.get("ts", "")) for event in events)
    chapter = Chapter(session, ordinal, stamps[0], stamps[-1], events=events)
    own = [event for event in events if not event.get("sub")]
    hook_tools = [e for e in own if e.get("event") in ("PostToolUse", "PostToolUseFailure")]
    turns = [e for e in own if e.get("event") == "Turn"]
    turn_tools = [tool for turn in turns for tool in turn.get("tools") or [] if isinstance(tool, dict)]
    chapter.prompts = max(sum(1 for e in own if e.get("event") == "UserPromptSubmit"),
                          sum(1 for turn in turns if turn.get("prompt")))
    chapter.tools = max(len(hook_tools), len(turn_tools))
    chapter.failures = max(sum(1 for e in hook_tools if _failed(e)), sum(1 for tool in turn_tools if _failed(tool)))
    return chapter


def _failed(tool: dict) -> bool:
    """A real failure: a refusal, an interruption or a tool-usage slip is not one (noise.py)."""
    from mage_engine.hosts.claude_code.noise import is_noise

    return tool.get("ok") is False and not is_noise(tool)


def _mark_closed(chapters: list, now: dt.datetime) -> None:
    last_ordinal = {}
    for chapter in chapters:
        last_ordinal[chapter.session] = max(last_ordinal.get(chapter.session, 0), chapter.ordinal)
    for chapter in chapters:
        final = str(chapter.events[-1].get("event", ""))
        if final in CLOSING_EVENTS:
            chapter.closed, chapter.ended_by = True, final
        elif chapter.ordinal < last_ordinal[chapter.session]:
            chapter.closed, chapter.ended_by = True, "compaction"
        elif _idle_since(chapter.ended, now):
            chapter.closed, chapter.ended_by = True, "idle"


def _idle_since(stamp: str, now: dt.datetime) -> bool:
    try:
        ended = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return False
    return now - ended > IDLE_CLOSE


def latest_closed(chapters: list, with_work: bool = False):
    """The most recently ended closed chapter (with at least one work event, if asked), or None."""
    closed = [c for c in chapters if c.closed and (c.work_events or not with_work)]
    return max(closed, key=lambda chapter: (chapter.ended, chapter.ordinal), default=None)
