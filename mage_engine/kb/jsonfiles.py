"""Reading back the JSON files mage keeps: single-object state files, and JSON
Lines (ledger, usage events, rejections).

A state file that is missing, unreadable, refused by the file guard (a link, a
FIFO, too large) or not a JSON object reads as None:
it is scratch, rebuilt or recomputed by whoever needs it. JSON Lines writers
append whole lines, but a crash can tear the last one and a person or
another tool can add a line of their own: such lines are skipped, never fatal.
Lines are split on b"\\n" only: `str.splitlines` would also split inside a value
holding U+2028 or U+0085, which `json.dumps(ensure_ascii=False)` writes raw.
"""

from mage_engine.base import fastjson
from mage_engine.kb import guard

MAX_OBJECT_BYTES = 16 * 1024 * 1024   # a state file past this is not one mage wrote
MAX_LINES_BYTES = 64 * 1024 * 1024    # a JSON Lines file read whole (ledger, rejections)


def read_object(path, limit: int = MAX_OBJECT_BYTES) -> dict | None:
    """The JSON object in the file at `path`, or None when missing, unreadable, larger than `limit`
    bytes or not an object."""
    try:
        data = fastjson.loads(guard.read_bytes(path, limit))
    except (OSError, ValueError):  # UnicodeDecodeError and guard.Refused included
        return None
    return data if isinstance(data, dict) else None


def parse_line(line):
    """The JSON object on one line (str or bytes), or None for a torn, foreign or non-object line."""
    try:
        value = fastjson.loads(line)
    except ValueError:  # UnicodeDecodeError included
        return None
    return value if isinstance(value, dict) else None


def read_objects(path) -> list[dict]:
    """Every JSON object line of the file at `path`, in order; [] when it cannot be read."""
    try:
        data = guard.read_bytes(path, MAX_LINES_BYTES)
    except OSError:
        return []
    return [value for line in data.split(b"\n") if (value := parse_line(line)) is not None]
