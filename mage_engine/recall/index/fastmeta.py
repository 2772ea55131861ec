"""A fast reader for the plain frontmatter mage itself writes, for indexing 10,000 notes.

YAML construction costs ~100 µs a note even with libyaml, most of a full
rebuild. Notes written by mage (and most written by hand) use a tiny subset:
one `key: value` per line, values that are plain words, quoted strings without
escapes, ISO dates or inline lists of plain words. This reader accepts exactly
that subset, where its result equals yaml.safe_load's, and returns None for
anything else, so the caller falls back to the real parser (and its errors).
"""

import re

from mage_engine.kb.ids import is_safe_id
from mage_engine.kb.notes import summary_of

_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*):(?: (.*))?$")
_PLAIN = re.compile(r"^[A-Za-z][^:#]*$")  # a letter first, so no YAML indicator can lead
_ITEM = re.compile(r"^[A-Za-z0-9_./][A-Za-z0-9_./+-]*$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}
_UNPARSED = object()


def fast_record(text: str, path, rel: str) -> tuple[dict, str] | None:
    """(record, body) for a note in the plain subset, or None to use the full parser."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.startswith("---\n"):
        return None
    end = text.find("\n---\n", 3)
    if end < 0:
        return None
    data = {}
    for line in text[4:end].split("\n"):
        if not line.strip():
            continue
        match = _LINE.match(line)
        value = _value(match.group(2) or "") if match else _UNPARSED
        if value is _UNPARSED or match.group(1) in data:
            return None
        data[match.group(1)] = value
    return _record(data, text[end + 5:].lstrip("\n"), path, rel)


def _value(raw: str):
    raw = raw.rstrip()
    if raw == "":
        return None
    if raw[0] == '"' or raw[0] == "'":
        inner = raw[1:-1]
        if len(raw) < 2 or raw[-1] != raw[0] or raw[0] in inner or "\\" in inner:
            return _UNPARSED
        return inner
    if raw[0] == "[":
        return _items(raw)
    if _DATE.match(raw):
        return raw if _on_the_calendar(raw) else _UNPARSED  # the full parser reports a 2026-13-45
    if _PLAIN.match(raw) and raw.lower() not in _RESERVED and not raw.endswith(" ") and " #" not in raw:
        return raw
    return _UNPARSED


def _items(raw: str):
    if not raw.endswith("]"):
        return _UNPARSED
    inner = raw[1:-1].strip()
    if not inner:
        return []
    items = [item.strip() for item in inner.split(",")]
    if not all(_ITEM.match(item) and item.lower() not in _RESERVED and not _looks_numeric(item) for item in items):
        return _UNPARSED
    return items


def _on_the_calendar(raw: str) -> bool:
    year, month, day = int(raw[:4]), int(raw[5:7]), int(raw[8:10])
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    return year >= 1 and 1 <= month <= 12 and 1 <= day <= days[month - 1]


def _looks_numeric(item: str) -> bool:
    return bool(re.match(r"^[0-9+.-]", item))


def _record(data: dict, body: str, path, rel: str):
    note_id = path.stem  # a note's id is its file name
    title = data.get("title")
    if data.get("id") not in (None, note_id) or not is_safe_id(note_id) or not isinstance(title, str) \
            or not title.strip():
        return None  # let the full parser produce its error message or warning
    tags = data.get("tags")
    if tags is not None and not isinstance(tags, list):
        return None
    record = {"id": note_id, "title": title.strip(), "summary": summary_of(body),
              "kind": str(data.get("kind") or "lesson"), "category": str(data.get("category") or "lessons"),
              "tags": list(tags or []), "created": str(data.get("created") or ""),
              "updated": str(data.get("updated") or ""), "path": rel, "source": "note"}
    return record, body
