"""One scrub rule: a pattern compiled on first use, cheap substring pre-checks, and a judge.

A judge looks at one match and returns the spans to redact as
(start, end, kind), or nothing when the match is a look-alike. Patterns are
written so every match attempt is bounded: character classes that cannot
overlap, bounded repeats, no nested `+`.

Speed matters (the scrub runs in every hook process), so nothing is compiled
at import: a `LazyPattern` compiles when a text first passes its rule's
substring pre-check, and most hook texts pass almost none. Patterns start
with a literal where they can, which lets `re` jump between candidates; the
left boundary ("not glued to a longer token") is then checked by the judge.
Rules whose pattern cannot start with a literal (case-insensitive words,
names of settings) give `starts`: the few offsets worth trying, found with str.find.
"""

from __future__ import annotations  # annotations stay text: no `re` or `typing` import on the hook path

Span = tuple  # (start, end, kind); a judge maps a re.Match to a list of spans
# How much text a rule's `exact` literals may scan before compiling its pattern is the cheaper
# way: one compile costs about what 20 literals cost over 20,000 characters.
EXACT_BUDGET = 20_000
TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


class LazyPattern:
    """A regular expression compiled the first time one of its `re.Pattern` methods is used.

    `search`, `match`, `finditer`, … are looked up on the compiled pattern and kept
    on the instance, so later calls go straight to `re` with no wrapper in between.
    """

    def __init__(self, source: str, flags: int = 0):
        self.source, self.flags, self._compiled = source, flags, None

    @property
    def is_compiled(self) -> bool:
        """Whether some text has already needed this pattern."""
        return self._compiled is not None

    def compiled(self) -> re.Pattern:
        """The compiled pattern, compiling it now if this is the first use."""
        if self._compiled is None:
            import re  # here, not at the top: a hook whose texts pass no pre-check never loads `re`

            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def __getattr__(self, name: str):
        if name.startswith("_"):  # private names and the probes of copy or pickle never compile
            raise AttributeError(name)
        method = getattr(self.compiled(), name)
        setattr(self, name, method)
        return method


_VENDOR_PLACEHOLDER = LazyPattern(r"(?i)x{4,}|\*{3,}|\.{3}|example|your[-_]|<|>|0{10,}")


class Rule:
    """A way a secret shows itself.

    `needles`: at least one must occur in the text for the rule to run;
    `fold_case`: needles are lowercase and checked against the lowercased text;
    `starts`: lowercased text -> sorted offsets to try the pattern at (else it scans);
    `context`: one of these must occur in the text too, because the judge accepts
    no match without one (a `mysql` on the line of `-pSECRET`);
    `exact`: literals one of which every match holds, checked (case-sensitively) only
    while the pattern is not compiled and they have scanned less than EXACT_BUDGET
    characters: they spare a hook process the compile of a rule it never needs, and a
    long-running scrub then runs the regex, whose one scan beats many literal scans.
    Each is a necessary condition, so the pre-checks never change what is redacted.
    """

    __slots__ = ("name", "pattern", "judge", "needles", "fold_case", "starts", "context", "exact", "spare")

    def __init__(self, name: str, regex: str, judge, needles=(), fold_case=False, starts=None, context=(),
                 exact=()):
        self.name, self.pattern, self.judge = name, LazyPattern(regex), judge
        self.needles, self.fold_case, self.starts = tuple(needles), fold_case, starts
        self.context, self.exact, self.spare = tuple(context), tuple(exact), EXACT_BUDGET

    def applies_to(self, text: str, lowered: str) -> bool:
        """The cheap pre-check: skip the regex (and its compiling) when the text cannot match."""
        haystack = lowered if self.fold_case else text
        if self.needles and not any(needle in haystack for needle in self.needles):
            return False
        if self.context and not any(word in text for word in self.context):
            return False
        if self.exact and self.spare > 0 and not self.pattern.is_compiled:
            self.spare -= len(text)
            return any(literal in text for literal in self.exact)
        return True


def needle_offsets(lowered: str, needles):
    """Every offset at which one of `needles` occurs."""
    for needle in needles:
        at = lowered.find(needle)
        while at >= 0:
            yield at
            at = lowered.find(needle, at + 1)


def glued_left(match: re.Match, start: int, chars=TOKEN_CHARS) -> bool:
    """True when the token at `start` continues a longer token on its left (so it is not the token)."""
    return start > 0 and match.string[start - 1] in chars


def vendor_shaped(token: str) -> bool:
    """A token with a vendor prefix is real unless it is a documented placeholder."""
    if _VENDOR_PLACEHOLDER.search(token):
        return False
    most = max(token.count(char) for char in set(token))
    return most <= 0.4 * len(token)


def token_rule(name: str, kind: str, regex: str, needles=(), check=vendor_shaped, group=0,
               fold_case=False, unglued=False, back=0, starts=None, exact=()) -> Rule:
    """A rule whose match (or `group`) is one secret of `kind` when `check` accepts it.

    `unglued`: the token must not continue a longer token on its left.
    `back`: the token starts this many characters before the match (the pattern
    checks them with a fixed-width lookbehind, so it can start with a literal).
    """

    def judge(match: re.Match) -> list[Span]:
        start, end = match.start(group) - back, match.end(group)
        value = match.string[start:end]
        if not value or (unglued and glued_left(match, start)) or not check(value):
            return []
        return [(start, end, kind)]

    return Rule(name, regex, judge, tuple(needles), fold_case, starts, exact=exact)


def at_needles(*needles: str):
    """A `starts` function: try the pattern wherever one of `needles` occurs (lowercased text)."""
    return lambda lowered: sorted(needle_offsets(lowered, needles))
