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


def decision_entries(kb, session: str | None = None) -> list:
    """The ledger's hint decisions (optionally of one session, by id or its start), oldest first."""
    from mage_engine.usage.ledger import read_ledger

    entries = [e for e in read_ledger(kb) if e.get("event") == EVENT and isinstance(e.get("decision"), dict)]
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
    named (standing context, at the start and after each compaction) and the notes hinted since."""

    def __init__(self, kb):
        from mage_engine.usage.ledger import read_ledger

        self.held = {}  # (session, prompt ts) -> {note id: reason}
        current = {}  # session -> {note id: reason}, as the ledger is read in order
        from mage_engine.recall.standing.session_notes import HINTED_EARLIER, IN_STANDING

        for entry in read_ledger(kb):
            session, notes = str(entry.get("session")), [n for n in entry.get("notes") or [] if isinstance(n, str)]
            if entry.get("event") == "SessionStart":
                current[session] = dict.fromkeys(notes, IN_STANDING)
            elif entry.get("event") == EVENT:
                held = current.setdefault(session, {})
                self.held[(session, entry.get("ts", ""))] = dict(held)
                held.update((note, HINTED_EARLIER) for note in notes if note not in held)

    def before(self, session: str, ts: str) -> dict:
        """{note id: reason} for the notes already in context when that prompt was decided."""
        return self.held.get((str(session), ts), {})
