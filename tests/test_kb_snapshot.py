"""Stat snapshots: an edit made within the same clock tick as mage's last look is never missed."""

import os
import time

from mage_engine.grooming.catalog import light_notes
from mage_engine.grooming.drafts import cached_drafts, list_drafts
from mage_engine.grooming.stage import stage_draft
from mage_engine.kb.notes import Note, write_note


def _same_tick_edit(path, old: str, new: str) -> None:
    """Rewrite `path` with `new` in place of `old` (same length), keeping its mtime to the nanosecond."""
    assert len(old) == len(new)
    stat = os.stat(path)
    path.write_text(path.read_text().replace(old, new))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_a_note_rewritten_in_the_tick_the_catalog_read_it_is_read_again(kb):
    path = kb.note_path("deploy-order")
    write_note(path, Note(id="deploy-order", title="Deploy the API before the web app", body="Then the web app."))
    assert [n.title for n in light_notes(kb)] == ["Deploy the API before the web app"]  # read within its tick
    _same_tick_edit(path, "API before the web", "web before the API")
    assert [n.title for n in light_notes(kb)] == ["Deploy the web before the API app"]


def test_a_settled_note_is_taken_from_the_cache(kb):
    path = kb.note_path("deploy-order")
    write_note(path, Note(id="deploy-order", title="Deploy the API first", body="Then the web app."))
    os.utime(path, ns=(time.time_ns() - 10**9,) * 2)  # written a second ago: settled
    light_notes(kb)
    _same_tick_edit(path, "API first", "web first")
    assert [n.title for n in light_notes(kb)] == ["Deploy the API first"]  # the cached record: no file read


def test_staging_rows_follow_a_same_tick_edit_and_answer_from_the_cache_once_settled(kb):
    staged = stage_draft(kb, "Restart the worker after a config change", "Workers read config at start.")
    path = kb.draft_path(staged.id)
    assert [row["title"] for row in list_drafts(kb)[0]] == ["Restart the worker after a config change"]
    _same_tick_edit(path, "Restart the worker", "Reload the workers")
    assert cached_drafts(kb) is None  # racily clean when last seen: not trusted from the cache
    assert [row["title"] for row in list_drafts(kb)[0]] == ["Reload the workers after a config change"]
    os.utime(path, ns=(time.time_ns() - 10**9,) * 2)
    rows, problems = list_drafts(kb)
    assert cached_drafts(kb) == (rows, problems) and problems == []
