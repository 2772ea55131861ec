"""Gather every maintenance proposal, minus the dismissed ones, in a stable order."""

from mage_engine.maintain.proposal import ordered


def proposals(kb, days: int | None = None, include_dismissed: bool = False, today=None) -> list:
    """Every proposal for this KB (see the maintain package's modules for each kind).
    `today` (a date) dates the usage and log windows; the app passes its own clock."""
    from mage_engine.kb.notes import load_folder
    from mage_engine.maintain.dismissed import dismissed_keys
    from mage_engine.maintain.duplicates import duplicate_proposals
    from mage_engine.maintain.hygiene import hygiene_proposals
    from mage_engine.maintain.log_lessons import lesson_proposals
    from mage_engine.maintain.stale import stale_proposals
    from mage_engine.maintain.unused import DEFAULT_DAYS, unused_proposals

    notes, _ = load_folder(kb.notes_dir)
    found = (duplicate_proposals(kb, notes) + stale_proposals(kb, notes) +
             unused_proposals(kb, notes, days or DEFAULT_DAYS, today) + hygiene_proposals(kb, notes) +
             lesson_proposals(kb, today))
    if not include_dismissed:
        gone = dismissed_keys(kb)
        found = [p for p in found if p.key not in gone]
    return ordered(found)


def find(kb, key: str, days: int | None = None, today=None):
    """The live proposal with this key, or MageError saying how to list them."""
    from mage_engine.base.errors import NotFound

    for proposal in proposals(kb, days, today=today):
        if proposal.key == key:
            return proposal
    raise NotFound(f"no maintenance proposal '{key}' (dismissed, done, or never made)",
                   "list the current ones with `mage maintain`")
