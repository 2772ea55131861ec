"""Per-signature tallies from the folded chapters (SPEC 5.1). Pure and deterministic.

For each signature: the distinct qualifying chapters it was seen in (oldest
first), how often it was seen, first and last seen, up to three scrubbed
examples (from the three most recent chapters) and the fix steps observed,
most frequent first. Only chapters with at least two work events count.
"""

from collections import Counter

from mage_engine.recurrence.fold import counts
from mage_engine.recurrence.signatures import family_of, signature_id

EXAMPLES = 3


def build_tallies(chapters: dict) -> list[dict]:
    """Every signature's tally, strongest first (chapters, then sightings, then the key)."""
    sightings = {}
    for chapter_id, chapter in chapters.items():
        if not counts(chapter):
            continue
        for seen in chapter["obs"]:
            sightings.setdefault(seen["sig"], []).append((seen["ts"], chapter["first"], chapter_id, seen))
    tallies = [_tally(signature, sorted(found, key=lambda item: item[:3])) for signature, found in sightings.items()]
    return sorted(tallies, key=lambda t: (-t["chapter_count"], -t["count"], t["signature"]))


def _tally(signature: str, found: list) -> dict:
    order = {}
    for _, started, chapter_id, _ in found:
        order.setdefault(chapter_id, started)
    chapter_ids = sorted(order, key=lambda cid: (order[cid], cid))
    return {"id": signature_id(signature), "signature": signature, "family": family_of(signature),
            "parts": found[-1][3]["parts"], "chapters": chapter_ids, "chapter_count": len(chapter_ids),
            "count": len(found), "first_seen": found[0][0], "last_seen": found[-1][0],
            "examples": _examples(found, chapter_ids), "fix_steps": _fix_steps(found)}


def _examples(found: list, chapter_ids: list) -> list:
    """One example from each of the most recent chapters, oldest first, scrubbed."""
    from mage_engine.capture.scrub import scrub

    latest = {}
    for ts, _, chapter_id, seen in found:
        latest.setdefault(chapter_id, (ts, seen))
    examples = []
    for chapter_id in chapter_ids[-EXAMPLES:]:
        ts, seen = latest[chapter_id]
        example = {key: _scrubbed(scrub, value) for key, value in seen["example"].items()}
        examples.append({"chapter": chapter_id, "at": ts, **example})
    return examples


def _scrubbed(scrub, value):
    if isinstance(value, list):
        return [scrub(str(item)) for item in value]
    return scrub(str(value)) if value else value


def _fix_steps(found: list) -> list:
    """The distinct fix procedures seen, with how often, most frequent first."""
    seen = Counter(tuple(item[3]["steps"]) for item in found)
    return [{"steps": list(steps), "count": n} for steps, n in sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))]


def loads_by_chapter(chapters: dict) -> dict:
    """chapter id -> the skill loads folded in it (for graduation and optimize)."""
    return {cid: chapter["loads"] for cid, chapter in chapters.items() if chapter["loads"]}
