"""The digest of one chapter (SPEC 6.6): what failed, what was retried, corrections, files touched.

Read-only and deterministic. Tool uses and prompts come from the hook lines
when the chapter has them, else from the folded transcript turns, so the same
work is never listed twice. Each list is capped, with "+N more".
"""

from mage_engine.plainrecord import PlainRecord

LIST_CAP = 5
EDIT_TOOLS = ("Edit", "MultiEdit", "Write", "NotebookEdit")
# A prompt that corrects the agent; compiled (by `re`, which caches it) only when a prompt is checked.
_CORRECTION = (
    r"(?i)^\W*(?:no|nope|don'?t|do not|stop|wrong|never|instead|actually|undo|revert|wait|"
    r"not (?:that|this|like that)|that'?s (?:not|wrong)|why did you|i (?:said|told you|asked))\b"
    r"|\binstead\b|\bi told you\b|\bshould(?:n'?t| not)? have\b")
_HARNESS = ("<", "[Request interrupted", "Caveat:")


class Digest(PlainRecord):
    """The closed chapter in a few capped lists (a PlainRecord: the SessionStart hook's
    compaction nudge builds it, and `dataclasses` costs ~6 ms to import)."""

    FIELDS = ("chapter", "failures", "retries", "corrections", "files")

    def __init__(self, chapter: str, failures: list | None = None, retries: list | None = None,
                 corrections: list | None = None, files: list | None = None):
        self.chapter = chapter
        self.failures = [] if failures is None else failures  # (label, count)
        self.retries = [] if retries is None else retries
        self.corrections = [] if corrections is None else corrections
        self.files = [] if files is None else files

    @property
    def empty(self) -> bool:
        return not (self.failures or self.retries or self.corrections or self.files)

    def lines(self, cap: int = LIST_CAP) -> list:
        """Plain-text lines, one per non-empty section."""
        failures = [f"{label} (×{count})" if count > 1 else label for label, count in self.failures]
        sections = [("Failed", failures, "; "), ("Retried", self.retries, "; "),
                    ("User corrections", [f'"{text}"' for text in self.corrections], "; "),
                    ("Files touched", self.files, ", ")]
        return [f"{title}: {capped(items, cap, joiner)}" for title, items, joiner in sections if items]

    def as_dict(self) -> dict:
        return {"chapter": self.chapter, "failures": [{"what": label, "count": count} for label, count in self.failures],
                "retries": self.retries, "corrections": self.corrections, "files": self.files}


def capped(items: list, cap: int, joiner: str = "; ") -> str:
    """The first `cap` items joined, then "+N more" for the rest."""
    shown = joiner.join(items[:cap])
    return f"{shown} (+{len(items) - cap} more)" if len(items) > cap else shown


def digest_chapter(chapter) -> Digest:
    """Build the digest of a Chapter from its trail lines."""
    own = [event for event in chapter.events if not event.get("sub")]
    tools = tool_events(own)
    return Digest(chapter=chapter.id, failures=_failures(tools), retries=_retries(tools),
                  corrections=_corrections(own), files=_files(tools))


def tool_events(events: list) -> list:
    """Tool uses as dicts (tool, command, paths, ok, error, exit), hook lines first."""
    hooked = [e for e in events if e.get("event") in ("PostToolUse", "PostToolUseFailure")]
    if hooked:
        return hooked
    return [tool for e in events if e.get("event") == "Turn" for tool in e.get("tools") or [] if isinstance(tool, dict)]


def _label(tool: dict) -> str:
    name = tool.get("tool") or "?"
    if tool.get("command"):
        return f"{name} `{tool['command']}`"
    return f"{name} {tool['paths'][0]}" if tool.get("paths") else name


def _failures(tools: list) -> list:
    counts = {}
    for tool in tools:
        if tool.get("ok") is False:
            error = tool.get("error") or "failed"
            code = f" (exit {tool['exit']})" if isinstance(tool.get("exit"), int) else ""
            key = f"{_label(tool)}: {error}{code}"
            counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items(), key=lambda item: -item[1])


def _retries(tools: list) -> list:
    runs = {}
    for tool in tools:
        if tool.get("command"):
            runs.setdefault(_label(tool), []).append(tool.get("ok") is not False)
    lines = []
    for label, outcomes in runs.items():
        if len(outcomes) > 1 and not all(outcomes):
            ending = "then succeeded" if outcomes[-1] else "still failing"
            lines.append(f"{label} ran {len(outcomes)} times, {outcomes.count(False)} failed, {ending}")
    return lines


def _corrections(events: list) -> list:
    """Prompts that overrule the agent after it has acted in this chapter."""
    source = "UserPromptSubmit" if any(e.get("event") == "UserPromptSubmit" for e in events) else "Turn"
    found, acted = [], False
    for event in events:
        prompt = event.get("prompt") if event.get("event") == source else None
        if isinstance(prompt, str) and acted and not prompt.strip().startswith(_HARNESS) and _is_correction(prompt):
            found.append(" ".join(prompt.split())[:160])
        acted = acted or event.get("event") in ("PostToolUse", "PostToolUseFailure", "Stop") or \
            (event.get("event") == "Turn" and bool(event.get("tools") or event.get("assistant")))
    return found


def _files(tools: list) -> list:
    edited, read = {}, {}
    for tool in tools:
        target = edited if tool.get("tool") in EDIT_TOOLS else read
        for path in tool.get("paths") or []:
            target.setdefault(path, None)
    return [f"{path} (edited)" for path in edited] + [path for path in read if path not in edited]


def _is_correction(prompt: str) -> bool:
    import re

    return re.search(_CORRECTION, prompt) is not None
