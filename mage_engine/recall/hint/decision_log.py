"""The hint decisions of the injection ledger, with the prompt each answered and what was used.

`hint_decisions(kb, session)` is what `mage hints` and the TUI list: one row per
prompt the hint hook decided on, oldest first:

    {"ts", "session", "prompt", "decision": {outcome, floor, hinted, candidates},
     "hinted": [ids], "used": [ids], "how": {id: "read" | "recalled" | "reply"}, "closed": bool}

The prompt text comes from the capture trail (the hook's own line for the same
prompt); `closed` says whether the turn has ended (a later prompt came), before
which "not used yet" is not "not used".
"""

EVENT = "UserPromptSubmit"


def decision_entries(kb, session: str | None = None) -> list:
    """The ledger's hint decisions (optionally of one session, by id or its start), oldest first."""
    from mage_engine.usage.ledger import read_ledger

    entries = [e for e in read_ledger(kb) if e.get("event") == EVENT and isinstance(e.get("decision"), dict)]
    if session:
        exact = [e for e in entries if e.get("session") == session]
        entries = exact or [e for e in entries if str(e.get("session", "")).startswith(session)]
    return entries


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
