"""Filesystem-safe, unique ids from arbitrary titles.

A title is untrusted text (an agent may stage anything): whatever it holds,
the id is lowercase ASCII letters, digits and single hyphens, at most
MAX_ID_CHARS long, never empty, never a dot path, so `notes/<id>.md` always
stays inside its folder.
"""

import hashlib
import re
import unicodedata

MAX_ID_CHARS = 64
_SAFE_ID = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$")


def slugify(title: str, limit: int = MAX_ID_CHARS) -> str:
    """A slug of `title`; falls back to a short hash when nothing usable remains."""
    ascii_text = unicodedata.normalize("NFKD", str(title)).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    slug = ""
    for word in words:
        candidate = f"{slug}-{word}" if slug else word
        if len(candidate) > limit:
            break
        slug = candidate
    if not slug and words:
        slug = words[0][:limit]
    return slug or "note-" + hashlib.sha256(str(title).encode("utf-8", "replace")).hexdigest()[:8]


def is_safe_id(value: str) -> bool:
    """True when `value` can be used as a file stem inside mage/notes/ as is."""
    return bool(_SAFE_ID.match(value or "")) and "--" not in value


def unique_id(base: str, taken) -> str:
    """`base`, or `base-2`, `base-3`, … — the first not in `taken` (a set or predicate)."""
    exists = taken if callable(taken) else taken.__contains__
    if not exists(base):
        return base
    for n in range(2, 100000):
        suffix = f"-{n}"
        candidate = base[: MAX_ID_CHARS - len(suffix)].rstrip("-") + suffix
        if not exists(candidate):
            return candidate
    raise RuntimeError("no free id")  # unreachable in practice
