"""A draft's fingerprint: the same lesson, however it is spaced or cased, hashes alike."""

import hashlib
import re

_NOISE = re.compile(r"[\W_]+", re.UNICODE)


def normalise(title: str, body: str) -> str:
    """Lowercased words of title and body, punctuation and spacing dropped."""
    return " ".join(_NOISE.sub(" ", f"{title}\n{body}".lower()).split())


def fingerprint(title: str, body: str) -> str:
    """16 hex chars of SHA-256 over the normalised text."""
    return hashlib.sha256(normalise(title, body).encode("utf-8")).hexdigest()[:16]
