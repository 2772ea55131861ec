"""Doctor: the trail receives events, and what the injection ledger says."""

import time

from mage_engine.doctor.check import Check, ok, warn
from mage_engine.kb.layout import KB

RECENT_DAYS = 14


def trail(kb: KB, fix: bool) -> Check:
    """The newest trail file was written recently (doctor's own sample session is gone by now)."""
    files = list(kb.learnings_dir.glob("*.jsonl")) if kb.learnings_dir.is_dir() else []
    if not files:
        return warn("trail", "no session has been captured yet",
                    "start Claude Code in this project once the hooks are wired")
    newest = max(path.stat().st_mtime for path in files)
    age = time.time() - newest
    sessions = len({path.name.split(".")[0] for path in files})
    detail = f"last event {_ago(age)} ago; {sessions} session{'s' if sessions != 1 else ''} in the trail"
    if age > RECENT_DAYS * 86400:
        return warn("trail", detail, "nothing captured lately: check that you run Claude Code in this project")
    return ok("trail", detail, sessions=sessions, last_event_age_s=round(age))


def ledger(kb: KB, fix: bool) -> Check:
    """What mage injected into the agent's context, per the recall ledger."""
    from mage_engine.usage.ledger import summarise_ledger

    summary = summarise_ledger(kb, limit=5)
    total = summary["total"]
    if not total["injections"]:
        return ok("ledger", "nothing injected into the agent's context yet", **summary)
    latest = summary["sessions"][0]
    events = ", ".join(f"{event} {row['injections']}× {row['chars']} chars" for event, row in latest["by_event"].items())
    notes = f"; notes named: {', '.join(latest['notes'][:5])}" if latest["notes"] else ""
    detail = (f"{total['injections']} injections, {total['chars']} characters over {total['sessions']} sessions; "
              f"latest session: {events}{notes}")
    return ok("ledger", detail, **summary)


def _ago(seconds: float) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{int(seconds // size)} {unit}"
    return f"{int(seconds)} s"
