"""A hook that trusts folder mtimes hands the full check to a detached child, which repairs the index."""

import os
import time

from helpers.process import wait_for
from mage_engine.recall.index import lifecycle, store
from mage_engine.recall.search.bm25 import search

NOTE = "---\ntitle: {title}\nkind: lesson\ncategory: tools\ncreated: 2026-11-01\nupdated: 2026-11-01\n---\n{body}\n"


def test_an_edit_in_place_is_found_by_the_background_check_the_hook_started(kb):
    path = kb.notes_dir / "cache-key.md"
    path.write_text(NOTE.format(title="Cache key", body="Hash uv.lock into the cache key."))
    an_hour_ago = time.time() - 3600
    for written in (path, kb.notes_dir):
        os.utime(written, (an_hour_ago, an_hour_ago))  # settled: older than the index's clock tick
    lifecycle.rebuild_index(kb)
    # the last full scan was slower than the hook's budget, and no background check ran lately
    lifecycle.patch_stamp(kb, scan_ms=500.0, checked_ns=0)
    folder_times = os.stat(kb.notes_dir).st_mtime_ns
    path.write_text(NOTE.format(title="Cache key", body="Hash uv.lock and the zanzibar version."))  # in place
    os.utime(kb.notes_dir, ns=(folder_times, folder_times))  # the folder looks unchanged
    assert lifecycle.ensure_fresh(kb, scan_budget_ms=10) == "deferred"
    assert wait_for(lambda: (store.read_stamp(kb) or {}).get("checked_ns", 0) > 0 and
                    [hit.id for hit in search(kb, "zanzibar", fresh=False)] == ["cache-key"], 20.0)
    assert not (kb.scratch_dir / "errors.log").exists()
