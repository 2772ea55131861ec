"""Which notes are already in a session's context, so its hints do not name them again.

`.mage/state/context/<session>.json` holds `{"notes": [ids], "hinted": {id: bytes}}`:
the notes the session's start injected as standing context, and the notes a hint
named since, each with the size of the host's transcript when it was named.

A hinted note counts as in the conversation once the transcript has grown past
that size: the host went on writing the turn the hint was part of (the prompt,
the hint, the reply). A caller that feeds prompts without a transcript, or with
one that never grows (a script asking one question after another under one
session name), gets every hint each time, as if each prompt were a session of
its own. A compaction (PreCompact, then the SessionStart `compact` after it) and
any new start of the session (`startup`, `clear`) forget the hints: a compaction
summarises them away. A `resume` keeps them: the host
replays the saved conversation, hints included.

Both hooks are on the hook path: one small file per session, written in place,
without a flush or a rename (scratch.py); about one start in 16 trims the folder.
"""

from mage_engine.kb.layout import SESSION_CONTEXT_DIR

PRUNE_ONE_IN = 16  # session starts: about one in this many trims the folder to the newest files
HINTED_KEPT = 200  # hinted notes remembered per session: past this, the oldest are forgotten
MAX_BYTES = 256 * 1024  # what this file holds is a few hundred note ids: one read on every prompt
IN_STANDING = "in standing context"  # the hint decision's reasons (decide.py) for a note already in context
HINTED_EARLIER = "hinted earlier in this session"
REASONS = (IN_STANDING, HINTED_EARLIER)


def remember(kb, session: str, named: list, resumed: bool = False) -> None:
    """Keep the notes this session's start named (and, on a resume, the notes hinted before). Never raises."""
    import time

    from mage_engine.kb import scratch

    try:
        record = {"notes": list(named)}
        hinted = _hinted(_read(kb, session)) if resumed else {}
        if hinted:
            record["hinted"] = hinted
        scratch.overwrite_json(_path(kb, session), record)
        if time.time_ns() // 1000 % PRUNE_ONE_IN == 0:  # listing the folder on every start costs more than it saves
            scratch.prune_folder(kb.at(SESSION_CONTEXT_DIR))
    except OSError:
        pass


def named_in(kb, session: str) -> frozenset:
    """The note ids this session's last start named (empty when none did)."""
    return _named(_read(kb, session))


class InContext(dict):
    """{note id: why it is already in the agent's context}, with the `record` it was read from."""

    record: dict = {}


def in_context(kb, session: str, transcript) -> InContext:
    """The notes already in this session's context: its start's ("in standing context") and the
    ones hinted before whose turn the transcript shows ("hinted earlier in this session")."""
    context = InContext()
    context.record = record = _read(kb, session)
    context.update((note, HINTED_EARLIER) for note in _shown(_hinted(record), transcript))
    context.update((note, IN_STANDING) for note in _named(record))
    return context


def remember_hinted(kb, session: str, notes: list, transcript, context: InContext | None = None) -> None:
    """Add `notes`, just hinted, with the transcript's size now (0 while the host has not written
    it yet: it does so after a session's first prompt). `context`: what in_context read for this
    prompt (not read again). Never raises; a payload that names no transcript gives nothing to
    confirm them by later, so nothing is kept."""
    if not isinstance(transcript, str) or not transcript or not notes:
        return
    size = _size(transcript) or 0
    from mage_engine.kb import scratch

    try:
        record = context.record if context is not None else _read(kb, session)
        hinted = _hinted(record)
        if all(hinted.get(note) == size for note in notes):
            return  # a transcript that has not grown since: nothing to add
        for note in notes:
            hinted.pop(note, None)  # the newest size: re-hinted after a compaction, it is new again
            hinted[note] = size
        record = {"notes": sorted(_named(record)), "hinted": dict(list(hinted.items())[-HINTED_KEPT:])}
        scratch.overwrite_json(_path(kb, session), record)
    except OSError:
        pass


def forget_hints(kb, session: str) -> None:
    """A compaction begins (PreCompact): the turns that held this session's hints are about to be
    summarised away, so they are hinted again from now on. Never raises."""
    record = _read(kb, session)
    if not record.get("hinted"):
        return  # the common case: nothing to forget, nothing written
    from mage_engine.kb import scratch

    try:
        scratch.overwrite_json(_path(kb, session), {"notes": sorted(_named(record))})
    except OSError:
        pass


def _shown(hinted: dict, transcript) -> list:
    if not hinted:
        return []  # the common case: no stat of the transcript
    size = _size(transcript)
    return [] if size is None else [note for note, then in hinted.items() if then < size]


def _size(transcript):
    """The transcript's size in bytes, or None when there is none to measure."""
    if not isinstance(transcript, str) or not transcript:
        return None
    from mage_engine.base import fs

    try:
        return fs.stat(transcript).st_size
    except (OSError, ValueError):
        return None


def _read(kb, session: str) -> dict:
    from mage_engine.kb.jsonfiles import read_object

    return read_object(_path(kb, session), MAX_BYTES) or {}  # a larger one, planted: absent, then written anew


def _named(record: dict) -> frozenset:
    notes = record.get("notes")
    return frozenset(str(n) for n in notes) if isinstance(notes, list) else frozenset()


def _hinted(record: dict) -> dict:
    hinted = record.get("hinted")
    if not isinstance(hinted, dict):
        return {}
    return {str(note): size for note, size in hinted.items() if type(size) is int and size >= 0}


def _path(kb, session: str) -> str:
    from mage_engine.trail.session_files import session_stem

    return kb.at(SESSION_CONTEXT_DIR, f"{session_stem(session)}.json")
