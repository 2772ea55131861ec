"""MEMORY.md: what the host loads at launch, bounded like the host bounds it.

Claude Code loads only the first 200 lines or 25 KB of MEMORY.md, so the file
is a governance line, then the best-ranked notes that fit
`memory.budget_lines` and the byte cap, then one overflow line naming how many
notes were left out and where they are (INDEX.md). Every entry is one line
(titles and summaries clipped, see clip.py), so the line budget holds
whatever the notes contain.
"""

from mage_engine.kb.clock import iso_date
from mage_engine.kb.notes import Note
from mage_engine.base.clip import TITLE_CHARS, clip

MAX_BYTES = 25_000
ENTRY_CHARS = 200
HEADER = [
    "# Project memory (kept by mage)",
    "",
    "These are this project's notes: lessons, procedures, rules and pointers its developers groomed "
    "and committed under mage/notes/. Find more with `mage recall \"<words>\"`; "
    "stage a new lesson with `mage stage --title \"…\" --body \"…\"` (a person grooms it into a note).",
    "",
]


def render_memory(notes: list[Note], budget_lines: int = 200, rank=None) -> str:
    """The text of mage/MEMORY.md; `rank(notes)` orders them (default: most recent first)."""
    ordered = rank(notes) if rank else rank_by_recency(notes)
    lines = list(HEADER)
    room_lines = max(budget_lines - len(lines) - 1, 0)
    size = sum(len(l.encode("utf-8")) + 1 for l in lines)
    shown = 0
    for note in ordered:
        entry = memory_entry(note)
        cost = len(entry.encode("utf-8")) + 1
        if shown >= room_lines or size + cost + _overflow_bytes() > MAX_BYTES:
            break
        lines.append(entry)
        size += cost
        shown += 1
    lines.append(overflow_line(len(ordered) - shown))
    return "\n".join(lines) + "\n"


def memory_entry(note: Note) -> str:
    """One line under ~200 characters: title linked to its file, then the summary."""
    title = clip(note.title, TITLE_CHARS).replace("[", "\\[").replace("]", "\\]")
    head = f"- [{title}](notes/{note.id}.md)"
    room = ENTRY_CHARS - len(head) - 3
    summary = clip(note.summary, room) if room > 20 else ""
    return f"{head} — {summary}" if summary else head


def overflow_line(left_out: int) -> str:
    if left_out <= 0:
        return "- Every note is listed above; the full index with tags is [INDEX.md](INDEX.md)."
    return f"- {left_out} more note{'s' if left_out != 1 else ''} not listed here: see [INDEX.md](INDEX.md)."


def rank_by_recency(notes: list[Note]) -> list[Note]:
    """Most recently updated first; ties broken by id so the order is stable."""
    return sorted(notes, key=lambda n: (_negate(iso_date(n.updated) or iso_date(n.created)), n.id))


def _negate(date: str) -> str:
    # invert each digit so an ascending sort puts the newest date first
    return "".join(chr(ord("9") - ord(c) + ord("0")) if c.isdigit() else c for c in date)


def _overflow_bytes() -> int:
    return len(overflow_line(10_000).encode("utf-8")) + 1
