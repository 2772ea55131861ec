"""Where a session declared it is: `.mage/state/positions/<session>.json`.

The trail's Position line is the record; this small file is its pointer for the
prompt hook, which must not read a session's trail on every prompt. `mage
session turn` writes it, `mage session end` removes it, so a session with no
declaration, or one that has ended, costs the hook one failed lstat and nothing
more. It is on the hook path: str paths, no json module.
"""

from mage_engine.base import fs
from mage_engine.trail.session_files import session_stem
from mage_engine.kb.layout import PROCEDURE_GRAPH_FILE, STATE_DIR

FOLDER = "positions"


def position_file(kb, session: str) -> str:
    return kb.at(STATE_DIR, FOLDER, f"{session_stem(session)}.json")


def declared(kb, session: str) -> dict | None:
    """{"session", "key", "step", "ts"} of the session's last declaration, or None (the common case)."""
    path = position_file(kb, session)
    try:
        fs.lstat(path)
    except OSError:
        return None
    from mage_engine.kb.jsonfiles import read_object

    found = read_object(path)
    if not found or found.get("session") != str(session) or not isinstance(found.get("key"), str):
        return None
    return found


def save(kb, record: dict) -> None:
    from mage_engine.base import fastjson
    from mage_engine.kb.atomic import write_text_atomic

    keep = {key: record[key] for key in ("session", "key", "step", "ts")}
    write_text_atomic(position_file(kb, record["session"]), fastjson.dumps(keep, ensure_ascii=False))


def clear(kb, session: str) -> None:
    from mage_engine.kb.atomic import remove

    remove(position_file(kb, session))


def session_line(kb, session: str) -> str:
    """What SessionStart says so the agent knows its own session id: only in a KB that keeps a graph
    (some `mage session` command has drawn `.mage/index/graph.json`), so other KBs pay nothing."""
    try:
        fs.lstat(kb.at(PROCEDURE_GRAPH_FILE))
    except OSError:
        return ""
    from mage_engine.base.clip import clip

    name = clip(str(session), 120)
    return (f"This session is `{name}`: declare where you are in a procedure with "
            f"`mage session turn {name} --at \"STEP\"` (the next prompts get what sessions here did next), "
            f"and how it ended with `mage session end {name} --outcome succeeded|failed|abandoned`.")
