"""Declared positions and outcomes in the trail, and the traces read back from it.

`mage session turn` appends `{"event": "Position", "step": …, "key": …}` to the
session's trail, `mage session end` appends `{"event": "Outcome", "outcome": …}`;
both carry the usual `ts`, `session`, `chapter` and `sub` keys. A trace is a
session's positions in order, its outcome (the last one declared), and the
failed commands seen after each position: a hook line (PostToolUseFailure, or
PostToolUse with `ok: false`) that is not noise. Folded transcript turns are
not read for failures: they are appended at Stop, after positions declared
during the turn, so their order says nothing.
"""

from mage_engine.trail.reader import iter_trail, read_session, session_stems
from mage_engine.trail.session_files import append_record, live_file, session_stem, utc_stamp

POSITION, OUTCOME = "Position", "Outcome"
OUTCOMES = ("succeeded", "failed", "abandoned")
FAILURE_EVENTS = ("PostToolUseFailure", "PostToolUse")
MAX_FAILURES = 5  # per stretch between two positions: the first error lines are the evidence


def append_line(kb, session: str, fields: dict) -> dict:
    """Append one trail line for `session` under its session lock, in its current chapter."""
    from mage_engine.trail.session_state import SessionLock, load_state

    stem = session_stem(session)
    record = {"ts": "", "session": str(session)[:200], "event": fields["event"], "chapter": 1, "sub": False}
    record.update({k: v for k, v in fields.items() if k != "event"})
    with SessionLock(kb, stem) as lock:
        record["chapter"] = int(load_state(kb, stem).get("chapter") or 1)
        record["ts"] = utc_stamp()
        append_record(kb, stem, record, rotate=lock.held)
    return record


def trace(kb, session: str) -> dict:
    """{"session", "positions": [{ts, step, key, failures}], "outcome", "ended"} of one session."""
    positions, outcome, ended, seen = [], "", "", set()
    for record in iter_trail(kb, session):
        event = record.get("event")
        if event == POSITION and record.get("key"):
            positions.append({"ts": str(record.get("ts", "")), "step": str(record.get("step", "")),
                              "key": str(record["key"]), "failures": []})
        elif event == OUTCOME and record.get("outcome") in OUTCOMES:
            outcome, ended = record["outcome"], str(record.get("ts", ""))
        elif event in FAILURE_EVENTS and positions and not ended:
            _note_failure(positions[-1]["failures"], record, seen)
    return {"session": str(session), "positions": positions, "outcome": outcome, "ended": ended}


def _note_failure(failures: list, record: dict, seen: set) -> None:
    from mage_engine.hosts.claude_code.noise import noise_class

    error = str(record.get("error") or "").strip()
    if record.get("ok") is not False or not error or noise_class(error) or len(failures) >= MAX_FAILURES:
        return
    key = record.get("id") or (record.get("command"), error)
    if key in seen:
        return
    seen.add(key)
    failures.append({"command": str(record.get("command") or record.get("tool") or "")[:200], "error": error[:200]})


def all_traces(kb) -> list:
    """The trace of every session that declared a position, oldest session first."""
    found = []
    for stem in session_stems(kb):
        session = _session_of(kb, stem)
        item = trace(kb, session) if session else None
        if item and item["positions"]:
            found.append(item)
    return sorted(found, key=lambda t: (t["positions"][0]["ts"], t["session"]))


def current_session(kb) -> str | None:
    """The most recent session of this KB with a trail and no outcome yet (`--current`).

    The host's own id (CLAUDE_CODE_SESSION_ID, exported to hooks and, by newer
    hosts, to the agent's shell) wins when its trail is here and open."""
    import os

    named = os.environ.get("CLAUDE_CODE_SESSION_ID", "").strip()
    if named and _has_trail(kb, named) and not _ended(kb, named):
        return named
    for stem in _stems_newest_first(kb):
        session = _session_of(kb, stem)
        if session and not _ended(kb, session):
            return session
    return None


def has_trail(kb, session: str) -> bool:
    """Whether `session` wrote anything to this KB's trail (a hook line or a declaration)."""
    return _has_trail(kb, session)


def _has_trail(kb, session: str) -> bool:
    import os

    return os.path.lexists(live_file(kb, session_stem(session)))


def _ended(kb, session: str) -> bool:
    return any(r.get("event") == OUTCOME for r in iter_trail(kb, session))


def _stems_newest_first(kb) -> list:
    import os

    def mtime(stem):
        try:
            return os.stat(live_file(kb, stem)).st_mtime_ns
        except OSError:
            return 0
    return sorted(session_stems(kb), key=lambda stem: (-mtime(stem), stem))


def _session_of(kb, stem: str) -> str | None:
    for record in read_session(kb, stem):
        if record.get("session"):
            return str(record["session"])
    return None
