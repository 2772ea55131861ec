"""The injection ledger: what mage put into the agent's context, and when (docs/recall.md#what-mage-injected-the-ledger).

Every hook handler that injects text appends one line to
`.mage/injections.jsonl`: `{"ts", "session", "event", "chars", "notes"}`.
The hint hook appends one line for every prompt it decides on, hinted or not:
`chars` is 0 when it stayed silent, and `decision` says why (the outcome, the
floor, and the best candidates with their scores and reasons: decide.py).
Appends are single O_APPEND writes, safe with concurrent hooks and no lock.
`summarise_ledger` folds the injections (lines with characters) per session for
`mage status`, `mage doctor` and the TUI; `mage hints` reads the decisions.
"""

from mage_engine.base import fastjson, fs
from mage_engine.kb.layout import LEDGER_FILE

ROTATE_BYTES = 8 * 1024 * 1024  # past this the ledger becomes injections.1.jsonl (the one before is dropped)


def record_injection(kb, session: str, event: str, chars: int, note_ids, decision: dict | None = None) -> None:
    """Append one ledger line (never raises: the ledger must not cost the host a hint)."""
    from mage_engine.trail.session_files import utc_stamp
    from mage_engine.kb.atomic import append_line
    from mage_engine.kb.probe import is_probe_session

    if is_probe_session(session):
        return  # doctor's sample runs are not injections into a real session
    entry = {"ts": utc_stamp(), "session": str(session or "unknown"), "event": event, "chars": int(chars),
             "notes": list(note_ids)}
    if decision is not None:
        entry["decision"] = {key: value for key, value in decision.items() if key != "hits"}
    path = kb.at(LEDGER_FILE)
    try:
        if fs.stat(path).st_size > ROTATE_BYTES:
            fs.replace(path, _older(path))
    except OSError:
        pass
    try:
        append_line(path, fastjson.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    except OSError:
        pass


def _older(path: str) -> str:
    return path[: -len(".jsonl")] + ".1.jsonl"


def read_ledger(kb) -> list[dict]:
    """Every well-formed ledger line, oldest first: a torn or foreign line, or one whose fields are
    not of the kinds mage writes (a time and a session as text, the notes as a list of ids), is
    skipped."""
    from mage_engine.kb.jsonfiles import read_objects  # not at the top: the hooks only append

    entries = read_objects(_older(str(kb.ledger_path))) + read_objects(kb.ledger_path)
    return [entry for entry in entries if well_formed(entry)]


def well_formed(entry: dict) -> bool:
    """Whether a ledger line has the shape mage writes."""
    notes = entry.get("notes", [])
    return (isinstance(entry.get("chars"), int) and not isinstance(entry.get("chars"), bool)
            and isinstance(entry.get("ts"), str) and isinstance(entry.get("session"), str)
            and isinstance(entry.get("event"), str)
            and isinstance(notes, list) and all(isinstance(note, str) for note in notes)
            and isinstance(entry.get("decision", {}), dict))


def decision_well_formed(decision) -> bool:
    """Whether a ledger line's decision has the shape decide.py gives it: every reader (the list,
    the report, the replay) can then trust it; a foreign or mangled one is skipped."""
    number = (int, float)
    if not isinstance(decision, dict) or not isinstance(decision.get("outcome", ""), str):
        return False
    if not isinstance(decision.get("floor", 0.0), number) or isinstance(decision.get("floor"), bool) \
            or not isinstance(decision.get("shift", 0.0), number) or isinstance(decision.get("shift"), bool):
        return False
    hinted, candidates = decision.get("hinted", []), decision.get("candidates", [])
    if not isinstance(hinted, list) or not all(isinstance(n, str) for n in hinted) or not isinstance(candidates, list):
        return False
    return all(_candidate_ok(row) for row in candidates)


def _candidate_ok(row) -> bool:
    if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not isinstance(row.get("reason"), str):
        return False
    score, words = row.get("score"), row.get("words", [])
    if not isinstance(score, (int, float)) or isinstance(score, bool) or not isinstance(words, list):
        return False
    return all(isinstance(w, list) and len(w) == 3 and isinstance(w[0], str) and isinstance(w[1], (int, float))
               and isinstance(w[2], str) for w in words)


def summarise_ledger(kb, limit: int | None = 20) -> dict:
    """Per session (most recent first, at most `limit`): injections, characters, by event,
    notes named. Plus totals over the whole ledger.

    {"total": {"sessions", "injections", "chars"},
     "sessions": [{"session", "first", "last", "injections", "chars",
                   "by_event": {event: {"injections", "chars"}}, "notes": [ids, most named first]}]}
    """
    sessions: dict = {}
    for entry in read_ledger(kb):
        if not entry["chars"]:
            continue  # a hint decision that injected nothing
        _fold(sessions.setdefault(str(entry.get("session")), _empty(entry)), entry)
    ordered = sorted(sessions.values(), key=lambda s: (s["last"], s["session"]), reverse=True)
    rows = [_finish(s) for s in (ordered[:limit] if limit else ordered)]
    return {"total": {"sessions": len(sessions), "injections": sum(s["injections"] for s in ordered),
                      "chars": sum(s["chars"] for s in ordered)},
            "sessions": rows}


def _empty(entry: dict) -> dict:
    return {"session": str(entry.get("session")), "first": entry.get("ts", ""), "last": "",
            "injections": 0, "chars": 0, "by_event": {}, "named": {}}


def _fold(summary: dict, entry: dict) -> None:
    summary["last"] = entry.get("ts", summary["last"])
    summary["injections"] += 1
    summary["chars"] += entry["chars"]
    event = summary["by_event"].setdefault(str(entry.get("event")), {"injections": 0, "chars": 0})
    event["injections"] += 1
    event["chars"] += entry["chars"]
    for note_id in entry.get("notes") or []:
        summary["named"][note_id] = summary["named"].get(note_id, 0) + 1


def _finish(summary: dict) -> dict:
    named = summary.pop("named")
    summary["notes"] = sorted(named, key=lambda n: (-named[n], n))
    return summary
