"""Step names: normalised so that "Run the tests" and "run tests" are one step.

A step's key is its name in lower case, punctuation and articles dropped,
whitespace collapsed and a plural `s` taken off long words. Two names whose
keys are near-identical (a typo, one letter) resolve to the step the KB
already knows; anything further apart is another step: a wrong steer is worse
than silence, so resolution is strict.
"""

ARTICLES = frozenset({"a", "an", "the"})
NEAR = 0.9  # difflib ratio at or above which two keys are one step
MAX_STEP_CHARS = 120


def step_key(name: str) -> str:
    """The normalised key of a step name ('' when nothing is left)."""
    text = "".join(char if char.isalnum() else " " for char in str(name or "")[:MAX_STEP_CHARS * 2].casefold())
    words = [_singular(word) for word in text.split() if word not in ARTICLES]
    return " ".join(words)[:MAX_STEP_CHARS].strip()


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def clean_name(name: str) -> str:
    """The name as a person wrote it, on one line and capped: what listings show."""
    return " ".join(str(name or "").split())[:MAX_STEP_CHARS]


def resolve(key: str, known) -> str:
    """`key`, or the known step it is near-identical to (the closest; ties by name)."""
    if not key or key in known:
        return key
    from difflib import SequenceMatcher

    best, best_ratio = key, NEAR
    for other in sorted(known):
        if abs(len(other) - len(key)) > max(2, len(key) // 8):
            continue
        ratio = SequenceMatcher(None, key, other).ratio()
        if ratio >= best_ratio and (best == key or ratio > best_ratio):
            best, best_ratio = other, ratio
    return best
