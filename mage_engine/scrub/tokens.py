"""The token pass: every long run of token characters, judged against the vendor families.

One scan finds the candidates (runs of letters, digits and `_-+/.~`, 14 or
more), so the cost grows with the text, not with the number of vendors. Each
candidate is then looked up: by prefix (`ghp_`, `xoxb-`, `AKIA`: a dict, longest
prefix first) and by infix (`Q~`, `.atlasv1.`); failing that, a random-looking
candidate is matched against the vendor names in the 48 characters before it
(`mailgun 'gRtZ…'`, `onesignal_app = e8b1…`), found through a dict of their
first three letters.

Short texts (every hook call) are scanned with str.translate and split, so an
ordinary command never imports `re`; long texts use one regular expression,
which finds exactly the same runs faster.
"""

import sys

from mage_engine.scrub.families import HEX, TOKEN, index
from mage_engine.scrub.rule import LazyPattern

MIN_TOKEN = 14
WINDOW = 48  # a vendor name must end within this many characters before its value
REGEX_ABOVE = 16_384  # texts longer than this are scanned by _RUNS (re is worth loading for them)
PATTERN_ONCE_LOADED = True  # look vendor names up with one pattern when `re` is loaded anyway
_TABLE = {code: " " for code in range(128) if chr(code) not in TOKEN}
_RUNS = LazyPattern(r"[A-Za-z0-9_\-+/.~]{%d,}" % MIN_TOKEN)
_LEAD, _TRAIL = "/.+-", "."
_OPERATORS = (":::=", "::=", ":=", "?=", "=>", "||", ".=", "+=", "->", "=", ":", ">", ",", "(")
_QUOTES = "`'\" \t\r\n"
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.- \t[]\r\n")
_HEXISH = frozenset(HEX + "-")
_PLACEHOLDER_NEXT = ("#", "*", "<", ">", "…", "...", "{", "$")


def candidates(text: str):
    """(start, end) of every run of token characters at least MIN_TOKEN long, left to right."""
    if len(text) > REGEX_ABOVE:
        for match in _RUNS.finditer(text):
            yield match.span()
        return
    runs, at = text.translate(_TABLE), 0
    for run in runs.split():
        if len(run) < MIN_TOKEN:
            continue
        at = runs.find(run, at)
        if run.isascii():
            yield at, at + len(run)
        else:
            yield from _ascii_runs(run, at)
        at += len(run)


def _ascii_runs(run: str, offset: int):
    start = None
    for i, char in enumerate(run + " "):
        if char.isascii() and char != " ":
            start = i if start is None else start
        elif start is not None:
            if i - start >= MIN_TOKEN:
                yield offset + start, offset + i
            start = None


def token_spans(text: str, lowered: str) -> list:
    """(start, end, kind) of every candidate a vendor family claims."""
    spans, table = [], None
    for start, end in candidates(text):
        while start < end and text[start] in _LEAD:
            start += 1
        while end > start and text[end - 1] in _TRAIL:
            end -= 1
        if end - start < MIN_TOKEN:
            continue
        table = table or index()
        span = _format_span(table, text, lowered, start, end) or _context_span(table, text, lowered, start, end)
        if span:
            spans.append(span)
    return spans


def _format_span(table, text: str, lowered: str, start: int, end: int):
    """A prefix or infix format that matches the candidate (or a `/`-separated part of it)."""
    starts = [start] + ([start + i + 1 for i, c in enumerate(text[start:end]) if c == "/"] if "/" in text[start:end]
                        else [])
    for begin in starts:
        for prefix, items in table.heads.get(lowered[begin: begin + 2], ()):
            if len(prefix) < end - begin and lowered.startswith(prefix, begin):
                for item in items:
                    stop = _format_end(item, text, begin, end)
                    if stop:
                        return begin, stop, item.family.kind
    piece = text[start:end]
    for item in table.infixes:
        if len(piece) >= item.least and item.infix in piece and _infix_worth_a_look(item, piece):
            found = _infix_match(item, piece)
            if found:
                return start + found[0], start + found[1], item.family.kind
    return None


def _format_end(item, text: str, begin: int, end: int) -> int:
    """Where the secret of `item` that starts at `begin` ends, or 0 when the candidate is not one."""
    from mage_engine.scrub.values import entropy, is_placeholder

    if not item.fold and not text.startswith(item.prefix, begin):
        return 0
    body_start = begin + len(item.prefix)
    stop = body_start
    while stop < end and text[stop] in item.body:
        stop += 1
    if not item.least <= stop - body_start <= item.most:
        return 0
    token = text[begin:stop]
    if item.entropy and not _drawn(text[body_start:stop], len(item.prefix) <= 2, item.body):
        return 0
    if item.pattern is not None and not item.pattern.fullmatch(token):
        return 0
    if (item.entropy and entropy(token) < item.entropy) or _placeholder_next(text, stop):
        return 0
    if is_placeholder(token[len(item.prefix):] or token, strict=item.entropy > 0 and not item.runs_ok):
        return 0
    padding = 0
    while padding < 3 and text.startswith("=", stop) and "+" in item.body:
        stop, padding = stop + 1, padding + 1  # base64 padding
    return stop


def _infix_worth_a_look(item, piece: str) -> bool:
    """Cheap checks before the pattern compiles: `-us` must be followed by a digit (`…-us14`)."""
    if not item.infix_digit:
        return True
    at = piece.find(item.infix)
    while at >= 0:
        if piece[at + len(item.infix): at + len(item.infix) + 1].isdigit():
            return True
        at = piece.find(item.infix, at + 1)
    return False


def _infix_match(item, piece: str):
    from mage_engine.scrub.values import entropy, is_placeholder

    for match in item.pattern.finditer(piece):
        a, b = match.span()
        if (a and piece[a - 1].isalnum()) or (b < len(piece) and piece[b].isalnum()):
            continue
        token = piece[a:b]
        if item.least <= len(token) <= item.most and entropy(token) >= item.entropy and not is_placeholder(token):
            return a, b
    return None


def _drawn(body: str, short_prefix: bool = False, alphabet=TOKEN) -> bool:
    """A body drawn at random: it holds a digit, or its letters are random (few vowels, and both
    cases when its alphabet has both); after a prefix as short as `s.` or `SK`, digits and letters."""
    from mage_engine.scrub.values import random_letters

    digits = has_digit(body)
    if short_prefix:
        return digits and any(c.isalpha() for c in body)
    return digits or len(body) < 12 or random_letters(body, 12, both_cases="a" in alphabet and "A" in alphabet)


_NO_DIGITS = str.maketrans("", "", "0123456789")


def has_digit(value: str) -> bool:
    return len(value.translate(_NO_DIGITS)) != len(value)


def _placeholder_next(text: str, stop: int) -> bool:
    """`xoxp-1234-…-####`, `ghp_<your token>`: the token runs into a placeholder."""
    return text.startswith(_PLACEHOLDER_NEXT, stop)


def _qualifies(token: str) -> bool:
    """Worth a look at the names before it: long, and holding a digit or both cases."""
    return has_digit(token) or (len(token) >= 20 and not token.islower() and not token.isupper())


def _context_span(table, text: str, lowered: str, start: int, end: int):
    """A vendor's name before the candidate, and a value of that vendor's shape (or a random one)."""
    token = text[start:end]
    if not _qualifies(token) or not _drawn(token):
        return None
    begin = max(0, start - WINDOW)
    window = lowered[begin:start]
    with_pattern = len(text) > REGEX_ABOVE or (PATTERN_ONCE_LOADED and "re" in sys.modules)
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
    from mage_engine.scrub.values import entropy, is_placeholder, looks_random

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
