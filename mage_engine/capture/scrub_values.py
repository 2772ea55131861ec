"""Judging a candidate value: a real-looking secret, or a placeholder, reference or name?

The scrub finds candidates by shape and context; these tests decide. They are
deliberately conservative about what counts as a placeholder (documentation
values such as `<token>`, `xxxx`, `changeme`, `${VAR}`) so that format-valid
random credentials are never waved through.
"""

from mage_engine.capture.scrub_rule import LazyPattern

MARK = "[REDACTED:"

_REFERENCE = LazyPattern(
    r"(?i)^(?:\$|\(|\[|\{|@|--|:|%\(|%[A-Za-z_]\w*%|\{\{|\{%|#\{|@\{|<|!vault|vault:|ref\+|arn:|secrets\.|process\.env|"
    r"os\.(?:environ|getenv)|import\.meta|(?:self|this|cls)\.|[a-z][a-z0-9+.\-]*://)")
_DIGEST = LazyPattern(r"(?i)^(?:sha-?\d+|md5|blake2b?|h1|zh)[:\-=]")
_PLACEHOLDER = LazyPattern(
    r"(?i)x{4,}|\*{3,}|\.{3}|…|#{4,}|0{8,}|example|placeholder|change[-_ ]?(?:me|this|it)|"
    r"replace[-_ ]?(?:me|this|with)|your[-_ ]|your(?:api|secret|token|pass|key)|dummy|redacted|"
    r"insert[-_ ]|todo|fixme|not[-_]?a[-_]?(?:real|secret)|<|>|\{\{|\}\}|%s|\bfake[-_]|&(?:quot|amp|lt|gt);")
_EXACT_PLACEHOLDERS = frozenset("""
    password passwd pass pwd secret token apikey api_key key none null nil undefined true false yes no
    on off required optional empty default test testing string str bytes int bool changeme admin root
    user username foo bar baz foobar qwerty letmein hunter2 123456 12345678 password1 password123
    secret123 mysecret mypassword mytoken guest postgres mysql redis mongo rabbit guest123 tbd n/a
    anonymous changeit
""".split())
_SEQUENCES = ("0123456789" * 2, "abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm")
_CALL_OR_INDEX = LazyPattern(r"^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*\s*[(\[]")
_DOTTED_NAME = LazyPattern(r"^[A-Za-z_]+(?:\.[A-Za-z_]+)+$")
_ENV_NAME = LazyPattern(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_DATE = LazyPattern(r"^\d{4}-\d\d-\d\d|^\d\d?:\d\d")
_PATH = LazyPattern(r"^(?:~|\.{1,2})?(?:/[\w.\-@]+)+/?$")
_NAME_PART = LazyPattern(r"[a-z]+(?:\d{1,2}[a-z]*)?|[A-Z][a-z]{2,}")  # "parcel", "b64encode", "Lights"
_CODE_PATH = LazyPattern(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
_NAME_SEPARATORS = LazyPattern(r"[-_./:]")
_VOWELS = frozenset("aeiouAEIOU")


def is_plausible(value: str) -> bool:
    """False for references, placeholders, code, digests and already-redacted text."""
    if not value or MARK in value or _REFERENCE.match(value) or _DIGEST.match(value):
        return False
    lowered = value.lower()
    if lowered in _EXACT_PLACEHOLDERS or _PLACEHOLDER.search(value):
        return False
    if len(value) >= 5 and any(lowered in run for run in _SEQUENCES):
        return False
    if len(set(value)) <= 3 or (len(value) >= 16 and len(set(value)) < 6):
        return False
    return not (_CALL_OR_INDEX.match(value) or _DOTTED_NAME.match(value) or _ENV_NAME.match(value))


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    import math  # only a candidate value gets here: keep the import off the hook path

    counts = {}
    for char in value:
        counts[char] = counts.get(char, 0) + 1
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in counts.values())


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


def _random_letters(value: str) -> bool:
    """Letters only, yet random: long, both cases, few vowels (English runs about 38%)."""
    if len(value) < 20 or value.lower() == value or value.upper() == value:
        return False
    letters = [c for c in value if c.isalpha()]
    return sum(c in _VOWELS for c in letters) < 0.25 * len(letters)


def looks_random(value: str, min_len: int = 16, letters_only_ok: bool = True) -> bool:
    """A machine-made token: long, letters and digits mixed, high entropy, not a name or path."""
    if len(value) < min_len or any(c.isspace() for c in value) or not is_plausible(value):
        return False
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    if digits == 0:
        return letters_only_ok and _random_letters(value) and entropy(value) >= 3.5
    if letters < 3 or _DATE.match(value) or looks_like_name(value) or is_pathlike(value) or is_code_path(value):
        return False
    return len(set(value)) >= 8 and entropy(value) >= 3.0


def looks_like_password(value: str, min_len: int = 6) -> bool:
    """A value typed where a password or secret goes: not a word, number, path or reference."""
    if len(value) < min_len or any(c.isspace() for c in value) or not is_plausible(value):
        return False
    if not any(c.isalpha() for c in value) or is_pathlike(value) or is_code_path(value):
        return False
    if "/" in value and looks_like_name(value):
        return False  # a store path such as secret/parcel/db
    if all(c.isalpha() or c in "-_." for c in value):
        return _random_letters(value)  # plain words and slugs are names, not secrets
    return True
