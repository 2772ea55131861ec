"""The deterministic, incremental fold of the trail into signature tallies (docs/recurrence.md#distill); `mage distill`
runs it, then judges the candidates (pipeline.py).

A run reads only the bytes appended to the trail since the last run (trail/reader.py),
folds them into the chapters they belong to (fold.py), updates the signature
sightings by difference (tallies.py) and writes `.mage/state/tallies.json`,
byte-identical for the same trail however many runs it took to read it.
A run over an unchanged trail reads the cursors, stats the files, and stops.
Anything the saved state cannot explain (a pruned or rewritten trail file, a
crash between writes) folds the whole trail again.
"""

import json
import time
from dataclasses import dataclass, field

from mage_engine.kb.atomic import remove_tree
from mage_engine.trail.reader import Restart, TrailReader
from mage_engine.recurrence import distill_state as state
from mage_engine.recurrence.chapter_fold import Folder, counts
from mage_engine.recurrence.tallies import Incomplete, apply_changes, build_tallies, rebuild
from mage_engine.kb.layout import TALLIES_FILE

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
    restarted: bool = False  # the trail changed under the saved state: folded from the start
    seconds: float = 0.0

    def to_json(self) -> dict:
        """The deterministic part: the same trail (and KB) gives the same bytes."""
        return {"events": self.events, "chapters": self.chapters, "qualifying_chapters": self.qualifying,
                "K": self.k, "tallies": self.tallies, "candidates": self.candidates}


def tallies_path(kb):
    return kb.path_of(TALLIES_FILE)


def distill_tallies(kb, progress=None) -> DistillResult:
    """Fold what is new in the trail; return every signature's tally (no candidates: pipeline.py).

    `progress(done_bytes, total_bytes)` is called while reading.
    """
    started = time.perf_counter()
    index = state.load_index(kb)
    reader = TrailReader(kb, index["cursors"])
    try:
        todo = reader.unread()
        saved = None if todo else _saved_tallies(kb)
    except Restart:
        todo, saved = None, None
    if saved is not None:
        result = _result(index, saved, 0, False)
    else:
        result = _fold(kb, reader, todo, progress)
    result.seconds = round(time.perf_counter() - started, 4)
    return result


def chapter_states(kb) -> dict:
    """chapter id -> its folded state (work counts, observations, skill loads), after a fold."""
    distill_tallies(kb)
    chapters = {}
    for bucket in state.Store(kb).all_buckets().values():
        chapters.update(bucket["chapters"])
    return chapters


def _fold(kb, reader, todo, progress) -> DistillResult:
    """Fold `todo` into the saved state; start over (todo None) when it cannot be trusted."""
    if todo is not None:
        try:
            return _fold_into(kb, state.Store(kb), reader, todo, progress, restarted=False)
        except (Restart, state.Inconsistent):
            pass
    remove_tree(state.folder(kb))
    store = state.Store(kb, fresh=True)
    reader.cursors = store.cursors  # the same listing, read from the start
    return _fold_into(kb, store, reader, reader.unread(), progress, restarted=True)


def _fold_into(kb, store, reader, todo, progress, restarted: bool) -> DistillResult:
    reader.cursors = store.cursors  # where this fold's cursors are saved, with its buckets
    read = _read(store, reader, todo, progress)
    summary = {name: _summary(store.buckets[name]) for name in store.touched}
    text = render_tallies(build_tallies(store.sightings))
    store.save(summary)
    state.write_scratch(tallies_path(kb), text)
    return _result(store.index, json.loads(text)["tallies"], read, restarted)  # the saved form: same bytes


def _read(store, reader, todo: list, progress) -> int:
    folder = Folder(store)
    total, done = sum(item.size - item.offset for item in todo), 0
    for item in todo:
        data, offset = reader.read_new(item)
        lines = data.decode("utf-8", errors="replace").split("\n")[:-1]
        for number, line in enumerate(lines, 1):
            folder.feed_line(line)
            if progress and number % PROGRESS_EVERY == 0:
                progress(done + (offset - item.offset) * number // len(lines), total)
        reader.advance(item, offset)
        done += item.size - item.offset
        if progress:
            progress(done, total)
    changes = folder.settle()
    try:
        apply_changes(store.sightings, changes)
    except Incomplete:  # an example must come from a chapter not at hand: recount from every chapter
        chapters = {cid: c for bucket in store.all_buckets().values() for cid, c in bucket["chapters"].items()}
        store.replace_sightings(rebuild(chapters))
    store.index["events"] += folder.events
    return folder.events


def _summary(bucket: dict) -> list:
    chapters = bucket["chapters"].values()
    return [len(chapters), sum(1 for chapter in chapters if counts(chapter))]


def _result(index: dict, tallies: list, read: int, restarted: bool) -> DistillResult:
    summary = index["summary"].values()
    return DistillResult(tallies=tallies, events=index["events"], chapters=sum(s[0] for s in summary),
                         qualifying=sum(s[1] for s in summary), read=read, restarted=restarted)


def render_tallies(tallies: list) -> str:
    """tallies.json text: sorted keys, stable order, one trailing newline."""
    return json.dumps({"tallies": tallies}, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def _saved_tallies(kb) -> list | None:
    from mage_engine.kb.jsonfiles import read_object

    tallies = (read_object(tallies_path(kb)) or {}).get("tallies")
    return tallies if isinstance(tallies, list) else None
