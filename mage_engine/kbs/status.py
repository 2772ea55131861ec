"""`mage status`'s line for the other KBs: the personal KB and `kbs:`, with their counts."""

import os

from mage_engine.kb.layout import NOTES_DIR, STAGING_DIR


def others_status(kb, config) -> dict:
    """{"personal": {...} | None, "kbs": [{...}], "missing": [...], "unconfirmed": [...]}: what the project
    reads beside itself, and the `kbs:` it does not read until a person confirms them here."""
    from mage_engine.kbs.attached import missing, others, same_as, unconfirmed
    from mage_engine.kbs.personal import personal_top

    attached = others(kb, config)
    rows = [_row(other) for other in attached]
    personal = next((row for row in rows if row["name"] == "personal"), None)
    if personal is None:
        here = os.path.realpath(personal_top()) == kb.top
        personal = {"name": "personal", "path": personal_top(), "exists": here, "this": here}
    return {"personal": personal, "kbs": [row for row in rows if row["name"] != "personal"],
            "missing": missing(kb, config), "unconfirmed": unconfirmed(kb, config), "same_as": same_as(kb, config)}


def _row(other) -> dict:
    return {"name": other.label, "path": other.kb.top, "exists": True,
            "notes": _count(other.kb.at(NOTES_DIR)), "drafts": _count(other.kb.at(STAGING_DIR))}


def _count(folder: str) -> int:
    try:
        return sum(1 for name in os.listdir(folder) if name.endswith(".md") and not name.startswith("."))
    except OSError:
        return 0
