"""The hint decisions of the injection ledger, with the prompt each answered and what was used.

`hint_decisions(kb, session)` is what `mage hints` and the TUI list: one row per
prompt the hint hook decided on, oldest first:

    {"ts", "session", "prompt", "decision": {outcome, floor, hinted, candidates},
     "hinted": [ids], "used": [ids], "how": {id: "read" | "recalled" | "reply"}, "closed": bool}

The prompt text comes from the capture trail (the hook's own line for the same
prompt); `closed` says whether the turn has ended (a later prompt came), before
which "not used yet" is not "not used".
"""

from mage_engine.base import fs

EVENT = "UserPromptSubmit"


def decision_entries(kb, session: str | None = None, ledger: list | None = None) -> list:
    """The ledger's hint decisions (optionally of one session, by id or its start), oldest first;
    `ledger`: its lines when the caller has read them already (read_ledger)."""
    from mage_engine.usage.ledger import decision_well_formed, read_ledger

    ledger = read_ledger(kb) if ledger is None else ledger
    entries = [e for e in ledger if e.get("event") == EVENT and decision_well_formed(e.get("decision"))]
    if session:
        exact = [e for e in entries if e.get("session") == session]
        entries = exact or [e for e in entries if str(e.get("session", "")).startswith(session)]
    return entries


def full_session_id(kb, session: str) -> str:
    """The id of the one session `session` names (its id, or the start of it) among those the ledger
    and the session starts know. Raises MageError when it names none, or several."""
    from mage_engine.base.errors import MageError
    from mage_engine.kb.layout import SESSION_CONTEXT_DIR
    from mage_engine.usage.ledger import read_ledger

    known = {str(e.get("session")) for e in read_ledger(kb) if e.get("session")}
    try:
        known |= {name[:-5] for name in fs.listdir(kb.at(SESSION_CONTEXT_DIR)) if name.endswith(".json")}
    except OSError:
        pass
    if session in known:
        return session
    matches = sorted(s for s in known if s.startswith(session))
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise MageError(f"no session of this knowledge base starts with {session!r}",
                        "`mage hints` lists recent prompts with their sessions")
    shown = ", ".join(m[:12] for m in matches[:3]) + ("…" if len(matches) > 3 else "")
    raise MageError(f"{session!r} starts {len(matches)} sessions ({shown})", "give more of the id")


def hint_decisions(kb, session: str | None = None) -> list:
    """Rows of `decision_entries`, each with its prompt, its turn and the notes used in it."""
    from mage_engine.usage.attribution import attribute

    rows = []
    for entry, turn, used in attribute(kb, decision_entries(kb, session)):
        hinted = list(entry.get("notes") or [])
        rows.append({"ts": entry.get("ts", ""), "session": str(entry.get("session")),
                     "prompt": turn.prompt if turn is not None else "", "decision": entry["decision"],
                     "hinted": hinted, "used": [n for n in hinted if n in used], "how": used,
                     "closed": bool(turn is not None and turn.end)})
    return rows


class SessionContext:
    """What the ledger says each session's context held before a prompt: the notes its last start
    named (standing context, at the start and after each compaction) and the notes hinted since.

    Kept as one list per session of the notes as they entered its context, and per prompt the
    stretch of that list in force: never a copy per prompt (a crafted ledger of one start naming
    100,000 notes and 3,000 prompts would take gigabytes), and at most MAX_HELD notes a stretch."""

    def __init__(self, kb, ledger: list | None = None):
        from mage_engine.usage.ledger import read_ledger
        from mage_engine.recall.standing.session_notes import HINTED_EARLIER, IN_STANDING

        self.entered = {}  # session -> [(note id, reason)], in the order the notes entered its context
        self.stretch = {}  # (session, prompt ts) -> (session, start, end) of `entered`
        begun, seen = {}, {}  # session -> where its context began; the ids since
        for entry in read_ledger(kb) if ledger is None else ledger:
            session, notes = str(entry.get("session")), [n for n in entry.get("notes") or [] if isinstance(n, str)]
            entered = self.entered.setdefault(session, [])
            if entry.get("event") == "SessionStart":
                begun[session], seen[session] = len(entered), set()
                self._add(entered, seen[session], notes[:MAX_HELD], IN_STANDING)
            elif entry.get("event") == EVENT:
                start = begun.setdefault(session, 0)
                self.stretch[(session, entry.get("ts", ""))] = (session, start, len(entered))
                room = MAX_HELD - (len(entered) - start)
                self._add(entered, seen.setdefault(session, set()), notes[:max(0, room)], HINTED_EARLIER)

    @staticmethod
    def _add(entered: list, seen: set, notes: list, reason: str) -> None:
        for note in notes:
            if note not in seen:
                seen.add(note)
                entered.append((note, reason))

    def before(self, session: str, ts: str) -> dict:
        """{note id: reason} for the notes already in context when that prompt was decided."""
        place = self.stretch.get((str(session), ts))
        if place is None:
            return {}
        name, start, end = place
        return dict(self.entered[name][start:end])


MAX_HELD = 1000  # notes in one session's context as the ledger tells it: a start names a few dozen
