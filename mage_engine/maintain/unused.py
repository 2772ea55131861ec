"""Retire candidates: notes nobody hinted, recalled or opened in N days while other notes were used.

Usage comes from the local metrics (usage/metrics.py). A KB where nothing
was used in that time proposes nothing: silence there says the metrics are
missing (a fresh clone), not that every note is dead. A note younger than N
days is never a candidate.
"""

import datetime as dt

from mage_engine.maintain.proposal import Proposal

DEFAULT_DAYS = 90


def unused_proposals(kb, notes: list, days: int = DEFAULT_DAYS, today: dt.date | None = None) -> list:
    from mage_engine.usage.metrics import load_metrics

    today = today or dt.datetime.now(dt.timezone.utc).date()
    cutoff = (today - dt.timedelta(days=days)).isoformat()
    metrics = load_metrics(kb, save=False)
    last = {note.id: str((metrics.get(note.id) or {}).get("last_used") or "") for note in notes}
    if not any(stamp[:10] >= cutoff for stamp in last.values()):
        return []
    found = []
    for note in notes:
        born = note.created or note.updated or today.isoformat()
        if last[note.id][:10] >= cutoff or born[:10] >= cutoff:
            continue
        used = f"last hinted, recalled or opened {last[note.id][:10]}" if last[note.id] else "never hinted, recalled or opened"
        found.append(Proposal(f"retire:{note.id}", "retire", [note.id], f"retire {note.id} (unused for {days}+ days)",
                              [f"{used} (metrics on this machine)", f"created {note.created or '?'}, "
                               f"updated {note.updated or '?'}", "other notes were used in that time",
                               f"`mage retire {note.id}` archives it; `mage restore {note.id}` brings it back"]))
    return found
