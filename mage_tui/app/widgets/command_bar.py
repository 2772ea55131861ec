"""The command bar: what the last action did and the git command it suggests, whole, never cut off.

The screen keeps a log of every action's result, newest first
(`LogEntry`); the bar shows the newest one in full (a long `git add` wraps
rather than running off the edge) and how to copy it (`y`) or see the
others (`L`). It is hidden until there is something to show.
"""

from dataclasses import dataclass, field

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static



@dataclass(frozen=True)
class LogEntry:
    """One action's result as the log keeps it."""

    summary: str
    command: str | None = None
    written: tuple = ()
    warnings: tuple = ()
    ok: bool = True
    draft_ids: tuple = field(default=(), compare=False)

    @classmethod
    def from_result(cls, result: dict) -> "LogEntry":
        return cls(summary(result), result.get("git_command"), tuple(result.get("written") or ()),
                   tuple(result.get("warnings") or ()), draft_ids=tuple(d.get("draft") for d in result.get("done", [])))


class CommandBar(Static):
    """The newest log entry: summary, the git command in full, warnings, and the copy hint."""

    log: reactive[list] = reactive(list, always_update=True)
    """Every entry this session, newest first (pushed by the pane)."""

    def on_mount(self) -> None:
        self.display = False

    def watch_log(self, log: list) -> None:
        self.display = bool(log)
        if log:
            self.update(entry_text(log[0], len(log)))


def entry_text(entry: LogEntry, count: int) -> Content:
    """The entry: a line saying what happened, then the command (wrapped, whole) with how to copy it."""
    mark, style = ("✓", "bold $text-success") if entry.ok else ("✗", "bold $text-error")
    lines = [Content.styled(f"{mark} {entry.summary}", style)]
    hints = ["y copies"] if entry.command else []
    if count > 1:
        hints.append(f"L shows all {count}")
    if entry.command:
        lines += [Content.styled(" · not committed: read the diff, then run", "$text-muted"), Content("\n"),
                  Content.styled("$ ", "$text-muted"), Content.styled(entry.command, "bold $text")]
    if hints:
        lines.append(Content.styled("   " + " · ".join(hints), "$text-muted"))
    for warning in entry.warnings:
        lines += [Content("\n"), Content.styled(f"warning: {warning}", "$text-warning")]
    return Content.assemble(*lines)


PAST = {"accept": "accepted", "reject": "rejected", "merge": "merged", "approve-proposals": "approved proposals:",
        "optimize": "applied", "dismiss": "dismissed"}


def summary(result: dict) -> str:
    """One line: 'accepted a → a, b → b', 'rejected x', 'proposed accept for y', 'undid the accept of z'."""
    verb, done = result.get("action", "done"), result.get("done", [])
    if verb == "propose":
        item = done[0] if done else {}
        return f"proposed {item.get('verdict')} for {item.get('draft')}: a person approves with P"
    if verb == "undo":
        item = done[0] if done else {}
        what = item.get("draft") if len(done) == 1 else f"{len(done)} drafts"
        return f"undid the {item.get('verdict') or item.get('undid', 'change')} of {what}: back in staging"
    pairs = [f"{d['draft']} → {d['note']}" if d.get("note") and (verb == "merge" or d["note"] != d["draft"])
             else d["draft"] for d in done]
    shown = ", ".join(pairs[:3]) + (f" and {len(pairs) - 3} more" if len(pairs) > 3 else "")
    return f"{PAST.get(verb, verb)} {shown}"
