"""`mage distill`: the deterministic, incremental fold of the trail into signature tallies (SPEC 5.1).

State lives in .mage/state/: `distill.json` (cursors, per-chapter state) and
`tallies.json` (the last tallies, byte-identical for the same trail however
many runs it took to read it). A run reads only bytes appended since the last
one; a run over an unchanged trail reads no trail line and re-analyses
nothing. Each run also refreshes `candidates.json` (see candidates.py).
"""

import json
import time
from dataclasses import dataclass, field

from mage_engine.kb.atomic import write_text_atomic
from mage_engine.recurrence import cursor
from mage_engine.recurrence.fold import Folder, counts
from mage_engine.recurrence.tallies import build_tallies

STATE_VERSION = 1
PROGRESS_EVERY = 5000  # lines between progress callbacks


@dataclass
class DistillResult:
    """The tallies and what this run did."""

    tallies: list
    events: int = 0
    chapters: int = 0
    qualifying: int = 0
    k: int = 3
    candidates: list = field(default_factory=list)
    read: int = 0            # trail records read by this run (0 when nothing was new)
    restarted: bool = False  # the trail changed under the cursors: folded from the start
    seconds: float = 0.0

    def to_json(self) -> dict:
        """The deterministic part: the same trail (and KB) gives the same bytes."""
        return {"events": self.events, "chapters": self.chapters, "qualifying_chapters": self.qualifying,
                "K": self.k, "tallies": self.tallies, "candidates": self.candidates}


def state_path(kb):
    return kb.state_dir / "distill.json"


def tallies_path(kb):
    return kb.state_dir / "tallies.json"


def distill(kb, progress=None, refresh_candidates: bool = True) -> DistillResult:
    """Fold what is new in the trail; return every signature's tally.

    `progress(done_bytes, total_bytes)` is called while reading.
    """
    started = time.perf_counter()
    state, restarted = load_state(kb), False
    files = cursor.trail_files(kb)
    try:
        todo = cursor.plan(files, state["cursors"])
    except cursor.Restart:
        state, restarted = fresh_state(), True
        todo = cursor.plan(files, {})
    read = 0
    if todo:
        state, read, restarted = _fold(kb, state, files, todo, progress, restarted)
        tallies = build_tallies(state["chapters"])
        _save(kb, state, tallies)
    else:
        tallies = _saved_tallies(kb, state)
    result = _result(state, tallies, read, restarted)
    if refresh_candidates:
        from mage_engine.recurrence.candidates import refresh_candidates as refresh

        result.k, result.candidates = refresh(kb, tallies)
    result.seconds = round(time.perf_counter() - started, 4)
    return result


def tallies(kb) -> list[dict]:
    """The current tallies (folding anything new first), JSON-ready: for the TUI's Recurrence pane."""
    return distill(kb).tallies


def _fold(kb, state, files, todo, progress, restarted):
    try:
        read = _read(state, todo, progress)
    except cursor.Restart:
        state, restarted = fresh_state(), True
        read = _read(state, cursor.plan(files, {}), progress)
    return state, read, restarted


def _read(state: dict, todo: list, progress) -> int:
    folder = Folder(state)
    total = sum(item.size - item.offset for item in todo)
    done = 0
    for item in todo:
        lines, offset = cursor.read_new(item)
        for number, raw in enumerate(lines, 1):
            folder.feed_line(raw)
            done += len(raw) + 1
            if progress and number % PROGRESS_EVERY == 0:
                progress(done, total)
        state["cursors"][item.key] = cursor.cursor_for(item, offset)
        if progress:
            progress(done, total)
    folder.settle()
    state["events"] += folder.events
    return folder.events


def _result(state: dict, tallies: list, read: int, restarted: bool) -> DistillResult:
    chapters = state["chapters"]
    return DistillResult(tallies=tallies, events=state["events"], chapters=len(chapters),
                         qualifying=sum(1 for chapter in chapters.values() if counts(chapter)),
                         read=read, restarted=restarted)


def fresh_state() -> dict:
    return {"version": STATE_VERSION, "events": 0, "cursors": {}, "sessions": {}, "chapters": {}}


def load_state(kb) -> dict:
    """The saved fold, or a fresh one when missing, unreadable or of another version."""
    try:
        state = json.loads(state_path(kb).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return fresh_state()
    if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
        return fresh_state()
    return state


def _save(kb, state: dict, tallies: list) -> None:
    write_text_atomic(state_path(kb), json.dumps(state, ensure_ascii=False, separators=(",", ":")))
    write_text_atomic(tallies_path(kb), render_tallies(tallies))


def render_tallies(tallies: list) -> str:
    """tallies.json text: sorted keys, stable order, one trailing newline."""
    return json.dumps({"tallies": tallies}, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def _saved_tallies(kb, state: dict) -> list:
    try:
        return json.loads(tallies_path(kb).read_text(encoding="utf-8"))["tallies"]
    except (OSError, ValueError, KeyError, TypeError):
        tallies = build_tallies(state["chapters"])
        write_text_atomic(tallies_path(kb), render_tallies(tallies))
        return tallies


def chapter_states(kb) -> dict:
    """chapter id -> its folded state (work counts, observations, skill loads), after a fold."""
    distill(kb, refresh_candidates=False)
    return load_state(kb)["chapters"]
