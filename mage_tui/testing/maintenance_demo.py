"""The demo KB with something to maintain, for the Maintenance pane's screenshot and tests.

The shared demo has nothing to maintain (its notes are distinct, its index
whole), and changing it would change every other pane's screenshot. So the
Maintenance shot adds, to its own copy: a near-duplicate of the uv cache note,
an index line for a note that was deleted, and a note with no summary.
"""

from pathlib import Path

DUPLICATE = """---
id: uv-cache-key-lockfile
title: The CI uv cache key must hash uv.lock
kind: lesson
category: infrastructure
tags: [ci, uv]
created: 2026-03-01
updated: 2026-03-01
origin: lesson
signatures: []
---
CI restores a stale uv cache unless the cache key hashes `uv.lock`, and the build passes on yesterday's dependencies.

## Procedure
1. Set the cache key to `uv-${{ runner.os }}-${{ hashFiles('uv.lock') }}`.
"""
NO_SUMMARY = """---
id: deploy-freeze-dates
title: Deploy freeze dates
kind: fact
category: projects
tags: [release]
created: 2026-03-02
updated: 2026-03-02
origin: lesson
signatures: []
---
## Dates
- 2026-03-28 to 2026-04-02
"""
GONE_LINE = "- [Rotate the staging TLS certificate](notes/rotate-staging-tls.md) — every 90 days, with the renew job\n"


def prepare_maintenance(kb) -> None:
    """Add the duplicate, the summary-less note and the dangling index line to `kb` (a demo copy)."""
    import os

    notes = Path(kb.notes_dir)
    (notes / "uv-cache-key-lockfile.md").write_text(DUPLICATE, encoding="utf-8")
    (notes / "deploy-freeze-dates.md").write_text(NO_SUMMARY, encoding="utf-8")
    with open(kb.index_md, "a", encoding="utf-8") as handle:
        handle.write(GONE_LINE)
    stamp = os.stat(notes / "gha-uv-cache-key.md").st_mtime
    for name in ("uv-cache-key-lockfile.md", "deploy-freeze-dates.md"):
        os.utime(notes / name, (stamp, stamp))  # dated like the others: the index stays steady
    from mage_engine.recall.index.lifecycle import rebuild_index

    rebuild_index(kb)
