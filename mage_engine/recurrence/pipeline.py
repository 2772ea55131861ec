"""`mage distill` end to end: what is new in the trail folded into tallies, then judged into candidates.

distill.py folds the trail into signature tallies; candidates.py says which
tallies at K chapters nothing covers yet, and saves them to
.mage/state/candidates.json (what `mage status` and the SessionStart nudge
count). Both are needed by every reader of candidates, so they meet here, one
level above both.
"""

import time

from mage_engine.recurrence.candidates import refresh_candidates
from mage_engine.recurrence.distill import DistillResult, distill_tallies


def distill(kb, progress=None) -> DistillResult:
    """Fold what is new in the trail and refresh the candidates; `progress(done_bytes, total_bytes)`
    is called while reading."""
    started = time.perf_counter()
    result = distill_tallies(kb, progress)
    result.k, result.candidates = refresh_candidates(kb, result.tallies)
    result.seconds = round(time.perf_counter() - started, 4)
    return result


def tallies(kb) -> list[dict]:
    """The current tallies (folding anything new first), JSON-ready: for the TUI's Recurrence pane."""
    return distill(kb).tallies


def candidates(kb) -> list[dict]:
    """The waiting candidates (folding anything new in the trail first), JSON-ready."""
    return distill(kb).candidates
