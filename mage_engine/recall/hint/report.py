"""`mage hints --report`: how often hints were used, per note and overall, and the floor the figures suggest.

Built from the ledger's hint decisions whose turn has ended, paired with what the
agent did in the turn (attribution.py). For each note: how many turns it was
hinted in and in how many it was used. Notes hinted often and never used are
listed: their summary may promise what they do not hold (reword it), or their
words may be too general (narrow the title or tags). The floor is never changed
here: for each floor from 0.35 to 0.80 the report counts the hints it would have
given among the recorded candidates and how many of those the agent used (a
candidate under the floor counts as used when the agent went and read it anyway),
and suggests the highest floor that keeps 90% of the used ones (of floors that would
give the very same hints, the one configured, else the lowest).

The other way round, notes the agent read in a turn whose prompt did not hint them
are listed as missed, with why each was not hinted then (below the floor, weak
evidence, not among the candidates) and the prompts it was read after: the words
people ask a note's question in, which its title, summary or tags may lack.
"""

FLOORS = tuple(round(0.35 + 0.05 * step, 2) for step in range(10))
OFTEN = 3  # hinted this many turns and never used: a candidate for rewording
KEEP_USED = 0.9
MIN_HINTS = 20  # fewer hinted turns than this and no floor is suggested
SHOWN = 20
MISSED_PROMPTS = 3  # prompts shown per missed note


def hint_report(kb) -> dict:
    """{"overall", "notes", "never_used", "floors", "suggested_floor", "floor"} (see `mage hints --report`)."""
    from mage_engine.kb.config import load_config_cached
    from mage_engine.usage.attribution import attribute
    from mage_engine.recall.hint.decision_log import SessionContext, decision_entries
    from mage_engine.usage.ledger import read_ledger

    ledger = read_ledger(kb)  # read once: the decisions and the sessions' context both come from it
    rows = [(entry, turn, used) for entry, turn, used in attribute(kb, decision_entries(kb, ledger=ledger))
            if turn is None or turn.end]
    closed = [(entry, used) for entry, _, used in rows]
    notes = _per_note(closed)
    hinted = [(entry, used) for entry, used in closed if entry.get("notes")]
    floor = load_config_cached(kb).hint_min_score
    floors = [_at_floor(closed, f, load_config_cached(kb).hint_count) for f in FLOORS]
    return {"floor": floor, "decisions": len(closed),
            "overall": {"hinted_turns": len(hinted), "used_turns": sum(1 for e, u in hinted if set(e["notes"]) & set(u)),
                        "hints": sum(n["hinted"] for n in notes.values()),
                        "used": sum(n["used"] for n in notes.values())},
            "notes": sorted(notes.values(), key=lambda n: (-n["hinted"], n["id"])),
            "never_used": [n["id"] for n in sorted(notes.values(), key=lambda n: -n["hinted"])
                           if n["hinted"] >= OFTEN and not n["used"]],
            "missed": _missed(rows, SessionContext(kb, ledger)), "floors": floors, "suggested_floor": _suggest(floors, len(hinted), floor)}


def _missed(rows: list, context) -> list:
    """[{"id", "turns", "why": {reason: turns}, "prompts": [a few]}]: notes read (or recalled) in a
    turn whose hint did not name them, and not already in its context (`context`: the ledger's
    SessionContext: what the session's start named, what was hinted since), most turns first."""
    from mage_engine.base.clip import clip
    from mage_engine.recall.standing.session_notes import REASONS as IN_CONTEXT

    missed = {}
    for entry, turn, used in rows:
        if turn is None:
            continue
        reasons = {row.get("id"): row.get("reason") for row in (entry.get("decision") or {}).get("candidates") or []
                   if isinstance(row, dict)}
        held = context.before(entry.get("session"), entry.get("ts", ""))
        hinted = set(entry.get("notes") or [])
        for note_id in sorted((set(turn.read) | set(used)) - hinted):
            reason = reasons.get(note_id) or "not among the candidates"
            if reason in IN_CONTEXT or note_id in held:
                continue  # the agent read what its context already named: no miss
            row = missed.setdefault(note_id, {"id": note_id, "turns": 0, "why": {}, "prompts": []})
            row["turns"] += 1
            row["why"][reason] = row["why"].get(reason, 0) + 1
            if len(row["prompts"]) < MISSED_PROMPTS and turn.prompt:
                row["prompts"].append(clip(" ".join(str(turn.prompt).split()), 120))
    return sorted(missed.values(), key=lambda row: (-row["turns"], row["id"]))[:SHOWN]


def _per_note(closed: list) -> dict:
    notes = {}
    for entry, used in closed:
        for note_id in entry.get("notes") or []:
            row = notes.setdefault(note_id, {"id": note_id, "hinted": 0, "used": 0, "how": {}})
            row["hinted"] += 1
            if note_id in used:
                row["used"] += 1
                row["how"][used[note_id]] = row["how"].get(used[note_id], 0) + 1
    for row in notes.values():
        row["share"] = round(row["used"] / row["hinted"], 3)
    return notes


def _at_floor(closed: list, floor: float, count: int) -> dict:
    """Hints the recorded candidates would have given at `floor`, and how many were used."""
    given = used = 0
    for entry, seen in closed:
        decision = entry.get("decision") or {}
        needed = round(floor + (decision.get("shift") or 0.0), 4)  # a task request needs more, a question less
        eligible = [row["id"] for row in decision.get("candidates") or []
                    if row.get("reason") in ("hinted", "below floor", "beyond hint.count")
                    and (row["score"] >= needed or row.get("quote"))]  # a quote is hinted at any floor
        given += len(eligible[:count])
        used += sum(1 for note_id in eligible[:count] if note_id in seen)
    return {"floor": floor, "hints": given, "used": used, "share": round(used / given, 3) if given else 0.0}


def _suggest(floors: list, hinted_turns: int, configured: float | None = None):
    """The highest floor keeping KEEP_USED of the hints used at the lowest one (None: too few hints).
    Floors that would give the very same hints cannot be told apart: of those, the configured one
    (nothing to change), else the lowest (a higher one is not what the figures say)."""
    most = max((row["used"] for row in floors), default=0)
    if hinted_turns < MIN_HINTS or not most:
        return None
    best = max((row for row in floors if row["used"] >= KEEP_USED * most), key=lambda row: row["floor"])
    alike = [row["floor"] for row in floors if (row["hints"], row["used"]) == (best["hints"], best["used"])]
    return configured if configured in alike else min(alike)
