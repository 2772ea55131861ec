"""The `mage session` operations: declare a position, end a session, read its trace.

Each writes the trail first (the record), then the position pointer, then
redraws the graph cache, so the prompt hook that follows sees the new state.
"""

from mage_engine.base.errors import MageError
from mage_engine.recall.procedure import graph, position, traces
from mage_engine.terms.step_names import clean_name, resolve, step_key


def resolve_session(kb, session: str | None, current: bool) -> str:
    """The session named, or with `current` the most recent open one of this KB."""
    if session and current:
        raise MageError("give a session id or --current, not both", "drop one of them")
    if session:
        return session
    if not current:
        raise MageError("no session named", "pass the session id (SessionStart's context names it) or --current")
    found = traces.current_session(kb)
    if not found:
        raise MageError("no open session in this knowledge base's trail",
                        "pass the session id: the context mage gave at the session's start names it")
    return found


def turn(kb, session: str, step: str) -> dict:
    """Record `session` at `step`; returns {"session", "step", "key", "known", "guidance"}."""
    from mage_engine.recall.procedure.guidance import render
    from mage_engine.scrub import scrub

    name = clean_name(scrub(clean_name(step)))
    key = step_key(name)
    if not key:
        raise MageError("the step has no words", 'name it, for example --at "run the test suite"')
    if _has_ended(kb, session):
        raise MageError(f"session {session} has ended", "declare positions in an open session")
    before = graph.with_all_steps(kb)
    key = resolve(key, graph.steps(before))
    record = traces.append_line(kb, session, {"event": traces.POSITION, "step": name, "key": key})
    position.save(kb, record)
    cache = graph.build(kb)
    text, _ = render(cache, key)
    return {"session": session, "step": name, "key": key, "known": key in graph.steps(before), "guidance": text}


def end(kb, session: str, outcome: str) -> dict:
    """Record how `session` ended; its declarations stop guiding and its trace starts counting."""
    if outcome not in traces.OUTCOMES:
        raise MageError(f"unknown outcome '{outcome}'", f"choose one of {', '.join(traces.OUTCOMES)}")
    if not traces.has_trail(kb, session):
        raise MageError(f"no session {session} in this knowledge base's trail",
                        "check the id (SessionStart's context names it), or use --current")
    if _has_ended(kb, session):
        raise MageError(f"session {session} has already ended", "`mage session trace` shows how")
    trace = traces.trace(kb, session)
    traces.append_line(kb, session, {"event": traces.OUTCOME, "outcome": outcome})
    position.clear(kb, session)
    graph.build(kb)
    return {"session": session, "outcome": outcome, "steps": [p["step"] for p in trace["positions"]]}


def _has_ended(kb, session: str) -> bool:
    return bool(traces.trace(kb, session)["outcome"])
