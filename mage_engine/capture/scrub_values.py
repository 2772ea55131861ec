"""Judging a candidate value: a real-looking secret, or a placeholder, reference or name?

The scrub finds candidates by shape and context; these tests decide. They are
deliberately conservative about what counts as a placeholder (documentation
values such as `<token>`, `xxxx`, `changeme`, `${VAR}`) so that format-valid
random credentials are never waved through.
"""

import math
import re

MARK = "[REDACTED:"

_REFERENCE = re.compile(
    r"^(?:\$|\(|\[|\{|@|%\(|%[A-Za-z_]\w*%|\{\{|\{%|#\{|@\{|<|!vault|vault:|ref\+|arn:|secrets\.|process\.env|"
    r"os\.(?:environ|getenv)|import\.meta|[a-z][a-z0-9+.\-]*://)", re.I)
_DIGEST = re.compile(r"^(?:sha-?\d+|md5|blake2b?|h1|zh)[:\-=]", re.I)
_PLACEHOLDER = re.compile(
    r"x{4,}|\*{3,}|\.{3}|…|#{4,}|0{8,}|example|placeholder|change[-_ ]?(?:me|this|it)|"
    r"replace[-_ ]?(?:me|this|with)|your[-_ ]|your(?:api|secret|token|pass|key)|dummy|redacted|"
    r"insert[-_ ]|todo|fixme|not[-_]?a[-_]?(?:real|secret)|<|>|\{\{|\}\}|%s|\bfake[-_]", re.I)
_EXACT_PLACEHOLDERS = frozenset("""
    password passwd pass pwd secret token apikey api_key key none null nil undefined true false yes no
    on off required optional empty default test testing string str bytes int bool changeme admin root
    user username foo bar baz foobar qwerty letmein hunter2 123456 12345678 password1 password123
    secret123 mysecret mypassword mytoken guest postgres mysql redis mongo rabbit guest123 tbd n/a
""".split())
_SEQUENCES = ("0123456789" * 2, "abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm")
_CALL_OR_INDEX = re.compile(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*[(\[]")
_DOTTED_NAME = re.compile(r"^[A-Za-z_]+(?:\.[A-Za-z_]+)+$")
_ENV_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_DATE = re.compile(r"^\d{4}-\d\d-\d\d|^\d\d?:\d\d")
_PATH = re.compile(r"^(?:~|\.{1,2})?(?:/[\w.\-@]+)+/?$")
_NAME_PART = re.compile(r"[a-z]{3,}|[A-Z][a-z]{2,}")
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
    counts = {}
    for char in value:
        counts[char] = counts.get(char, 0) + 1
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in counts.values())


def looks_like_name(value: str) -> bool:
    """A slug or identifier made of words (`parcel-api-7d9f8b`, `tls_secret_name`)."""
    parts = re.split(r"[-_./:]", value)
    words = [part for part in parts if _NAME_PART.fullmatch(part)]
    return len(words) >= 2 and sum(map(len, words)) >= 0.4 * len(value)


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


def looks_random(value: str, min_len: int = 16) -> bool:
    """A machine-made token: long, letters and digits mixed, high entropy, not a name or path."""
    if len(value) < min_len or any(c.isspace() for c in value) or not is_plausible(value):
        return False
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    if digits == 0:
        return _random_letters(value) and entropy(value) >= 3.5
    if letters < 3 or _DATE.match(value) or looks_like_name(value) or is_pathlike(value):
        return False
    return len(set(value)) >= 8 and entropy(value) >= 3.0


def looks_like_password(value: str, min_len: int = 6) -> bool:
    """A value typed where a password or secret goes: not a word, number, path or reference."""
    if len(value) < min_len or any(c.isspace() for c in value) or not is_plausible(value):
        return False
    if not any(c.isalpha() for c in value) or is_pathlike(value):
        return False
    if "/" in value and looks_like_name(value):
        return False  # a store path such as secret/parcel/db
    if all(c.isalpha() or c in "-_." for c in value):
        return _random_letters(value)  # plain words and slugs are names, not secrets
    return True
