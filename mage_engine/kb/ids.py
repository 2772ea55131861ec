"""Filesystem-safe, unique ids from arbitrary titles, in the title's own script.

A title is untrusted text (an agent may stage anything). Its id keeps the
title's letters and digits in any script, so 「本番デプロイの前に移行を流す」
gives a readable `本番デプロイの前に移行を流す`, not an opaque hash: the
title is NFKC-normalised (full-width Latin becomes ASCII), lowercased, and
every run of anything that is not a letter, a digit or a combining mark
(spaces, punctuation, symbols, emoji, control and format characters such as
NUL or the right-to-left override) becomes one hyphen. The result is at most
MAX_ID_CHARS characters and MAX_ID_BYTES bytes of UTF-8 (a file name must
fit the file system's 255 bytes with room for `-NN.md`), never empty, never a
dot path, never a name Windows reserves (`con`, `nul`, `com1`, …), so
`notes/<id>.md` always stays inside its folder on every system. Where the
file system cannot spell a non-ASCII name, the id falls back to ASCII.
"""

import hashlib
import os
import unicodedata

MAX_ID_CHARS = 64
MAX_ID_BYTES = 200
WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)), *(f"lpt{n}" for n in range(10))}


def slugify(title: str, limit: int = MAX_ID_CHARS) -> str:
    """A slug of `title`; falls back to a short hash when nothing usable remains."""
    words = _words(unicodedata.normalize("NFKC", str(title)).lower())
    if words and not _filesystem_spells("".join(words)):
        words = _words(unicodedata.normalize("NFKD", str(title)).encode("ascii", "ignore").decode().lower())
    slug = ""
    for word in words:
        candidate = f"{slug}-{word}" if slug else word
        if not _fits(candidate, limit):
            break
        slug = candidate
    if not slug and words:
        slug = _clip(words[0], limit)
    if slug in WINDOWS_RESERVED:
        slug += "-note"
    return slug or "note-" + hashlib.sha256(str(title).encode("utf-8", "replace")).hexdigest()[:8]


def is_safe_id(value: str) -> bool:
    """True when `value` can be used as a file stem inside mage/notes/ as is."""
    if not isinstance(value, str) or not value or not _fits(value, MAX_ID_CHARS):
        return False
    if value[0] == "-" or value[-1] == "-" or "--" in value or value in WINDOWS_RESERVED:
        return False
    if value.isascii():  # the common case, without a Unicode lookup per character (an index rebuild checks every id)
        return _ASCII_ID_CHARS.issuperset(value)
    return _is_id_char(value[0], first=True) and all(ch == "-" or _is_id_char(ch) for ch in value[1:])


_ASCII_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")  # what _is_id_char allows of ASCII, and "-"


def unique_id(base: str, taken) -> str:
    """`base`, or `base-2`, `base-3`, … — the first not in `taken` (a set or predicate)."""
    exists = taken if callable(taken) else taken.__contains__
    if not exists(base):
        return base
    for n in range(2, 100000):
        suffix = f"-{n}"
        candidate = _clip(base, MAX_ID_CHARS - len(suffix), MAX_ID_BYTES - len(suffix)).rstrip("-") + suffix
        if not exists(candidate):
            return candidate
    raise RuntimeError("no free id")  # unreachable in practice


def _words(text: str) -> list[str]:
    """Runs of id characters; a combining mark counts only after a letter or digit it can join."""
    words, current = [], []
    for ch in text:
        if _is_id_char(ch, first=not current):
            current.append(ch)
        elif current:
            words.append("".join(current))
            current = []
    if current:
        words.append("".join(current))
    return words


def _is_id_char(ch: str, first: bool = False) -> bool:
    category = unicodedata.category(ch)
    if category[0] == "L":
        return ch == ch.lower()  # a cased letter only in lower case; scripts without case as they are
    if category[0] == "N":
        return True
    return category in ("Mn", "Mc") and not first  # a vowel sign or virama joins the letter before it


def _fits(text: str, chars: int, size: int = MAX_ID_BYTES) -> bool:
    """Within both limits; a name that is not UTF-8 on disk (Python reads its bytes as lone
    surrogates, and git clones them as they are) fits nowhere."""
    try:
        return len(text) <= chars and len(text.encode("utf-8")) <= size
    except UnicodeEncodeError:
        return False


def _clip(text: str, chars: int, size: int = MAX_ID_BYTES) -> str:
    while text and not _fits(text, chars, size):
        text = text[:-1]
    return text


def _filesystem_spells(text: str) -> bool:
    """True when file names may hold `text` (a non-UTF-8 file system encoding may not)."""
    if text.isascii():
        return True
    try:
        os.fsencode(text)
    except UnicodeError:
        return False
    return True
