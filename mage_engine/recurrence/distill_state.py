"""Distill's saved state in .mage/state/distill/, sized so a run touches only what changed.

- `index.json`: the cursors, the event count, and the generation of every
  other file. Written last: it is the commit point.
- `bucket-NN.json`: the chapters of the sessions that hash to bucket NN
  (work counts, observations, skill loads, and steps while a chapter is open).
  A run loads and rewrites only the buckets its new lines fall into.
- `sightings.json`: per signature, the chapters it was seen in and up to three
  examples: enough to write the tallies without opening any bucket.

A file whose generation is not the one the index records (a crash between
writes) makes the next run fold the whole trail again: slower, never wrong.
Scratch files are replaced by rename without fsync for the same reason.
"""

import json
import uuid
import zlib

from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.layout import DISTILL_DIR

VERSION = 4  # 4: steps carry tool ids and noise marks; sightings carry event keys
BUCKETS = 32


class Inconsistent(Exception):
    """A state file does not belong to the saved index."""


def folder(kb):
    return kb.path_of(DISTILL_DIR)


def bucket_of(session: str) -> str:
    return f"bucket-{zlib.crc32(session.encode('utf-8', 'replace')) % BUCKETS:02d}"


class Store:
    """The saved fold: the index, lazily loaded buckets, and the sightings."""

    def __init__(self, kb, fresh: bool = False):
        self.kb = kb
        self.index = empty_index() if fresh else load_index(kb)
        self.buckets = {}     # name -> {"sessions": {}, "chapters": {}}
        self.touched = set()  # bucket names to write back
        self._sightings = {} if fresh or not self.index["sightings"] else None

    @property
    def cursors(self) -> dict:
        return self.index["cursors"]

    def bucket(self, name: str) -> dict:
        """The bucket, loaded on first use; raises Inconsistent when it is not the indexed one."""
        if name not in self.buckets:
            expected = self.index["buckets"].get(name)
            if expected is None:
                self.buckets[name] = {"sessions": {}, "chapters": {}}
            else:
                data = read_json(folder(self.kb) / f"{name}.json")
                if data.get("generation") != expected:
                    raise Inconsistent(name)
                self.buckets[name] = {"sessions": data["sessions"], "chapters": data["chapters"]}
        return self.buckets[name]

    def all_buckets(self) -> dict:
        for name in sorted(self.index["buckets"]):
            self.bucket(name)
        return self.buckets

    @property
    def sightings(self) -> dict:
        if self._sightings is None:
            data = read_json(folder(self.kb) / "sightings.json")
            if data.get("generation") != self.index["sightings"]:
                raise Inconsistent("sightings")
            self._sightings = data["signatures"]
        return self._sightings

    def replace_sightings(self, sightings: dict) -> None:
        self._sightings = sightings

    def save(self, summary: dict) -> None:
        """Write touched buckets, the sightings, then the index (the commit point)."""
        generation = uuid.uuid4().hex
        for name in sorted(self.touched):
            write_scratch(folder(self.kb) / f"{name}.json", json.dumps(
                {"generation": generation, **self.buckets[name]}, separators=(",", ":")))
            self.index["buckets"][name] = generation
            self.index["summary"][name] = summary[name]
        write_scratch(folder(self.kb) / "sightings.json", json.dumps(
            {"generation": generation, "signatures": self.sightings}, separators=(",", ":")))
        self.index.update(version=VERSION, sightings=generation)
        write_scratch(folder(self.kb) / "index.json", json.dumps(self.index, separators=(",", ":")))


def empty_index() -> dict:
    return {"version": VERSION, "events": 0, "cursors": {}, "buckets": {}, "summary": {}, "sightings": ""}


def load_index(kb) -> dict:
    index = read_json(folder(kb) / "index.json")
    if index.get("version") != VERSION or not isinstance(index.get("cursors"), dict):
        return empty_index()
    return index


def read_json(path) -> dict:
    """The JSON object in a state file, or {} when there is none (see jsonfiles.read_object)."""
    return read_object(path) or {}


def write_scratch(path, text: str) -> None:
    """Replace a scratch file by rename (no fsync: see the module doc)."""
    from mage_engine.kb.atomic import write_text_atomic

    write_text_atomic(path, text, durable=False)
