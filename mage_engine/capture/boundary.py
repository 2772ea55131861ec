"""Chapter ordinals: which compact-chapter each trail line belongs to (docs/capture.md#chapters).

A chapter is one stretch of the conversation's context: it ends at a context
compaction, or at a session end that no resume follows. With `claude -p
--resume` every prompt is its own process and ends in SessionEnd, yet the
context carries on, so a SessionEnd never moves the ordinal: the next line of
the same session (its resume) stays in the chapter, and a chapter whose last
line is a SessionEnd is closed in the derived view (chapters.py). The host
reports one compaction through up to three hooks (PreCompact, then SessionStart with
source "compact", then PostCompact; a compaction fork's SubagentStop may fall
in between), so the ordinal moves on once per compaction however many of them
arrive, and whichever one comes first:

- PreCompact closes the current chapter; its own line is its last.
- The next line after a close opens chapter + 1, except a subagent or
  compaction-fork line, which is shown under chapter + 1 without opening it.
- SessionStart(compact) or PostCompact with no PreCompact before them, after
  work in the current chapter, is a compaction the earlier hook missed: it
  opens chapter + 1 itself. Without work since the chapter opened, it is a
  repeat of the compaction that opened it (hooks wired twice) and changes nothing.
- Transcript `compact_boundary` lines are matched against the compactions the
  hooks already counted (`fold_ordinals`), so folding never double-counts.
"""

from mage_engine.hosts.claude_code import payload as host

WORK_EVENTS = ("UserPromptSubmit", "PostToolUse", "PostToolUseFailure")


def assign_chapter(state: dict, event: str, payload: dict, sub: bool) -> int:
    """The ordinal for this event's line; updates `state` in place."""
    if event == "PreCompact":
        return _pre_compact(state)
    if event == "SessionEnd":
        state["compacting"] = False  # a resume may follow: the chapter goes on (see the module doc)
        return state["chapter"]
    if event == "SessionStart" and host.start_source(payload) == "compact":
        return _compaction_reported(state, ends_compaction=False)
    if event == "PostCompact":
        return _compaction_reported(state, ends_compaction=True)
    if state["closed"]:
        if sub:
            return state["chapter"] + 1
        _open_next(state)
    if event in WORK_EVENTS and not sub and not state.get("worked"):
        state["compacting"], state["worked"] = False, True  # real work: any compaction is over
    return state["chapter"]


def _pre_compact(state: dict) -> int:
    if not state["compacting"]:
        state["hook_compactions"] += 1
    state["closed"], state["compacting"] = True, True
    return state["chapter"]


def _compaction_reported(state: dict, ends_compaction: bool) -> int:
    if not state["compacting"] and (state["closed"] or state.get("worked")):
        state["hook_compactions"] += 1  # PreCompact never came: this report is the boundary
        state["closed"] = True
    # else: a second report of the compaction that opened this still idle chapter (hooks wired twice)
    if state["closed"]:
        _open_next(state)
    state["compacting"] = not ends_compaction
    return state["chapter"]


def _open_next(state: dict) -> None:
    state["chapter"] += 1
    state["closed"], state["worked"] = False, False


def fold_ordinals(state: dict, boundary_count: int) -> list:
    """Ordinals for the segments of a folded transcript chunk split by its boundaries.

    Returns boundary_count + 1 ordinals: segment i lies before boundary i, and
    boundary i opens segment i + 1. Boundaries the hooks already counted keep
    the current ordinal in place; any beyond that are compactions the hooks
    missed, and each opens a new chapter.
    """
    known = max(0, min(boundary_count, state["hook_compactions"] - state["transcript_compactions"]))
    missed = boundary_count - known
    state["transcript_compactions"] += boundary_count
    state["hook_compactions"] = max(state["hook_compactions"], state["transcript_compactions"])
    if missed:
        state["chapter"] += missed
        state["closed"], state["worked"] = False, False  # the hooks' next report is of this compaction
    # PreCompact closed the chapter and nothing has opened the next yet: what follows a known
    # boundary belongs to the chapter the next line will open
    last = state["chapter"] + (1 if known and state["closed"] else 0)
    return [max(1, last - (boundary_count - index)) for index in range(boundary_count + 1)]
