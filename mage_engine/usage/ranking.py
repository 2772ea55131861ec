"""Reading usage metrics: MEMORY.md's ranking (docs/recall.md#usage-metrics) and graduation's evidence (docs/recurrence.md#graduate).

`rank_notes(kb, notes)` is what `render_memory(..., rank=...)` calls (through
render_all): notes with recorded use first, by how much they were used
(recalls and opens count fully, hints a quarter), then the rest by recency
(`updated`, else `created`), ties by id. `usage_chapters(kb)` gives, per note,
the chapters and what happened in each; a hint alone is not use.
"""

from mage_engine.kb.clock import iso_date
from mage_engine.usage.metrics import load_metrics


def used_chapters(usage: dict) -> set:
    """Distinct chapters in which the note was recalled or opened (graduation evidence)."""
    chapters = usage.get("chapters", {})
    return set(chapters.get("recalled", [])) | set(chapters.get("opened", []))


def usage_chapters(kb) -> dict:
    """{note id: {chapter id: [kinds]}}: in which chapters each note was hinted, recalled,
    opened, and "hinted_read" (hinted and opened in the same chapter)."""
    result = {}
    for note_id, usage in load_metrics(kb).items():
        chapters = {}
        for kind in ("hinted", "recalled", "opened"):
            for chapter in usage.get("chapters", {}).get(kind, []):
                chapters.setdefault(chapter, []).append(kind)
        for kinds in chapters.values():
            if "hinted" in kinds and "opened" in kinds:
                kinds.append("hinted_read")
        if chapters:
            result[note_id] = chapters
    return result


def usage_weight(usage: dict | None) -> float:
    """How much a note has been used: recalls and opens count fully, hints a quarter."""
    if not usage:
        return 0.0
    return usage["recalled"] + usage["opened"] + 0.25 * usage["hinted"]


def rank_key(kb, metrics: dict | None = None):
    """A sort key for notes, best first: used notes by use (then recency), then the
    rest by recency (`updated`, else `created`), ties by id."""
    if metrics is None:
        metrics = load_metrics(kb)

    def key(note):
        """(unused?, -use, undated?, newest first, id)."""
        weight = usage_weight(metrics.get(note.id))
        recency = iso_date(note.updated) or iso_date(note.created)  # `created: yesterday` is undated
        return (0 if weight else 1, -weight, 0 if recency else 1, _descending(recency), note.id)

    return key


def rank_notes(kb, notes: list) -> list:
    """`notes` ordered for MEMORY.md (what `render_memory(..., rank=...)` calls)."""
    return sorted(notes, key=rank_key(kb))


def _descending(text: str) -> tuple:
    return tuple(-ord(char) for char in text)
