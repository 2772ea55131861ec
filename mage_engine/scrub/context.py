"""Vendor context: a vendor's name in the 48 characters before a candidate token, and a value of its shape.

The name is found through a dict of the vendors' first three letters (short texts, no `re`) or one
trie pattern (once `re` is loaded anyway): both find the longest name starting at each offset. A value
of a weak shape (hex, digits, a UUID: what ids and digests look like too) counts only when it is
assigned to the name (`onesignal_app = e8b1…`), set right next to it (`zerobounce 'e8b1…'`) or
described by a few words (`amplitude using e8b1…`); a random token counts when merely near.
"""

import sys

from mage_engine.scrub.families import HEX
from mage_engine.scrub.formats import drawn, has_digit

WINDOW = 48  # a vendor name must end within this many characters before its value
LONG_TEXT = 16_384  # as tokens.REGEX_ABOVE: a text this long finds vendor names with one pattern
PATTERN_ONCE_LOADED = True  # look vendor names up with one pattern when `re` is loaded anyway
_OPERATORS = (":::=", "::=", ":=", "?=", "=>", "||", ".=", "+=", "->", "=", ":", ">", ",", "(")
_QUOTES = "`'\" \t\r\n"
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.- \t[]\r\n")
_HEXISH = frozenset(HEX + "-")


def _qualifies(token: str) -> bool:
    """Worth a look at the names before it: long, and holding a digit or both cases."""
    return has_digit(token) or (len(token) >= 20 and not token.islower() and not token.isupper())


def context_span(table, text: str, lowered: str, start: int, end: int):
    """A vendor's name before the candidate, and a value of that vendor's shape (or a random one)."""
    token = text[start:end]
    if not _qualifies(token) or not drawn(token):
        return None
    begin = max(0, start - WINDOW)
    window = lowered[begin:start]
    with_pattern = len(text) > LONG_TEXT or (PATTERN_ONCE_LOADED and "re" in sys.modules)
    for at, word in reversed(_keywords_in(table, window, with_pattern)):
        gap = text[begin + at + len(word): start]
        named = assigned(gap) or _adjacent(gap) or _described(gap)
        for family in table.keywords[word]:
            if not _is_name_word(text, begin + at, len(word), family.strict or len(word) <= 5):
                continue
            kind = _family_claims(family, token, named, gap)
            if kind:
                return start, end, kind
    return None


def _is_name_word(text: str, at: int, size: int, strict: bool) -> bool:
    """The keyword is a word of the name, not letters inside another word (`SetSysctl`, `CameraKit`):
    written in one case, or starting and ending where the name's words do."""
    word = text[at: at + size]
    starts = at == 0 or not text[at - 1].isalpha() or (text[at].isupper() and text[at - 1].islower())
    if strict and not starts:
        return False
    if word.islower() or word.isupper() or (word[0].isupper() and word[1:].islower()):
        return True
    after = text[at + size: at + size + 1]
    return starts and not (after.isalpha() and after.islower())


def _family_claims(family, token: str, named: bool, gap: str):
    from mage_engine.scrub.placeholders import is_placeholder
    from mage_engine.scrub.values import entropy, looks_random

    if family.strict and not named:
        return None
    for item in family.shapes:
        if not item.least <= len(token) <= item.most or (item.weak and not named):
            continue
        if item.pattern is not None:
            fits = bool(item.pattern.fullmatch(token))
        else:
            fits = set(token) <= item.body and (not item.entropy or entropy(token) >= item.entropy)
        if fits and not is_placeholder(token, strict=item.entropy > 0) and not _digest_before(gap):
            return family.kind
    weak = set(token) <= _HEXISH or token.isdigit()
    if weak and named and not family.shapes and len(token) >= 20 and not token.isdigit():
        return family.kind if looks_random(token, 20) and not _digest_before(gap) else None
    if not weak and "\n\n" not in gap and looks_random(token, 20):
        return family.kind
    return None


def _digest_before(gap: str) -> bool:
    tail = gap[-10:].lower()
    return any(mark in tail for mark in ("sha1", "sha256", "sha512", "md5", "digest", "commit", "hash"))


def _keywords_in(table, window: str, with_pattern: bool) -> list:
    """(offset, keyword) of the longest vendor keyword starting at each offset of the window, left to
    right: one pattern once `re` is loaded anyway, else a loop over the window's letters."""
    if with_pattern:
        return [(match.start(), match.group(1)) for match in table.keyword_pattern().finditer(window)]
    hits, trigrams = [], table.trigrams
    for at in range(len(window) - 2):
        words = trigrams.get(window[at: at + 3])
        if words:
            word = next((word for word in words if window.startswith(word, at)), None)
            if word:
                hits.append((at, word))
    return hits


def _adjacent(gap: str) -> bool:
    """Only quotes, a bracket or a space between the vendor's name and the value: `zerobounce 'e8b1…'`,
    `Mixpanel("9e71…")`."""
    return len(gap) <= 4 and not gap.strip(" \t'\"`(")


_DESCRIBING = frozenset("using with key token secret api apikey is was set to = : ->".split())


def _described(gap: str) -> bool:
    """A few words that say what the value is: `amplitude using 3f2a…`, `Mailgun API key is 3f2a…`."""
    words = gap.replace("'", " ").replace('"', " ").lower().split()
    return 0 < len(words) <= 4 and all(word.strip(":=,") in _DESCRIBING or word in ("=", ":") for word in words)


def assigned(gap: str) -> bool:
    """Whether the text between a name's keyword and its value reads as an assignment:
    the rest of the name, maybe a type (`var xToken string =`), an operator, quotes."""
    stop, quotes = len(gap), 0
    while stop and gap[stop - 1] in _QUOTES and quotes < 6:
        stop, quotes = stop - 1, quotes + 1
    head = gap[:stop]
    operator = next((op for op in _OPERATORS if head.endswith(op)), None)
    if operator is None:
        return False
    head = head[: len(head) - len(operator)].rstrip(" \t'\"]")
    return len(head) <= 24 and all(c in _NAME_CHARS for c in head)
