"""One scrub rule: keywords that gate it, a pattern compiled on first use, and a judge.

A judge looks at one match and returns the spans to redact as
(start, end, kind), or nothing when the match is a look-alike. Patterns are
written so every match attempt is bounded: character classes that cannot
overlap, bounded repeats, no nested `+`.

Speed matters (the scrub runs in every hook process), so nothing is compiled
at import: a `LazyPattern` (patterns.py) compiles when a text first contains one of its
rule's keywords, and most hook texts contain none. Rules whose pattern cannot
start with a literal (case-insensitive words, names of settings) give
`starts`: the few offsets worth trying, found with str.find on the lowercased text.
"""

from mage_engine.scrub.patterns import LazyPattern
from mage_engine.scrub.placeholders import is_placeholder

Span = tuple  # (start, end, kind); a judge maps a re.Match to a list of spans
TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


class Rule:
    """A way a secret shows itself.

    `keywords`: at least one must occur in the text for the rule to run (gitleaks'
    keywords): lowercase, looked for in the lowercased text when `fold_case`,
    else as written;
    `starts`: lowercased text -> sorted offsets to try the pattern at (else it scans);
    `context`: one of these must occur in the text too, because the judge accepts
    no match without one (a `mysql` on the line of `-pSECRET`).
    Each is a necessary condition, so the gates never change what is redacted.
    """

    __slots__ = ("name", "pattern", "judge", "keywords", "fold_case", "starts", "context")

    def __init__(self, name: str, regex: str, judge, keywords=(), fold_case=False, starts=None, context=()):
        self.name, self.pattern, self.judge = name, LazyPattern(regex), judge
        self.keywords, self.fold_case, self.starts = tuple(keywords), fold_case, starts
        self.context = tuple(context)

    def applies_to(self, text: str, lowered: str) -> bool:
        """The cheap gate: skip the regex (and its compiling) when the text cannot match."""
        haystack = lowered if self.fold_case else text
        if self.keywords and not any(word in haystack for word in self.keywords):
            return False
        return not self.context or any(word in text for word in self.context)

    def spans(self, text: str, lowered: str) -> list:
        """Every (start, end, kind) the judge accepts among the rule's matches.

        With `starts`, a match hides the starts inside it, except inside a quoted value
        the judge turned down: `"{\\"password\\": …}"` may hold a secret of its own."""
        if self.starts is None:
            return [span for match in self.pattern.finditer(text) for span in self.judge(match)]
        found, end, pattern = [], 0, None
        for start in self.starts(lowered):
            if start < end:
                continue
            pattern = pattern or self.pattern.compiled()  # compiled only when there is somewhere to try it
            match = pattern.match(text, start)
            if match:
                spans = self.judge(match)
                found += spans
                end = max(match.end() if spans or not _quoted_value(match) else match.start(), start + 1)
        return found


def _quoted_value(match) -> bool:
    groups = match.re.groupindex
    return any(name in groups and match.group(name) is not None for name in ("dq", "sq", "eq"))


def needle_offsets(lowered: str, needles):
    """Every offset at which one of `needles` occurs."""
    for needle in needles:
        at = lowered.find(needle)
        while at >= 0:
            yield at
            at = lowered.find(needle, at + 1)


def at_needles(*needles: str):
    """A `starts` function: try the pattern wherever one of `needles` occurs (lowercased text)."""
    return lambda lowered: sorted(set(needle_offsets(lowered, needles)))


def glued_left(text: str, start: int, chars=TOKEN_CHARS) -> bool:
    """True when the token at `start` continues a longer token on its left (so it is not the token)."""
    return start > 0 and text[start - 1] in chars


def token_rule(name: str, kind: str, regex: str, keywords=(), check=None, group=0, fold_case=False,
               unglued=False, starts=None, context=()) -> "Rule":
    """A rule whose match (or `group`) is one secret of `kind` when `check` accepts it.

    `unglued`: the token must not continue a longer token on its left; with `starts`, a start
    that continues one is not tried at all (at each `eyJ` inside one long run the JWT pattern
    scanned the run to its end: quadratic on 'eyJ' * 100000).
    """
    check = check or (lambda value: not is_placeholder(value))
    if unglued and starts is not None:
        offsets = starts
        starts = lambda lowered: [at for at in offsets(lowered) if not glued_left(lowered, at)]  # noqa: E731

    def judge(match: "re.Match") -> list:
        start, end = match.span(group)
        value = match.string[start:end]
        if not value or (unglued and glued_left(match.string, start)) or not check(value):
            return []
        return [(start, end, kind)]

    return Rule(name, regex, judge, keywords, fold_case, starts, context)
