"""The one placeholder filter every rule shares, and the memo of value judgements.

A value is a placeholder when a person wrote it to stand for a secret: the
markers of documentation (`xxxx`, `<token>`, `…Here`, `RANDOM`, `####`,
`example`, `changeme`, `${VAR}`), or a value made mostly of an alphabet or
digit run (`abcdefgh…`, `12345678…`), a repeated character (`glc_1111…`) or a
repeated piece (`123123123123`). It stays conservative: a format-valid random
credential is never waved through.
"""

from mage_engine.scrub.patterns import LazyPattern, any_of

MARK = "[REDACTED:"
# What a person writes to say "not a real value", looked for in the lowercased value.
_MARKERS = ("xxxx", "***", "...", "…", "###", "00000000", "example", "placeholder", "changeme", "change-me", "change_me",
            "changethis", "change-this", "change_this", "changeit", "random", "sample", "fake", "replaceme", "replace-me",
            "replace_me", "replace-with", "replace_with", "your-", "your_", "yourapi", "yoursecret", "yourtoken",
            "yourpass", "yourkey", "yourapp", "yourclient", "youraccess", "dummy", "redacted", "insert-", "insert_",
            "todo", "fixme", "notareal", "not-a-real", "not_a_real", "notasecret", "not-a-secret", "not_a_secret",
            "<", ">", "{{", "}}", "%s", "&quot;", "&amp;", "&lt;", "&gt;")
_MARKER_WORDS = LazyPattern(lambda: any_of(_MARKERS))
_MARKER_PATTERN = LazyPattern(r"(?i)change (?:me|this|it)|replace (?:me|this|with)|your |insert |here$|(?-i:Here)(?![a-z])")
_EXACT_PLACEHOLDERS = frozenset("""
    password passwd pass pwd secret token apikey api_key key none null nil undefined true false yes no
    on off required optional empty default test testing string str bytes int bool changeme admin root
    user username foo bar baz foobar qwerty letmein hunter2 123456 12345678 password1 password123
    secret123 mysecret mypassword mytoken guest postgres mysql redis mongo rabbit guest123 tbd n/a
    anonymous changeit value values secret_value your_value
""".split())
def is_common_password(value: str) -> bool:
    """A famous weak password with a digit in it (`hunter2`, `password123`): a placeholder in prose,
    but where a credential is spelled (a URL's password, `Basic` auth) someone may really use it."""
    return any(char.isdigit() for char in value) and value.lower() in _EXACT_PLACEHOLDERS


RUN_LENGTH = 8  # an alphabet or digit run this long is typed by a person, not drawn at random
FILLER_LENGTH = 12  # a short piece repeated over this many characters is a filler


def typed_length(value: str) -> int:
    """How many characters belong to alphabet or digit runs (`abcdefgh`, `87654321`), keyboard rows,
    or a piece of two to four characters repeated (`123123123123`): typed by a person, not drawn."""
    lowered = value[:400].lower()
    covered = set()
    if _RUN_PATTERN.search(lowered):  # rare: only then walk the characters
        up = down = 1
        for at in range(1, len(lowered)):
            step = ord(lowered[at]) - ord(lowered[at - 1])
            up, down = (up + 1 if step == 1 else 1), (down + 1 if step == -1 else 1)
            for run in (up, down):
                if run >= RUN_LENGTH:
                    covered.update(range(at - run + 1, at + 1))
        for row in _ROWS:
            at = lowered.find(row)
            if at >= 0:
                covered.update(range(at, at + len(row)))
    for match in _FILLER.finditer(lowered):
        if match.end() - match.start() >= FILLER_LENGTH and len(set(match.group(1))) > 1:
            covered.update(range(*match.span()))
    return len(covered)


_ROWS = ("qwertyui", "asdfghjk")
_FILLER = LazyPattern(r"(.{2,4}?)\1{2,}")


def _run_grams() -> list:
    """Every run of RUN_LENGTH letters or digits in order (or in reverse), and the keyboard rows."""
    grams = list(_ROWS)
    for sequence in ("abcdefghijklmnopqrstuvwxyz", "0123456789"):
        for order in (sequence, sequence[::-1]):
            grams.extend(order[at: at + RUN_LENGTH] for at in range(len(order) - RUN_LENGTH + 1))
    return grams


_RUN_PATTERN = LazyPattern(lambda: any_of(_run_grams()))


_MEMO: dict = {}  # value judgements asked again by the next rule (a value is judged by several)
MEMO_SIZE = 4096


def is_placeholder(value: str, strict: bool = True) -> bool:
    """The shared placeholder filter: documentation values, runs and fillers pass unchanged.

    `strict=False` looks only for what a person writes to say "not a real value"
    (`xxxx`, `<token>`, `…Here`, `example`); it is used for formats precise enough
    that even a low-entropy draw of them is worth redacting (as gitleaks does for
    rules without an entropy threshold)."""
    key = ("placeholder", value, strict)
    known = _MEMO.get(key)
    if known is None:
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
        known = _MEMO[key] = _is_placeholder(value, strict)
    return known


def _is_placeholder(value: str, strict: bool) -> bool:
    lowered = value.lower()
    if not value or MARK in value or lowered in _EXACT_PLACEHOLDERS or _MARKER_WORDS.search(lowered):
        return True
    if ("here" in lowered or " " in value) and _MARKER_PATTERN.search(value):
        return True
    if not strict:
        return False
    distinct = set(value)
    if len(distinct) <= 3 or (len(value) >= 16 and len(distinct) < 6):
        return True
    if len(value) >= 8 and max(value.count(char) for char in distinct) >= 0.6 * len(value):
        return True
    typed = typed_length(value)
    return typed >= 0.5 * len(value) or (typed > 0 and len(value) - typed < 12)


def remembered(kind: str, compute, *args):
    """`compute(*args)`, remembered for the next rule that asks about the same value (and size)."""
    key = (kind, *args)
    known = _MEMO.get(key)
    if known is None:
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
        known = _MEMO[key] = compute(*args)
    return known

