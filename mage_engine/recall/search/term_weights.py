"""The pieces of the hint score that do not need the index: term weights, the words' plan, D(M).

score.py (QueryWeights) puts them together over a search; docs/recall.md has the
why of each. Kept apart so the formula's constants sit in one short file.
"""

from mage_engine.terms import wordlists

GENERAL_WEIGHT = 0.25
BODY_WEIGHT = 0.8
IDENTIFIER_BONUS = 1.0
NAMED_LIMIT = 4  # an identifier this many notes spell is the team's vocabulary (GitLab, OpenSearch), not a pick
MIN_MASS = 2.5
MAX_MASS = 4.0
LONG_SHARE = 0.6  # a prompt past MAX_MASS units: a note must explain this share of the rest
BACKGROUND_NOTES = 10_000  # df from a few dozen notes cannot tell a topic word from a common one
BACKGROUND_COMMON_DF = BACKGROUND_NOTES // 20  # everyday English and software words: one background note in 20


def idf(df: int, total: int) -> float:
    """BM25's inverse document frequency (the one Tantivy uses)."""
    return natural_log(1 + (total - df + 0.5) / (df + 0.5))


_LN2 = 0.6931471805599453
_SQRT2 = 1.4142135623730951


def natural_log(x: float) -> float:
    """ln(x) for x >= 1, to within an ulp or two of math.log (tested): the prompt hook takes a
    dozen of these, and `math` is a shared library of its own to open on every prompt (0.15 ms).
    x = m * 2**k with m in (1/sqrt 2, sqrt 2]; ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172,
    summed to s**23 (the next term is below 1e-18 of it)."""
    if not 1 <= x < 1e300:
        import math  # not an idf's argument: whatever math says (an error, for zero or less)

        return math.log(x)
    k = int(x).bit_length() - 1
    m = x / (1 << k)
    if m > _SQRT2:
        m, k = m / 2, k + 1
    s = (m - 1) / (m + 1)
    q = s * s
    series = 1 / 23
    for odd in (21, 19, 17, 15, 13, 11, 9, 7, 5, 3):
        series = series * q + 1 / odd
    return k * _LN2 + 2 * s * (series * q + 1)


def denominator(mass: float) -> float:
    """D(M): the rare-word units a note must hold to explain a prompt of `mass` units fully."""
    return max(min(max(mass, MIN_MASS), MAX_MASS), LONG_SHARE * (mass - MAX_MASS))


def term_weight(term: str, df: int, total: int, everyday: bool = False) -> float:
    """w(t): the term's idf, in the knowledge base plus the background, as a share of the idf
    of a term one note holds (capped at 1), times g(t)."""
    numeric = _numeric(term)
    if df == 0 and numeric:
        return 0.0  # a number, id or version no note holds: noise, not a topic
    general = everyday or term in wordlists.general_terms()
    common = general or term in wordlists.software_terms()
    notes = total + BACKGROUND_NOTES
    share = min(1.0, idf(df + (BACKGROUND_COMMON_DF if common else 0), notes) / _one_note_idf(notes))
    return share * (GENERAL_WEIGHT if general else 1.0)


def _one_note_idf(notes: int) -> float:
    """idf(1, notes), worked out once per size (every term of a prompt is weighed against it)."""
    if notes not in _ONE_NOTE_IDF:
        _ONE_NOTE_IDF[notes] = idf(1, notes)
    return _ONE_NOTE_IDF[notes]


_ONE_NOTE_IDF = {}


def is_bare_number(text: str) -> bool:
    """A word that is only a one- or two-digit number, or a date or a time of day (`2026-12-04`,
    `09:00`, `2026-12-04T03:20:05Z`): a log line's stamp, no topic (today's date in a pasted log
    matched a note whose `12:00` holds the 12)."""
    if len(text) <= 2:
        return text.isdigit()
    return text[:1].isdigit() and _is_stamp(text)


def _is_stamp(text: str) -> bool:
    day, _, clock = text.rstrip("Zz").partition("T")
    if not clock and ":" in day:
        day, clock = "", day
    clock = clock.split(".")[0].split(",")[0]  # fractions of a second: `.123`, `,101`
    return (not day or _digits_apart(day, "-/", 3)) and (not clock or _digits_apart(clock, ":", 2, 3))


def _digits_apart(text: str, separators: str, *counts) -> bool:
    """Whether `text` is 2 or 3 runs of digits (`counts`: how many) joined by one of `separators`."""
    for separator in separators:
        parts = text.split(separator)
        if len(parts) in counts and all(part.isdigit() and len(part) <= 4 for part in parts):
            return True
    return False


def _numeric(term: str) -> bool:
    """A number, a hash or an id (`403`, `0421`, `7x2k`), not a name with a digit (`ec2`, `k8s`)."""
    digits = sum(c.isdigit() for c in term)
    return term[0].isdigit() or 2 * digits > len(term)


def plan_words(units, weight: dict, df: dict, texts: list) -> list:
    """(terms, new terms, W, name) per word; each term counts once, in the first word holding it.
    A bare number of one or two digits ("16", "04": a line, a count, a day) weighs like
    everyday English even where a note holds it; `4.12` or `5432` still count in full."""
    counted, words = set(), []
    for unit, text in zip(units, texts):
        terms, name, humps = unit[0], unit[1], unit[2]
        if humps and any(df.get(t, 0) == 0 for t in terms):
            terms, name = tuple(dict.fromkeys(t for _, t in humps)), humps  # no note holds the whole word
        new = tuple(t for t in terms if t not in counted and t in weight)
        counted.update(new)
        mass = max((weight[t] for t in new), default=0.0)
        words.append((terms, new, mass * GENERAL_WEIGHT if is_bare_number(text) else mass, name))
    return words
