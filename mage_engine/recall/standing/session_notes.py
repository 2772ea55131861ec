"""Which notes a session's start put in its standing context, so its hints do not name them again.

SessionStart writes `.mage/state/context/<session>.json` (`{"notes": [ids]}`) with
the notes it injected; the hint hook reads it for the session of each prompt.
Both are on the hook path: one small file per session, written in place, without
a flush or a rename (scratch.py); about one start in 16 trims the folder.
"""

from mage_engine.kb.layout import SESSION_CONTEXT_DIR

PRUNE_ONE_IN = 16  # session starts: about one in this many trims the folder to the newest files


def remember(kb, session: str, named: list) -> None:
    """Keep the notes this session's start named. Never raises."""
    import time

    from mage_engine.kb import scratch

    try:
        scratch.overwrite_json(_path(kb, session), {"notes": list(named)})
        if time.time_ns() // 1000 % PRUNE_ONE_IN == 0:  # listing the folder on every start costs more than it saves
            scratch.prune_folder(kb.at(SESSION_CONTEXT_DIR))
    except OSError:
        pass


def named_in(kb, session: str) -> frozenset:
    """The note ids this session's last start named (empty when none did)."""
    from mage_engine.kb.jsonfiles import read_object

    notes = (read_object(_path(kb, session)) or {}).get("notes")
    return frozenset(str(n) for n in notes) if isinstance(notes, list) else frozenset()


def _path(kb, session: str) -> str:
    from mage_engine.trail.session_files import session_stem

    return kb.at(SESSION_CONTEXT_DIR, f"{session_stem(session)}.json")
