"""Writing the index under its lock: a full rebuild into a new generation, or an
incremental update of the current one, then the manifest, the standing-context
digest and, last (the commit point), the stamp.

The manifest names the generation it describes: an update trusts it only when
the stamp points at that same generation, so a crash between a rebuild's
manifest and its stamp can never pair new file records with an old index.

A file written in the last moments (racily clean: its timestamp could not yet
tell a second write in the same tick from the first) is read again at every
check until it settles. It is indexed again only when what it says changed:
the manifest keeps a digest of each such file's indexed content (`racy`).
Indexing it anew each time would be harmless for what is found, but not for
the scores: Tantivy counts a replaced document in its statistics until its
segment is merged away, so the same query would score differently a moment
later, and a hint near the floor could come or go.
"""

import time

from mage_engine.base import fs
from mage_engine.base.errors import NoteFormatError
from mage_engine.kb.jsonfiles import read_object
from mage_engine.recall.index import manifest, store
from mage_engine.recall.index.manifest import timed_scan

FULL_REBUILD_SHARE = 0.3  # past this share of changed files a rebuild beats an update


def _read_all(kb, rels, progress=None, every: bool = True) -> tuple[dict, list, list]:
    """({rel: record or None}, [(record, body)], [problem lines]) for the given files (`every`
    source of the KB, or a few changed ones)."""
    from mage_engine.recall.index.scrubbed_before import ScrubbedBefore

    records, entries, problems = {}, [], []
    clean = ScrubbedBefore(kb)
    for done, rel in enumerate(rels, 1):
        try:
            record, body = _read(kb, rel, clean)
            records[rel] = record
            entries.append((record, body))
        except NoteFormatError as problem:
            records[rel] = None
            problems.append(str(problem))
        if progress and done % 500 == 0:
            progress(done, len(rels))
    clean.save(keep_before=not every)
    return records, entries, problems


def _read(kb, rel, clean):
    """The record and body of one note or skill, scrubbed: what the index keeps holds no secret
    even when a note does (`mage redact --check` reports those; the note is the person's).
    `clean` (scrubbed_before.py) spares the scrub the notes it found nothing in before."""
    from mage_engine.recall.index.records import read_source

    from mage_engine.kb.notes import summary_of

    record, body = read_source(kb.root, rel)
    raw_body = body
    said = [record[name] for name in SAID]  # every field that reaches a hint, the ledger or INDEX.md
    scrubbed = clean.scrubbed([record["id"], *said, body, *record["tags"]])
    if scrubbed[0] != record["id"]:  # the file's name is the id every listing prints: skipped, not rewritten
        raise NoteFormatError(scrubbed[0], 1, "its file name holds what looks like a secret; rename the file")
    record.update(zip(SAID, scrubbed[1:len(SAID) + 1]))
    body, record["tags"] = scrubbed[len(SAID) + 1], scrubbed[len(SAID) + 2:]
    if body != raw_body and (record["source"] == "note" or said[1] == summary_of(raw_body)):
        # a note's summary is its first paragraph cut at 300 characters: cut again from the scrubbed
        # body, for a token the cut went through had lost the shape the scrub knows
        record["summary"] = summary_of(body)
    return record, body


SAID = ("title", "summary", "kind", "category", "created", "updated")


def rebuild_locked(kb, progress=None) -> dict:
    """Build a new generation from every note and skill and swap it in (lock held)."""
    from mage_engine.recall.index import build

    started = time.perf_counter()
    dirs = manifest.dir_stamps(kb)  # before the scan: a change during it shows next time
    files, scan_ms = timed_scan(kb)
    records, entries, problems = _read_all(kb, sorted(files), progress)
    name, path = store.new_generation(kb)
    count = build.create(path, entries, (lambda n: progress(n, len(entries))) if progress else None)
    _commit(kb, name, dirs, files, scan_ms, records, problems, _racy_digests(files, entries))
    store.drop_old_generations(kb, keep=name)
    return {"docs": count, "problems": problems, "seconds": round(time.perf_counter() - started, 3)}


def update_locked(kb, inline_limit: tuple | None = None) -> str:
    """Apply what changed since the last build, or rebuild when that is cheaper or needed.

    With `inline_limit` (a hook: most files, most bytes), a rebuild or an update
    of more than that is not done ("deferred": the caller starts a background
    refresh; the prompt is served by the last good index).
    """
    from mage_engine.recall.index import build

    stamp, old = store.read_stamp(kb), read_object(store.manifest_path(kb))
    if (stamp is None or old is None or not store.generation_ok(kb, stamp)
            or old.get("generation") != stamp["generation"]):
        return _rebuild_or_defer(kb, manifest.list_sources(kb), inline_limit, stamp)
    dirs = manifest.dir_stamps(kb)
    files, scan_ms = timed_scan(kb)
    changed, removed = manifest.diff(old.get("files", {}), files)
    if not changed and not removed:
        _commit(kb, stamp["generation"], dirs, files, scan_ms, old.get("records", {}), old.get("problems", []))
        return "fresh"
    if len(changed) + len(removed) > max(20, FULL_REBUILD_SHARE * len(files)):
        return _rebuild_or_defer(kb, list(files), inline_limit, stamp)
    if inline_limit is not None and too_big_for_a_hook(kb, changed, inline_limit):
        return "deferred"  # a `git pull` of a few huge notes: read in the background too
    fresh, entries, problems = _read_all(kb, changed, every=False)
    before = old.get("racy") if isinstance(old.get("racy"), dict) else {}
    digests = _racy_digests(files, entries, before)
    same = _unchanged_since(old, files, before, digests)
    racy = {rel: digest for rel, digest in digests.items() if files[rel][1] < 0}
    if same:  # read again only because it was racily clean: what it says is what the index holds
        changed = [rel for rel in changed if rel not in same]
        entries = [(record, body) for record, body in entries if record["path"] not in same]
        fresh = {rel: record for rel, record in fresh.items() if rel not in same}
        if not changed and not removed:
            _commit(kb, stamp["generation"], dirs, files, scan_ms, old.get("records", {}),
                    old.get("problems", []), racy)
            return "fresh"
    try:
        build.update(store.generation_path(kb, stamp), changed + removed, entries)
    except BaseException as error:
        if not store.is_index_failure(error):
            raise
        rebuild_locked(kb)  # the index on disk is damaged: start over from the notes
        return "rebuilt"
    records = {rel: rec for rel, rec in old.get("records", {}).items() if rel in files and rel not in fresh}
    records.update(fresh)
    kept = [p for p in old.get("problems", []) if not any(rel in p for rel in changed + removed)]
    _commit(kb, stamp["generation"], dirs, files, scan_ms, records, kept + problems, racy)
    return "updated"


def _racy_digests(files: dict, entries: list, before=()) -> dict:
    """{path: digest of its indexed content} for the files of `entries` that are racily clean now
    or were (`before`) when the index last took them in."""
    from mage_engine.recall.index.scrubbed_before import digest

    return {record["path"]: digest([*(str(record[name]) for name in sorted(record) if name != "tags"),
                                    *record["tags"], body])
            for record, body in entries if files.get(record["path"], (0, 0))[1] < 0 or record["path"] in before}


def _unchanged_since(old: dict, files: dict, before: dict, digests: dict) -> set:
    """The files read again only because they were racily clean, whose timestamp and content are
    still those the index took in (settled since or not)."""
    old_files = old.get("files", {})
    return {rel for rel, digest in digests.items()
            if before.get(rel) == digest and rel in old_files and old_files[rel][0] == files[rel][0]}


def _rebuild_or_defer(kb, sources: list, inline_limit, stamp) -> str:
    if inline_limit is not None and too_big_for_a_hook(kb, sources, inline_limit):
        return "deferred"  # the caller starts the background refresh once it has let go of the lock
    rebuild_locked(kb)
    return "rebuilt"


def too_big_for_a_hook(kb, sources: list, limits: tuple) -> bool:
    """Whether indexing `sources` (paths relative to the KB) is more than a hook may do while a
    prompt waits: more than limits[0] files, or more than limits[1] bytes (the size of a file
    that cannot be read counts as none: reading it will say so)."""
    most_files, most_bytes = limits
    if len(sources) > most_files:
        return True
    total = 0
    for rel in sources:
        try:
            total += fs.lstat(fs.join(kb.top, rel)).st_size
        except OSError:
            continue
        if total > most_bytes:
            return True
    return False


def _commit(kb, generation, dirs, files, scan_ms, records, problems, racy=None) -> None:
    """Write manifest, standing context and, last (the commit point), the stamp. `racy`: the
    digests of the racily clean files' indexed content."""
    from mage_engine.recall.index.standing_digest import standing_digest

    store.write_json(store.manifest_path(kb), {"schema": store.SCHEMA_VERSION, "generation": generation,
                                               "files": files, "records": records, "problems": problems,
                                               "racy": racy or {}})
    store.write_json(store.standing_path(kb), standing_digest(records))
    from mage_engine.recall.index.transitions import write_notes_part

    write_notes_part(kb, records, f"{generation}:{manifest.fingerprint(files)}")
    store.write_json(store.stamp_path(kb), {
        "schema": store.SCHEMA_VERSION, "generation": generation, "dirs": dirs,
        "fingerprint": manifest.fingerprint(files), "unsettled": any(e[1] < 0 for e in files.values()),
        "docs": sum(1 for r in records.values() if r), "scan_ms": round(scan_ms, 2),
        "checked_ns": time.time_ns()})
