"""What a transcript parses into: turns (with their tool uses) and compaction boundaries."""

from dataclasses import dataclass, field


@dataclass
class ToolUse:
    """One tool call of the assistant and, once its result is read, whether it worked."""

    id: str
    name: str
    input: object = None
    ok: bool | None = None  # None: no result read yet
    error: str = ""


@dataclass
class Turn:
    """A person's prompt and the assistant's response to it.

    `prompt` is None for a continuation: the response of a turn whose prompt
    was read in an earlier pass (or lies before an excerpt's first line).
    """

    uuid: str
    at: str
    prompt: str | None = None
    texts: list = field(default_factory=list)
    tools: list = field(default_factory=list)
    interrupted: bool = False

    @property
    def assistant_text(self) -> str:
        """The assistant's visible text, blocks joined by blank lines."""
        return "\n\n".join(self.texts)

    @property
    def failures(self) -> list:
        return [tool for tool in self.tools if tool.ok is False]


@dataclass
class Boundary:
    """A `compact_boundary` line: the context was compacted here."""

    uuid: str
    at: str
    trigger: str = ""  # manual | auto
    pre_tokens: int | None = None


@dataclass
class Transcript:
    """One read of a transcript: its turns and boundaries in order, and where the read stopped."""

    items: list = field(default_factory=list)
    offset: int = 0  # byte offset after the last whole line read
    skipped: int = 0  # lines that were not JSON objects
    partial: bool = False  # the file ended mid-line: that line waits for the next read
    uuids: list = field(default_factory=list)

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
