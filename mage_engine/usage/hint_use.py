"""Folding hint use into the usage metrics: each note's `hinted_turns` and `used` counts.

Reads the injection ledger from where the last fold stopped; each hint decision
whose turn has ended (the session's next prompt came, or its trail is gone) is
paired with what the agent did in that turn (attribution.py): every hinted note
counts a hinted turn, and a used one a use. A decision whose turn is still open
waits for the next fold, so a read later in the same turn is not missed.
"""

from mage_engine.kb.jsonfiles import parse_line
from mage_engine.usage.counts import empty_usage, read_new_lines

EVENT = "UserPromptSubmit"


def fold_hint_use(kb, notes: dict, offset: int) -> int:
    """Count the closed hint turns since byte `offset` of the ledger into `notes`; the new offset."""
    from mage_engine.usage.attribution import attribute
    from mage_engine.usage.ledger import decision_well_formed, well_formed

    try:
        if offset > kb.ledger_path.stat().st_size:
            offset = 0  # the ledger was replaced
    except OSError:
        return 0
    lines, end = read_new_lines(kb.ledger_path, offset)
    pending, start = [], offset
    for line in lines:
        entry = parse_line(line)
        if entry is not None and entry.get("event") == EVENT and entry.get("notes") and well_formed(entry) \
                and decision_well_formed(entry.get("decision", {})):
            pending.append((entry, start))
        start += len(line) + 1  # lines are "\n"-terminated, one JSON object each
    for (entry, turn, used), (_, line_start) in zip(attribute(kb, [e for e, _ in pending]), pending):
        if turn is not None and not turn.end:
            return line_start  # this turn is still going on: fold it next time
        for note_id in entry.get("notes") or []:
            usage = notes.setdefault(str(note_id), empty_usage())
            usage["hinted_turns"] = usage.get("hinted_turns", 0) + 1
            if note_id in used:
                usage["used"] = usage.get("used", 0) + 1  # `used` also names unhinted candidates: not counted
    return end
