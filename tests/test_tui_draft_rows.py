"""Staging's rows come from the engine's stat-keyed listing: the rows `mage drafts` lists, never stale.

The app reads them through its service (mage_tui/service.py); it keeps no cache of its own.
"""

import os
import time

from mage_engine.grooming.drafts import list_drafts
from mage_tui.service import make_service
from helpers.tui import BASTION, ORDER, UV_CACHE, demo_kb


def settled_demo(tmp_path):
    """The demo KB with its drafts written seconds ago: a file changed in the last 100 ms is never
    trusted from the cache, and on a loaded machine the demo's own drafts can still be that fresh."""
    kb = demo_kb(tmp_path)
    for draft in kb.staging_dir.glob("*.md"):
        os.utime(draft, (time.time() - 5,) * 2)
    return kb


def rows_of(kb):
    return make_service(kb, actor="person").drafts()


def cached_of(kb):
    return make_service(kb, actor="person").cached_drafts()


def test_rows_are_the_engine_listing_and_are_cached_after_the_first_read(tmp_path):
    kb = settled_demo(tmp_path)
    for stale in kb.state_dir.glob("draft-rows*.json"):
        stale.unlink()  # the demo build listed its drafts already
    assert cached_of(kb) is None  # nothing cached yet: the app parses in a worker
    rows, problems = rows_of(kb)
    assert (rows, [p["message"] for p in problems]) == list_drafts(kb) and problems == []
    assert [row["id"] for row in rows] == ORDER
    assert cached_of(kb) == (rows, problems)
    assert sorted(p.name for p in kb.state_dir.glob("*rows*")) == ["draft-rows-v2.json"]  # the engine's, no other


def test_a_draft_edited_outside_is_parsed_again(tmp_path):
    kb = settled_demo(tmp_path)
    rows_of(kb)
    path = kb.draft_path(UV_CACHE)
    path.write_text(path.read_text().replace("Add the Python version", "Add the Python minor version"))
    assert cached_of(kb) is None  # a changed draft means the worker path
    rows, _ = rows_of(kb)
    assert rows[0]["title"] == "Add the Python minor version to the uv cache key"
    assert rows_of(kb)[0] == list_drafts(kb)[0]


def test_removed_and_unreadable_drafts_show_as_the_engine_shows_them(tmp_path):
    kb = settled_demo(tmp_path)
    rows_of(kb)
    kb.draft_path(BASTION).unlink()
    broken = kb.staging_dir / "broken.md"
    broken.write_text("---\ntitle: [unclosed\n---\nbody\n")
    os.utime(broken, (time.time() - 5,) * 2)  # settled: a file changed in the last 100 ms is never trusted
    rows, problems = rows_of(kb)
    assert BASTION not in [row["id"] for row in rows]
    assert [(p["id"], p["file"], p["line"]) for p in problems] == [("broken", "broken.md", 2)]
    assert problems[0]["error"].startswith("malformed frontmatter")
    assert (rows, [p["message"] for p in problems]) == list_drafts(kb)
    assert cached_of(kb) == (rows, problems)  # a problem is remembered too, until the file changes
