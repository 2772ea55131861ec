"""Durable lessons in recent daily logs that no note covers, proposed as drafts (source `log`).

A lesson here is a failure the log says was fixed ("X → passed after `Y`"):
the kind of thing the next session would otherwise re-learn. One that a note
already covers (grooming's nearest-note similarity), or that is staged or
was rejected already, is left alone.
"""

import datetime as dt
import re

from mage_engine.maintain.proposal import Proposal

RECENT_DAYS = 14
COVERED = 0.35
_FIXED = re.compile(r"(?P<what>[^;]+?) → passed after `(?P<fix>[^`]+)`")


def lesson_proposals(kb, today: dt.date | None = None) -> list:
    from mage_engine.grooming.fingerprint import fingerprint
    from mage_engine.grooming.nearest import nearest_note
    from mage_engine.logs.search import log_entries

    from mage_engine.grooming import catalog
    from mage_engine.grooming.rejected import rejected_fingerprints

    known = {**catalog.draft_fingerprints(kb), **catalog.note_fingerprints(kb), **rejected_fingerprints(kb)}
    today = today or dt.datetime.now(dt.timezone.utc).date()
    since = (today - dt.timedelta(days=RECENT_DAYS)).isoformat()
    found, seen = [], set()
    for entry in log_entries(kb):
        if entry["day"] < since:
            continue
        failed = re.search(r"Failed: (.*?)(?:\. Files touched:|\.\n|\.$)", entry["text"], re.S)
        for match in _FIXED.finditer(failed.group(1) if failed else ""):
            what, fix = " ".join(match["what"].split()), match["fix"]
            title = f"When {_short(what)} fails, {fix} fixes it"
            body = f"In the session of {entry['day']} ({entry['title']}): {what}; it passed after `{fix}`."
            near = nearest_note(kb, title, body)
            key = f"lesson:{fingerprint(title, '')}"
            if key in seen or fingerprint(title, body) in known or (near and near[1] >= COVERED):
                continue
            seen.add(key)
            found.append(Proposal(key, "lesson", [], title,
                                  [f"{entry['path']}: “{entry['title']}”", f"{what} → passed after `{fix}`",
                                   "no note covers it" + (f" (nearest {near[0].id}, {near[1]:.2f})" if near else "")],
                                  {"title": title, "body": body}))
    return found


def _short(what: str) -> str:
    command = re.search(r"`([^`]+)`", what)
    return f"`{command.group(1)}`" if command else what[:80]
