"""`mage eval`: replay the trail's prompts against today's notes, before changing a knob.

Every prompt the capture trail holds is decided on again, in time order, as the
hint hook would decide it now (today's notes and index, the floor given or
configured, the project's everyday words as they stood before that prompt). The
turns themselves say what was right:

- a turn in which the agent used a note (read its file, printed or recalled it,
  or used the words of a note it was hinted in its reply) should get a hint naming
  one of those notes: *recall of used notes*;
- a prompt that was hinted and whose hinted notes went unused should now get no
  hint: *silence on unused hints*.

As in the hook, a note hinted at an earlier turn of the same chapter of a session
is still in the conversation, and so is a note the session's start named
(standing context, as the ledger recorded it): neither is hinted again, and a
later turn that uses it counts as recalled (then and now).

The same figures for the decisions recorded at the time (the ledger) are the
"before". Nothing is written: no ledger line, no metrics, no everyday counts.
"""

from mage_engine.recall.search.everyday import Everyday
from mage_engine.recall.standing.session_notes import HINTED_EARLIER, IN_STANDING, REASONS


def replay(kb, floor: float | None = None, count: int | None = None) -> dict:
    """{"floor", "prompts", "sessions", "recorded" (prompts the ledger holds a decision for), "used": {...},
    "unused": {...}, "rows": [...]}."""
    from mage_engine.kb.config import load_config_cached
    from mage_engine.recall.hint.decide import decide
    from mage_engine.recall.search.everyday import prompt_terms
    from mage_engine.recall.index.lifecycle import ensure_fresh

    config = load_config_cached(kb)
    floor = config.hint_min_score if floor is None else floor
    count = config.hint_count if count is None else count
    ensure_fresh(kb)
    recorded = _recorded(kb)
    counts, rows, conversations = Everyday(), [], {}
    for turn in trail_turns(kb):
        before_hinted, before_held, before_used, standing = recorded.get((turn.session, turn.ts), ([], [], {}, []))
        held = conversations.setdefault((turn.session, turn.chapter), {})
        in_context = {**dict.fromkeys(standing, IN_STANDING), **held}  # what the session's start named, then hints
        decision, _ = decide(kb, turn.prompt, floor, count, counts.everyday_terms(), in_context, fresh=False,
                             repair=True)  # a corrupt index is rebuilt from the notes, as `mage recall` does
        counts.add(prompt_terms(turn.prompt))
        held.update(dict.fromkeys(decision["hinted"], HINTED_EARLIER))
        used = set(turn.read) | set(before_used)
        rows.append({"session": turn.session, "ts": turn.ts, "prompt": turn.prompt, "used": sorted(used),
                     "recorded": (turn.session, turn.ts) in recorded,
                     "before": before_hinted, "held_before": before_held, "hinted": decision["hinted"],
                     "held": sorted(set(_held(decision)) | (set(in_context) & used)),
                     "decision": {k: v for k, v in decision.items() if k != "hits"}})
    return {"floor": floor, "prompts": len(rows), "sessions": len({r["session"] for r in rows}),
            "recorded": sum(1 for r in rows if r["recorded"]),
            "used": _recall(rows), "unused": _silence(rows), "rows": rows}


def trail_turns(kb) -> list:
    """Every user prompt in the trail (subagents aside), oldest first."""
    from mage_engine.kb.probe import is_probe_session
    from mage_engine.trail.reader import TrailReader
    from mage_engine.trail.turns import session_turns

    reader, sessions = TrailReader(kb), set()
    for stem in reader.stems():
        for record in reader.records_of(stem):
            sessions.add(str(record.get("session")))
            break
    turns = [t for s in sessions if not is_probe_session(s) for t in session_turns(kb, s) if t.prompt.strip()]
    return sorted(turns, key=lambda turn: turn.ts)


def _held(decision: dict) -> list:
    """The candidates a decision found already in the session's context."""
    return [row["id"] for row in decision.get("candidates") or [] if isinstance(row, dict)
            and row.get("reason") in REASONS]


def _recorded(kb) -> dict:
    """{(session, prompt ts): (hinted ids, ids already in context and used or judged, {used id: how},
    ids the session's last start named)} for the decisions the ledger holds."""
    from mage_engine.usage.attribution import attribute
    from mage_engine.recall.hint.decision_log import SessionContext, decision_entries

    from mage_engine.usage.ledger import read_ledger

    ledger = read_ledger(kb)  # read once: the decisions and the sessions' context both come from it
    found, context = {}, SessionContext(kb, ledger)
    for entry, turn, used in attribute(kb, decision_entries(kb, ledger=ledger)):
        if turn is not None:
            hinted = list(entry.get("notes") or [])
            decision = entry.get("decision")
            held = context.before(entry.get("session"), entry.get("ts", ""))
            judged = _held(decision) if isinstance(decision, dict) else []
            touched = set(used) | set(turn.read)
            found[(turn.session, turn.ts)] = (hinted, sorted(set(judged) | (set(held) & touched)),
                                              {n: how for n, how in used.items() if n in hinted or how != "reply"},
                                              sorted(n for n, why in held.items() if why == IN_STANDING))
    return found


def _recall(rows: list) -> dict:
    """Turns that used a note, and how many of them get (and got) a hint naming one, or found it in context."""
    turns = [r for r in rows if r["used"]]
    now = sum(1 for r in turns if set(r["hinted"] + r["held"]) & set(r["used"]))
    then = sum(1 for r in turns if set(r["before"] + r["held_before"]) & set(r["used"]))
    return {"turns": len(turns), "hinted": now, "recall": _share(now, len(turns)),
            "hinted_before": then, "recall_before": _share(then, len(turns))}


def _silence(rows: list) -> dict:
    """Prompts that were hinted and used none of it, and how many of them now stay silent."""
    prompts = [r for r in rows if r["before"] and not set(r["before"]) & set(r["used"])]
    silent = sum(1 for r in prompts if not r["hinted"])
    return {"prompts": len(prompts), "silent": silent, "silence": _share(silent, len(prompts))}


def _share(part: int, whole: int):
    return round(part / whole, 3) if whole else None
