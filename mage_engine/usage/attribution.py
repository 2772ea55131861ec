"""From injection to use: which hinted notes the agent used in the same turn.

A hinted note counts as used when, before the session's next prompt (or its end), the agent
(not a subagent):

- read its file (`Read` of `mage/notes/<id>.md`, a command naming that file) or
  printed it with `mage show <id>`: "read";
- ran `mage recall` or `mage show` in that session and got it (the usage events
  those commands record carry the session): "recalled";
- used its words in the reply it ended the turn with: the note's id, or most of
  the words of its title (at least two, everyday words aside): "reply".

A read two turns later is a read, not the use of that hint. `attribute` pairs
each hint decision of the ledger with its turn (the trail's prompt just before
it, in the same session).
"""

from mage_engine.trail.turns import session_turns, turn_at


def attribute(kb, decisions: list) -> list:
    """[(decision entry, Turn or None, {note id: how it was used})] for ledger decision entries;
    the notes asked about are the hinted ones and the decision's other candidates."""
    turns, events, titles = {}, _usage_events(kb), None
    rows = []
    for entry in decisions:
        session = str(entry.get("session"))
        if session not in turns:
            turns[session] = session_turns(kb, session)
        turn = turn_at(turns[session], str(entry.get("ts") or ""))
        ids = _considered(entry)
        if turn is not None and ids and titles is None:
            titles = _titles(kb)
        used = _used(turn, ids, events.get(session, []), titles or {}) if turn is not None else {}
        rows.append((entry, turn, used))
    return rows


def _considered(entry: dict) -> list:
    """The hinted notes and the decision's other candidates (the report asks whether they were used too)."""
    candidates = [row.get("id") for row in (entry.get("decision") or {}).get("candidates") or []
                  if isinstance(row, dict)]
    return list(dict.fromkeys([*(entry.get("notes") or []), *(c for c in candidates if isinstance(c, str))]))


def _used(turn, hinted: list, events: list, titles: dict) -> dict:
    used = {}
    reply_terms = _terms(turn.reply) if turn.reply else set()
    for note_id in hinted:
        if note_id in turn.read:
            used[note_id] = "read"
        elif any(note_id in ids and turn.holds(ts) for ts, ids in events):
            used[note_id] = "recalled"
        elif turn.reply and _in_reply(note_id, titles.get(note_id, ""), turn.reply, reply_terms):
            used[note_id] = "reply"
    return used


def _in_reply(note_id: str, title: str, reply: str, reply_terms: set) -> bool:
    if note_id in reply:
        return True
    words = _title_terms(title)
    held = [t for t in words if t in reply_terms]
    return len(held) >= 2 and 2 * len(held) >= len(words)


def _title_terms(title: str) -> list:
    from mage_engine.terms import wordlists

    common = wordlists.everyday_talk()
    return [t for t in dict.fromkeys(_terms_list(title)) if t not in common and not t.isdigit()]


def _terms(text: str) -> set:
    return set(_terms_list(text))


def _terms_list(text: str) -> list:
    from mage_engine.terms.analysis import terms

    return terms(text[:20_000])


def _usage_events(kb) -> dict:
    """{session: [(ts, ids)]} of the recalled and opened events commands recorded in a session."""
    from mage_engine.kb.jsonfiles import read_objects
    from mage_engine.usage.events import events_path

    found = {}
    for event in read_objects(events_path(kb)):
        if event.get("event") in ("recalled", "opened") and event.get("session"):
            found.setdefault(str(event["session"]), []).append((str(event.get("ts") or ""),
                                                                 set(event.get("ids") or [])))
    return found


def _titles(kb) -> dict:
    """{note id: title} from the search index's manifest, which holds every note's record (written by
    recall/index/write.py; read here as data, so no note file is opened and nothing of recall imported)."""
    from mage_engine.kb.jsonfiles import read_object
    from mage_engine.kb.layout import INDEX_MANIFEST

    records = (read_object(kb.at(INDEX_MANIFEST)) or {}).get("records") or {}
    return {r["id"]: str(r.get("title") or "") for r in records.values() if isinstance(r, dict) and "id" in r}
