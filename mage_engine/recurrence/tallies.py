"""Per-signature sightings, kept up to date by difference, and the tallies made from them (docs/recurrence.md#what-a-signature-is).

sightings[signature] = {"parts": …, "chapters": {chapter id: [chapter start, times seen,
first seen, last seen, [fix steps per sighting], [event keys]]}, "examples": {chapter id:
example}}, with examples kept for the most recent chapters only.

One event is counted once: a resumed session's transcript repeats its parent's
lines (the same tool_use ids), so a sighting whose every event key (the failing
tool call's id, see fix_steps.event_key) was already counted in an earlier chapter
adds nothing, neither a chapter nor a count. Dedupe happens when the tallies are
built, over the whole table, so it never depends on the order the trail was read. A run removes the old
contribution of each chapter it touched and adds the new one; if that leaves
a signature short of an example it should show, `Incomplete` asks for a
rebuild from every chapter. A tally: the distinct qualifying chapters (oldest
first), sightings, first and last seen, up to three examples (scrubbed once,
when first shown), and the fix steps observed, most frequent first.
"""

from collections import Counter

from mage_engine.recurrence.signatures import family_of, signature_id

EXAMPLES = 3         # shown per tally
STORED_EXAMPLES = 6  # kept per signature, so examples survive when copies are set aside


class Incomplete(Exception):
    """An example chapter was taken away and the next one's example is not at hand."""


def apply_changes(sightings: dict, changes: list) -> None:
    """Replace each touched chapter's old contribution by its new one."""
    affected = set()
    for chapter_id, (_, before), _ in changes:
        affected |= _remove(sightings, chapter_id, before)
    for chapter_id, _, (first, now) in changes:
        affected |= _add(sightings, chapter_id, first, now)
    for signature in affected:
        entry = sightings.get(signature)
        if entry and len(entry["examples"]) < min(STORED_EXAMPLES, len(entry["chapters"])):
            raise Incomplete(signature)


def rebuild(chapters: dict) -> dict:
    """Sightings from every chapter (chapter id -> chapter state)."""
    from mage_engine.recurrence.chapter_fold import contribution

    sightings = {}
    for chapter_id in sorted(chapters):
        first, observations = contribution(chapters[chapter_id])
        _add(sightings, chapter_id, first, observations)
    return sightings


def _remove(sightings: dict, chapter_id: str, observations: list) -> set:
    signatures = {seen["sig"] for seen in observations}
    for signature in signatures:
        entry = sightings.get(signature)
        if entry:
            entry["chapters"].pop(chapter_id, None)
            entry["examples"].pop(chapter_id, None)
            if not entry["chapters"]:
                del sightings[signature]
    return signatures


def _add(sightings: dict, chapter_id: str, first: str, observations: list) -> set:
    grouped = {}
    for seen in sorted(observations, key=lambda seen: seen["ts"]):
        grouped.setdefault(seen["sig"], []).append(seen)
    for signature, seen in grouped.items():
        entry = sightings.setdefault(signature, {"parts": seen[0]["parts"], "chapters": {}, "examples": {}})
        entry["chapters"][chapter_id] = [first, len(seen), seen[0]["ts"], seen[-1]["ts"], [s["steps"] for s in seen],
                                         sorted({s["key"] for s in seen if s.get("key")})]
        entry["examples"][chapter_id] = {"at": seen[0]["ts"], **seen[0]["example"]}
        for stale in _chapter_order(entry)[:-STORED_EXAMPLES]:
            entry["examples"].pop(stale, None)
    return set(grouped)


def _chapter_order(entry: dict) -> list:
    return sorted(entry["chapters"], key=lambda cid: (entry["chapters"][cid][0], cid))


def build_tallies(sightings: dict) -> list[dict]:
    """Every signature's tally, strongest first (chapters, then sightings, then the key)."""
    tallies = [tally for signature, entry in sightings.items() if (tally := _tally(signature, entry))]
    return sorted(tallies, key=lambda t: (-t["chapter_count"], -t["count"], t["signature"]))


def _tally(signature: str, entry: dict) -> dict | None:
    order, counts = counted_chapters(entry)
    if not order:
        return None
    rows = [entry["chapters"][cid] for cid in order]
    steps = Counter(tuple(step) for row in rows for step in row[4])
    shown = [cid for cid in order if cid in entry["examples"]][-EXAMPLES:]
    tally = {"id": signature_id(signature), "signature": signature, "family": family_of(signature),
             "parts": entry["parts"], "chapters": order, "chapter_count": len(order),
             "count": sum(counts), "first_seen": min(row[2] for row in rows),
             "last_seen": max(row[3] for row in rows),
             "examples": [{"chapter": cid, **_scrubbed(entry["examples"], cid)} for cid in shown],
             "fix_steps": [{"steps": list(s), "count": n} for s, n in sorted(steps.items(), key=lambda kv: (-kv[1], kv[0]))]}
    return tally


def counted_chapters(entry: dict) -> tuple[list, list]:
    """(chapter ids, sightings in each) that count, oldest first: a chapter whose every event
    was already counted in an earlier one (a resumed session's copy of its parent) is left out."""
    seen, order, counts = set(), [], []
    for cid in _chapter_order(entry):
        row = entry["chapters"][cid]
        keys = row[5] if len(row) > 5 else []
        fresh = [key for key in keys if key not in seen]
        if keys and not fresh:
            continue
        seen.update(keys)
        order.append(cid)
        counts.append(len(fresh) if keys else row[1])
    return order, counts


def _scrubbed(examples: dict, chapter_id: str) -> dict:
    """The example, scrubbed (again: capture scrubbed the trail) the first time it is shown.

    The scrubbed text replaces the stored one, so each example is scrubbed once.
    """
    example = examples[chapter_id]
    if not example.pop("scrubbed", False):
        from mage_engine.scrub import scrub

        example = {key: [scrub(str(item)) for item in value] if isinstance(value, list) else scrub(str(value))
                   for key, value in example.items()}
    examples[chapter_id] = {**example, "scrubbed": True}
    return example
