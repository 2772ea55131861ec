"""One scrub rule: a compiled pattern, a cheap substring pre-check, and a judge.

A judge looks at one match and returns the spans to redact as
(start, end, kind), or nothing when the match is a look-alike. Patterns are
compiled once at import and written so every match attempt is bounded:
character classes that cannot overlap, bounded repeats, no nested `+`.

Speed matters (the scrub runs on every hook call), so patterns start with a
literal where they can, which lets `re` jump between candidates; the left
boundary ("not glued to a longer token") is then checked by the judge. Rules
whose pattern cannot start with a literal (case-insensitive words, names of
settings) give `starts`: the few offsets worth trying, found with str.find.
"""

from __future__ import annotations  # no `typing`/`dataclasses` import on the hook path

import re

Span = tuple  # (start, end, kind); a judge maps a re.Match to a list of spans

_VENDOR_PLACEHOLDER = re.compile(r"x{4,}|\*{3,}|\.{3}|example|your[-_]|<|>|0{10,}", re.I)
TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


class Rule:
    """A way a secret shows itself.

    `needles`: at least one must occur in the text for the rule to run;
    `fold_case`: needles are lowercase and checked against the lowercased text;
    `starts`: lowercased text -> sorted offsets to try the pattern at (else it scans).
    """

    __slots__ = ("name", "pattern", "judge", "needles", "fold_case", "starts")

    def __init__(self, name: str, pattern: re.Pattern, judge, needles=(), fold_case=False, starts=None):
        self.name, self.pattern, self.judge = name, pattern, judge
        self.needles, self.fold_case, self.starts = tuple(needles), fold_case, starts

    def applies_to(self, text: str, lowered: str) -> bool:
        """The cheap pre-check: skip the regex when no needle occurs."""
        if not self.needles:
            return True
        haystack = lowered if self.fold_case else text
        return any(needle in haystack for needle in self.needles)


def needle_offsets(lowered: str, needles):
    """Every offset at which one of `needles` occurs."""
    for needle in needles:
        at = lowered.find(needle)
        while at >= 0:
            yield at
            at = lowered.find(needle, at + 1)


def glued_left(match: re.Match, chars=TOKEN_CHARS) -> bool:
    """True when the match continues a longer token on its left (so it is not the token itself)."""
    start = match.start()
    return start > 0 and match.string[start - 1] in chars


def vendor_shaped(token: str) -> bool:
    """A token with a vendor prefix is real unless it is a documented placeholder."""
    if _VENDOR_PLACEHOLDER.search(token):
        return False
    most = max(token.count(char) for char in set(token))
    return most <= 0.4 * len(token)


def token_rule(name: str, kind: str, regex: str, needles=(), check=vendor_shaped, group=0,
               fold_case=False, unglued=False) -> Rule:
    """A rule whose match (or `group`) is one secret of `kind` when `check` accepts it.

    `unglued`: the match must not continue a longer token on its left.
    """

    def judge(match: re.Match) -> list[Span]:
        value = match.group(group)
        if not value or (unglued and glued_left(match)) or not check(value):
            return []
        return [(match.start(group), match.end(group), kind)]

    return Rule(name, re.compile(regex), judge, tuple(needles), fold_case)
