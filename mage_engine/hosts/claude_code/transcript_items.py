"""What a transcript parses into: turns (with their tool uses) and compaction boundaries.

PlainRecords rather than dataclasses (same constructors, == and repr): the
Stop and PreCompact hooks parse transcripts, and `dataclasses` would cost
each of them about 6 ms to import.
"""

from mage_engine.base.plainrecord import PlainRecord


class ToolUse(PlainRecord):
    """One tool call of the assistant and, once its result is read, whether it worked."""

    FIELDS = ("id", "name", "input", "ok", "error")

    def __init__(self, id: str, name: str, input: object = None, ok: bool | None = None, error: str = ""):
        self.id, self.name, self.input = id, name, input
        self.ok = ok  # None: no result read yet
        self.error = error


class Turn(PlainRecord):
    """A person's prompt and the assistant's response to it.

    `prompt` is None for a continuation: the response of a turn whose prompt
    was read in an earlier pass (or lies before an excerpt's first line).
    """

    FIELDS = ("uuid", "at", "prompt", "texts", "tools", "interrupted")

    def __init__(self, uuid: str, at: str, prompt: str | None = None, texts: list | None = None,
                 tools: list | None = None, interrupted: bool = False):
        self.uuid, self.at, self.prompt = uuid, at, prompt
        self.texts = [] if texts is None else texts
        self.tools = [] if tools is None else tools
        self.interrupted = interrupted

    @property
    def assistant_text(self) -> str:
        """The assistant's visible text, blocks joined by blank lines."""
        return "\n\n".join(self.texts)

    @property
    def failures(self) -> list:
        return [tool for tool in self.tools if tool.ok is False]


class Boundary(PlainRecord):
    """A compaction: a `compact_boundary` line, or (Claude Code 1.0.x, which wrote none) the
    `isCompactSummary` line itself. `summary` holds the items of the host's own summary
    (hostsummary.py) when the summary line was read."""

    FIELDS = ("uuid", "at", "trigger", "pre_tokens", "summary", "style")

    def __init__(self, uuid: str, at: str, trigger: str = "", pre_tokens: int | None = None,
                 summary: list | None = None, style: str = "boundary"):
        self.uuid, self.at = uuid, at
        self.trigger = trigger  # manual | auto
        self.pre_tokens = pre_tokens
        self.summary = [] if summary is None else summary
        self.style = style  # boundary (a compact_boundary line) | summary (an old-style summary line)


class Transcript(PlainRecord):
    """One read of a transcript: its turns and boundaries in order, and where the read stopped."""

    FIELDS = ("items", "offset", "skipped", "partial", "uuids", "history", "worked", "after_boundary")

    def __init__(self, items: list | None = None, offset: int = 0, skipped: int = 0, partial: bool = False,
                 uuids: list | None = None, history: int = 0, worked: bool = False, after_boundary: bool = False):
        self.items = [] if items is None else items
        self.offset = offset  # byte offset after the last whole line read
        self.skipped = skipped  # lines that were not JSON objects
        self.partial = partial  # the file ended mid-line: that line waits for the next read
        self.uuids = [] if uuids is None else uuids
        self.history = history  # lines of another session (copied in on resume): read, never work
        self.worked = worked  # the transcript held work before the end of this read
        self.after_boundary = after_boundary  # the read ended just after a boundary, before its summary

    @property
    def turns(self) -> list:
        return [item for item in self.items if isinstance(item, Turn)]

    @property
    def boundaries(self) -> list:
        return [item for item in self.items if isinstance(item, Boundary)]

    def chapters(self) -> list:
        """The turns split at compaction boundaries: one list per stretch of context."""
        stretches = [[]]
        for item in self.items:
            if isinstance(item, Boundary):
                stretches.append([])
            else:
                stretches[-1].append(item)
        return stretches
