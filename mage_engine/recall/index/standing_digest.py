"""What SessionStart needs, computed when the index is written, not per session.

SessionStart must stay fast, so it never parses notes: the index build leaves
`standing.json` with every standing note (kind rule, preference or goal) and
the most recently updated lessons, as records (id, title, summary, path).
"""

from mage_engine.kb.clock import iso_date

STANDING_KINDS = ("rule", "preference", "goal")
RECENT_KINDS = ("lesson", "procedure")
RECENT_COUNT = 8
KEEP = ("id", "title", "summary", "kind", "updated", "path")


def standing_digest(records: dict) -> dict:
    """{"standing": [records], "recent": [records]} from manifest records."""
    notes = [r for r in records.values() if r and r.get("source") == "note"]
    standing = sorted((r for r in notes if r["kind"] in STANDING_KINDS),
                      key=lambda r: (STANDING_KINDS.index(r["kind"]), r["id"]))
    recent = sorted((r for r in notes if r["kind"] in RECENT_KINDS),
                    key=lambda r: (iso_date(r.get("updated")) or iso_date(r.get("created")), r["id"]), reverse=True)
    return {"standing": [_slim(r) for r in standing], "recent": [_slim(r) for r in recent[:RECENT_COUNT]]}


def _slim(record: dict) -> dict:
    return {key: record.get(key, "") for key in KEEP}
