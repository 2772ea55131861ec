"""How fresh another KB's index must be for a hint: its folders unchanged is enough.

The project's own index gets the full check every prompt (recall/index/lifecycle.py's
ensure_fresh: folder mtimes, then a stat of every note within the hook's budget,
else a background refresh). Another KB's notes change far less often, and
never under the agent's hands in this session; mage's own writes to it (accept,
move) refresh its index as they go. So the hint hook checks only what catches
every added, removed or renamed note (its folders' mtimes, a few stats), and
leaves in-place edits to the next session start, `mage recall` or `mage index`,
which check in full. Ten KBs of 10,000 notes would otherwise fork ten scans.
"""


def refresh_if_moved(kb, scan_budget_ms) -> str:
    """"fresh" when `kb`'s index matches its folders, else what ensure_fresh did."""
    from mage_engine.recall.index import manifest, store

    stamp = store.read_stamp(kb)
    if stamp is not None and not stamp.get("unsettled") and store.generation_ok(kb, stamp) \
            and manifest.dir_stamps(kb) == stamp.get("dirs"):
        return "fresh"
    from mage_engine.recall.index.lifecycle import ensure_fresh

    return ensure_fresh(kb, scan_budget_ms=scan_budget_ms)
