"""Judging a candidate value: a real-looking secret, or a placeholder, reference or name?

Rules find candidates by shape and context; these tests decide. `is_placeholder`
is the one placeholder filter every rule shares: documentation values (`<token>`,
`xxxx`, `…Here`, `RANDOM`, `####`, `changeme`, `${VAR}`), alphabet and digit
runs (`abcdefgh`, `12345678`) and repeated characters. It stays conservative:
a format-valid random credential is never waved through.
"""

from mage_engine.scrub.rule import LazyPattern, any_of

MARK = "[REDACTED:"

_REFERENCE = LazyPattern(
    r"(?i)^(?:\$|\(|\[|\{|@|--|:|%\(|%[A-Za-z_]\w*%|\{\{|\{%|#\{|@\{|<|!vault|vault:|ref\+|arn:|secrets\.|process\.env|"
    r"os\.(?:environ|getenv)|import\.meta|(?:self|this|cls)\.|[a-z][a-z0-9+.\-]*://)")
_DIGEST = LazyPattern(r"(?i)^(?:sha-?\d+|md5|blake2b?|h1|zh)[:\-=]")
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
_CALL_OR_INDEX = LazyPattern(r"^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*\s*[(\[]")
_DOTTED_NAME = LazyPattern(r"^[A-Za-z_]+(?:\.[A-Za-z_]+)+$")
_ENV_NAME = LazyPattern(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_DATE = LazyPattern(r"^\d{4}-\d\d-\d\d|^\d\d?:\d\d")
_PATH = LazyPattern(r"^(?:~|\.{1,2})?(?:/[\w.\-@]+)+/?$")
_NAME_PART = LazyPattern(r"[a-z]+(?:\d{1,2}[a-z]*)?|[A-Z][a-z]{2,}")  # "parcel", "b64encode", "Lights"
_CODE_PATH = LazyPattern(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
_NAME_SEPARATORS = LazyPattern(r"[-_./:]")
_FILE_OR_PATTERN = LazyPattern(r"^(?:\.{1,2}/|~/|/)[\w.\-/]+$|^\^.*\$$|\(\?[=!:<]")  # ./pw.txt, ^(?=.*\d).{12,}$
_EMBEDDED_ASSIGNMENT = LazyPattern(r"^[A-Za-z_][\w.\-]*=[A-Za-z_$]")  # `KEY=value` quoted in prose
_VERSIONED = LazyPattern(r"[A-Za-z][\w.\-]*[-_.:]v?\d+\.\d+(?:\.\d+)*$")  # jjwt-jackson-0.11.2, requests-2.32.3
_VOWELS = frozenset("aeiouAEIOU")
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


def is_plausible(value: str) -> bool:
    """False for references, placeholders, code, digests and already-redacted text."""
    return remembered("plausible", _is_plausible, value)


def _is_plausible(value: str) -> bool:
    if not value or MARK in value or _REFERENCE.match(value) or _DIGEST.match(value):
        return False
    if is_placeholder(value):
        return False
    return not (_CALL_OR_INDEX.match(value) or _DOTTED_NAME.match(value) or _ENV_NAME.match(value))


def _has_space(value: str) -> bool:
    return " " in value or "\t" in value or "\n" in value or "\r" in value


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    key = ("entropy", value)
    known = _MEMO.get(key)
    if known is None:
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
        known = _MEMO[key] = _entropy(value)
    return known


def _entropy(value: str) -> float:
    import math  # only a candidate value gets here: keep the import off the hook path

    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in map(value.count, set(value))) if size else 0.0


def looks_like_name(value: str) -> bool:
    """A slug or identifier made of words (`parcel-api-7d9f8b`, `tls_secret_name`)."""
    parts = _NAME_SEPARATORS.split(value)
    words = [part for part in parts if _NAME_PART.fullmatch(part) and sum(c.isalpha() for c in part) >= 3]
    return len(words) >= 2 and sum(map(len, words)) >= 0.4 * len(value)


def is_code_path(value: str) -> bool:
    """A dotted name in code (`win32api.RegEnumKey`, `settings.api_key2`), not a dotted token."""
    if not _CODE_PATH.match(value):
        return False
    return not any(sum(c.isdigit() for c in part) >= 3 or (len(part) >= 12 and _mixed_random(part))
                   for part in value.split("."))


def is_pathlike(value: str) -> bool:
    """A file path whose segments read like names, not like key material."""
    if not _PATH.match(value) or value.count("/") < 2:
        return False
    return not any(len(part) >= 12 and _mixed_random(part) for part in value.split("/"))


def _mixed_random(part: str) -> bool:
    return any(c.isdigit() for c in part) and any(c.isupper() for c in part) and any(c.islower() for c in part)


def random_letters(value: str, min_len: int = 20, both_cases: bool = True) -> bool:
    """Letters only, yet random: long, few vowels (English runs about 38%, random letters 19%), and
    upper case scattered through it, not only where words start (`GetPagesInConfluenceSpace`)."""
    letters = [c for c in value if c.isalpha()]
    if len(value) < min_len or not letters:
        return False
    upper = sum(c.isupper() for c in letters) / len(letters)
    scattered = 0.2 <= upper <= 0.8 or not both_cases
    return scattered and sum(c in _VOWELS for c in letters) < 0.32 * len(letters)


def looks_random(value: str, min_len: int = 16, letters_only_ok: bool = True) -> bool:
    """A machine-made token: long, letters and digits mixed, high entropy, not a name or path."""
    return remembered("random", _looks_random, value, min_len, letters_only_ok)


def _looks_random(value: str, min_len: int, letters_only_ok: bool) -> bool:
    if len(value) < min_len or _has_space(value) or not is_plausible(value):
        return False
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    if digits == 0:
        return letters_only_ok and random_letters(value) and entropy(value) >= 3.5
    if letters < 3 or _DATE.match(value) or looks_like_name(value) or is_pathlike(value) or is_code_path(value):
        return False
    return len(set(value)) >= 8 and entropy(value) >= 3.0


def looks_like_password(value: str, min_len: int = 6) -> bool:
    """A value typed where a password or secret goes: not a word, number, path or reference."""
    return remembered("password", _looks_like_password, value, min_len)


def _looks_like_password(value: str, min_len: int) -> bool:
    if len(value) < min_len or _has_space(value) or not is_plausible(value):
        return False
    if not any(c.isalpha() for c in value) or is_pathlike(value) or is_code_path(value):
        return False
    if _EMBEDDED_ASSIGNMENT.match(value) and value.partition("=")[2].isalpha():
        return False
    if _FILE_OR_PATTERN.search(value):
        return False  # a file holding the password, or the pattern a password must match
    if ("/" in value or _VERSIONED.match(value)) and looks_like_name(value):
        return False  # a store path such as secret/parcel/db, a package such as jjwt-jackson-0.11.2
    if all(c.isalpha() or c in "-_." for c in value):
        return random_letters(value)  # plain words and slugs are names, not secrets
    return True
