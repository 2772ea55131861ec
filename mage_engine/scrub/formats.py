"""Bare vendor formats: a candidate token's prefix (`ghp_`, `xoxb-`, `AKIA`) or infix (`Q~`, `.atlasv1.`),
then its body's alphabet, length, entropy and the shared placeholder filter (scrub/values.py).
"""

from mage_engine.scrub.families import TOKEN

_PLACEHOLDER_NEXT = ("#", "*", "<", ">", "…", "...", "{", "$")
_NO_DIGITS = str.maketrans("", "", "0123456789")
_MARKUP = "_~*"  # Markdown emphasis a token may be wrapped in


def has_digit(value: str) -> bool:
    return len(value.translate(_NO_DIGITS)) != len(value)


def format_span(table, text: str, lowered: str, start: int, end: int):
    """A prefix or infix format that matches the candidate (or a `/`-separated part of it)."""
    starts = [start] + ([start + i + 1 for i, c in enumerate(text[start:end]) if c == "/"] if "/" in text[start:end]
                        else [])
    inner = start
    while inner < end and text[inner] in _MARKUP:
        inner += 1
    if inner != start:
        starts.append(inner)  # `_token_`, `__token__`, `~~token~~`: Markdown emphasis around a whole token
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
    from mage_engine.scrub.placeholders import is_placeholder
    from mage_engine.scrub.values import entropy

    if not item.fold and not text.startswith(item.prefix, begin):
        return 0
    body_start = begin + len(item.prefix)
    stop = body_start
    while stop < end and text[stop] in item.body:
        stop += 1
    while stop - body_start > item.most and text[stop - 1] in _MARKUP:
        stop -= 1  # the emphasis that closes it (`_token_`), read as the token's own characters
    if not item.least <= stop - body_start <= item.most:
        return 0
    token = text[begin:stop]
    if item.entropy and not drawn(text[body_start:stop], len(item.prefix) <= 2, item.body):
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


def drawn(body: str, short_prefix: bool = False, alphabet=TOKEN) -> bool:
    """A body drawn at random: it holds a digit, or its letters are random (few vowels, and both
    cases when its alphabet has both); after a prefix as short as `s.` or `SK`, digits and letters."""
    from mage_engine.scrub.values import random_letters

    digits = has_digit(body)
    if short_prefix:
        return digits and any(c.isalpha() for c in body)
    return digits or len(body) < 12 or random_letters(body, 12, both_cases="a" in alphabet and "A" in alphabet)


def _placeholder_next(text: str, stop: int) -> bool:
    """`xoxp-1234-…-####`, `ghp_<your token>`: the token runs into a placeholder. An ellipsis is
    one only when more of the token follows it (`…-####`, `...cdef`): after a whole token, `… now`
    or the end of a clipped line, it is punctuation, and the token is a secret."""
    if not text.startswith(_PLACEHOLDER_NEXT, stop):
        return False
    if text.startswith("…", stop) or text.startswith("...", stop):
        after = stop + (1 if text.startswith("…", stop) else 3)
        return after < len(text) and (text[after].isalnum() or text[after] in "-_#*<{$")
    if text[stop] in "*#>":  # `**token**`, a heading's `#`, `<br>`: emphasis and markup after a whole token,
        return _runs_on(text, stop)  # a placeholder only where a mask runs on (`…-####`, `****abcd`)
    return True


def _runs_on(text: str, stop: int) -> bool:
    """Whether the marker characters at `stop` are a mask the token runs into: three or more of them,
    or followed by more of the token."""
    marker, end = text[stop], stop
    while end < len(text) and text[end] == marker:
        end += 1
    return end - stop >= 3 or (end < len(text) and (text[end].isalnum() or text[end] in "-_"))
