"""Lone surrogates out of a payload: text every later step can encode as UTF-8.

JSON may spell half of a UTF-16 pair (`"\\udfff"`); decoded, it is a character
no UTF-8 encoder accepts. Left in, it makes the hook's one stdout write fail
(Gate-0's redacted input would never reach the host, and the write would go
ahead with the secret) and makes a draft's or a note's write fail. So the
dispatcher replaces each lone surrogate with U+FFFD as it reads the payload,
before any handler (capture, Gate-0, the hint) sees it. Paired surrogates are
decoded into one character by the JSON reader and are not touched.
"""

REPLACEMENT = "\ufffd"


def has_escape(raw: bytes) -> bool:
    """Whether the raw JSON spells a surrogate escape at all (the common payload spells none: one scan)."""
    return b"\\ud" in raw or b"\\uD" in raw


def without_lone_surrogates(value):
    """`value` (a decoded JSON value) with every lone surrogate in its strings (keys too) replaced."""
    if isinstance(value, str):
        return _clean(value)
    if isinstance(value, dict):
        return {_clean(key) if isinstance(key, str) else key: without_lone_surrogates(item)
                for key, item in value.items()}
    if isinstance(value, list):
        return [without_lone_surrogates(item) for item in value]
    return value


def _clean(text: str) -> str:
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return "".join(REPLACEMENT if "\ud800" <= char <= "\udfff" else char for char in text)
