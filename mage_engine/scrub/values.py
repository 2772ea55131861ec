"""Judging a candidate value: a real-looking secret, or a reference, name, path or code?

Rules find candidates by shape and context; these tests decide, with the
shared placeholder filter of scrub/placeholders.py, and remember their answers
for the next rule that asks about the same value.
"""

from mage_engine.scrub.placeholders import MARK, is_placeholder, remembered
from mage_engine.scrub.patterns import LazyPattern

_REFERENCE = LazyPattern(
    r"(?i)^(?:\$|\(|\[|\{|@|--|:|%\(|%[A-Za-z_]\w*%|\{\{|\{%|#\{|@\{|<|!vault|vault:|ref\+|arn:|secrets\.|process\.env|"
    r"os\.(?:environ|getenv)|import\.meta|(?:self|this|cls)\.|[a-z][a-z0-9+.\-]*://)")
_DIGEST = LazyPattern(r"(?i)^(?:sha-?\d+|md5|blake2b?|h1|zh)[:\-=]")
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
    return remembered("entropy", _entropy, value)


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
