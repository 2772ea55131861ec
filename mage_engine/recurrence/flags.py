"""Flags and environment of a command: what a retry changed (the retry family: docs/recurrence.md#what-a-signature-is).

`skeleton` drops flags, numbers, environment and wrappers, so `pytest t.py`
and `CI=1 pytest t.py --reruns 3` share one; `delta` names what changed
between them (`with CI=<n>, --reruns <n>`); `base_shape` is the command a
retry signature names (`pytest <path>`).
"""

import os
from functools import lru_cache

from mage_engine.recurrence.shell_commands import ENV_ASSIGNMENT, NUMERIC, WRAPPERS, main_segment, segments, shape_token
from mage_engine.recurrence.signatures import normalise_text


@lru_cache(maxsize=4096)
def skeleton(command: str) -> tuple:
    """The command without flags, numbers, environment and leading wrappers (`sudo`,
    `timeout 60`); a wrapper's name later in a segment is an argument (`docker exec`)."""
    kept = []
    for segment in segments(command):
        start = _leading(segment)
        for index, token in enumerate(segment[start:]):
            if token.startswith("-") or NUMERIC.match(token) or ENV_ASSIGNMENT.match(token):
                continue
            kept.append(os.path.basename(token) if index == 0 else token)
    return tuple(kept)


def _leading(segment: list) -> int:
    """How many leading tokens are environment, wrappers and their numbers (`CI=1 timeout 60 …`)."""
    index = 0
    while index < len(segment) and (ENV_ASSIGNMENT.match(segment[index]) or NUMERIC.match(segment[index])
                                    or os.path.basename(segment[index]) in WRAPPERS):
        index += 1
    return index


@lru_cache(maxsize=4096)
def base_shape(command: str) -> str:
    """The working segment's shape without flags, numbers, environment or wrappers: `pytest <path>`."""
    segment = main_segment(command)
    segment = segment[_leading(segment):]
    kept = [token for token in segment if not (token.startswith("-") or NUMERIC.match(token) or ENV_ASSIGNMENT.match(token))]
    return " ".join(shape_token(token, index == 0) for index, token in enumerate(kept))


def flag_items(command: str) -> list[str]:
    """What `skeleton` dropped, normalised: `--reruns <n>`, `CI=<n>`, `timeout`."""
    items = []
    for segment in segments(command):
        start, pending_flag = _leading(segment), None
        items += [shape_token(token, False) for token in segment[:start]]
        for token in segment[start:]:
            if pending_flag is not None and NUMERIC.match(token):
                items[-1] = f"{pending_flag} {normalise_text(token)}"
                pending_flag = None
                continue
            pending_flag = None
            if token.startswith("-") and not NUMERIC.match(token):
                items.append(shape_token(token, False))
                pending_flag = items[-1] if "=" not in token else None
            elif ENV_ASSIGNMENT.match(token) or NUMERIC.match(token):
                items.append(shape_token(token, False))
    return items


def delta(failed: str, succeeded: str) -> str:
    """What changed from the failing command to the passing one: `with --reruns <n>, without -x`."""
    before, after = flag_items(failed), flag_items(succeeded)
    added = [item for item in after if item not in before]
    removed = [item for item in before if item not in after]
    parts = ([f"with {' '.join(added)}"] if added else []) + ([f"without {' '.join(removed)}"] if removed else [])
    return ", ".join(parts)
