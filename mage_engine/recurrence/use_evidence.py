"""Evidence that a note is used (docs/recurrence.md#graduate): the distinct chapters it proved itself in.

A chapter counts for a note when, in it, the note was hinted and then read,
recalled with `mage recall`, or opened (local usage metrics, recall's
`metrics.py`), or when one of the note's signatures recurred (the distill
tallies). Chapters in which a mage-generated skill was loaded never count,
so grooming cannot inflate its own evidence; nor do chapters with fewer than
two work events.
"""

from mage_engine.kb.skills import list_skills, short_name
from mage_engine.usage.ranking import usage_chapters

USE_KINDS = ("read", "hinted_read", "recalled", "opened")  # a hint alone is not use


def note_evidence(kb, notes: list) -> tuple[dict, list]:
    """({note id: {chapter id: [reasons]}}, warnings) for the given notes."""
    from mage_engine.recurrence.distill import chapter_states, distill_tallies

    chapters = chapter_states(kb)
    tallies = {tally["signature"]: tally for tally in distill_tallies(kb).tallies}
    excluded = skill_chapters(chapters, mage_skill_names(kb, notes))
    metrics, warnings = metric_chapters(kb)
    evidence = {}
    for note in notes:
        found = {}
        for signature in note.signatures:
            for chapter_id in (tallies.get(signature) or {}).get("chapters", []):
                found.setdefault(chapter_id, set()).add("signature recurred")
        for chapter_id, kinds in metrics.get(note.id, {}).items():
            for kind in kinds:
                if kind in USE_KINDS:
                    found.setdefault(chapter_id, set()).add(kind.replace("_", " "))
        evidence[note.id] = {cid: sorted(reasons) for cid, reasons in sorted(found.items())
                             if cid not in excluded and _qualifies(chapters.get(cid))}
    return evidence, warnings


def mage_skill_names(kb, notes: list) -> set:
    """Names of skills mage generated: on disk now, or recorded on a note (graduated or demoted)."""
    names = {skill.name for skill in list_skills(kb) if skill.generated}
    for note in notes:
        names.update(filter(None, [note.graduated_skill, note.extra.get("demoted_skill")]))
    return names


def skill_chapters(chapters: dict, names: set) -> set:
    """Chapters in which any of the named skills was loaded."""
    return {cid for cid, chapter in chapters.items()
            if any(short_name(load["skill"]) in names for load in chapter.get("loads", []))}


def _qualifies(chapter) -> bool:
    """A chapter the trail no longer holds still counts (its metrics are evidence of their own)."""
    from mage_engine.recurrence.chapter_fold import counts

    return chapter is None or counts(chapter)


def metric_chapters(kb) -> tuple[dict, list]:
    """({note id: {chapter id: [kinds]}}, warnings) from recall's usage metrics, when present."""
    try:
        return usage_chapters(kb) or {}, []
    except Exception as error:  # metrics are local and advisory: graduation goes on without them
        return {}, [f"usage metrics unreadable ({error}); only recurring signatures count as use"]
