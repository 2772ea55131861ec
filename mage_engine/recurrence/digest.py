"""The digest of one chapter (docs/capture.md#the-boundary-nudge): what failed and what made it pass, corrections,
what the person asked to keep, what the host's own summary noted, files touched.

Read-only and deterministic. Tool uses and prompts come from the hook lines
when the chapter has them, else from the folded transcript turns, so the same
work is never listed twice (nor one tool call, by its tool_use id). Refusals,
interruptions and tool-usage slips are not failures (noise.py). Each failure
says how it ended: the step after which it passed (a destructive one with a
warning), a re-run with other flags, or still failing. Lists are ranked by
usefulness, not arrival: fixed failures first, the most frequent first.
"""

from mage_engine.base.plainrecord import PlainRecord
from mage_engine.recurrence.digest_steps import chapter_steps, corrections, failures, files, requests

LIST_CAP = 5


class Digest(PlainRecord):
    """The closed chapter in a few capped lists (a PlainRecord: the SessionStart hook's
    compaction nudge builds it, and `dataclasses` costs ~6 ms to import)."""

    FIELDS = ("chapter", "failures", "corrections", "requests", "host", "files")

    def __init__(self, chapter: str, failures: list | None = None, corrections: list | None = None,
                 requests: list | None = None, host: list | None = None, files: list | None = None):
        self.chapter = chapter
        self.failures = [] if failures is None else failures  # dicts: what, count, outcome, fix, warning
        self.corrections = [] if corrections is None else corrections
        self.requests = [] if requests is None else requests
        self.host = [] if host is None else host  # lines from the host's compaction summary
        self.files = [] if files is None else files

    @property
    def empty(self) -> bool:
        return not (self.failures or self.corrections or self.requests or self.host or self.files)

    @property
    def failed(self) -> int:
        """Real failures (noise left out), each time it failed."""
        return sum(item["count"] for item in self.failures)

    def lines(self, cap: int = LIST_CAP) -> list:
        """Plain-text lines, one per non-empty section, most useful first."""
        sections = [("Failed", [failure_line(item) for item in self.failures], "; "),
                    ("User corrections", [f'"{text}"' for text in self.corrections], "; "),
                    ("Asked to keep", [f'"{text}"' for text in self.requests], "; "),
                    ("Claude Code's summary noted", self.host, "; "),
                    ("Files touched", self.files, ", ")]
        return [f"{title}: {capped(items, cap, joiner)}" for title, items, joiner in sections if items]

    def as_dict(self) -> dict:
        return {"chapter": self.chapter, "failures": self.failures, "corrections": self.corrections,
                "requests": self.requests, "host": self.host, "files": self.files}


def failure_line(item: dict) -> str:
    count = f" (×{item['count']})" if item["count"] > 1 else ""
    text = f"{item['what']}{count}"
    if item["outcome"] == "fixed":
        text += f" → passed after `{item['fix']}`"
    elif item["outcome"] == "retried":
        text += f" → passed when re-run {item['fix']}"
    elif item["outcome"] == "passed":
        text += " → passed when run again unchanged"
    else:
        text += " → still failing"
    if item.get("warning"):
        text += f" (WARNING, destructive: {item['warning']}; check before repeating it)"
    return text


def capped(items: list, cap: int, joiner: str = "; ") -> str:
    """The first `cap` items joined, then "+N more" for the rest."""
    shown = joiner.join(items[:cap])
    return f"{shown} (+{len(items) - cap} more)" if len(items) > cap else shown


def digest_chapter(chapter, host: list | None = None) -> Digest:
    """Build the digest of a Chapter from its trail lines (`host`: the host summary's lines)."""
    steps = chapter_steps([event for event in chapter.events if not event.get("sub")])
    return Digest(chapter=chapter.id, failures=failures(steps), corrections=corrections(steps),
                  requests=requests(steps), host=list(host or []), files=files(steps))
