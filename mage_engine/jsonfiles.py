"""Reading back the JSON files mage keeps: single-object state files, and JSON
Lines (ledger, usage events, rejections).

A state file that is missing, unreadable or not a JSON object reads as None:
it is scratch, rebuilt or recomputed by whoever needs it. JSON Lines writers
append whole lines, but a crash can tear the last one and a person or
another tool can add a line of their own: such lines are skipped, never fatal.
Lines are split on b"\\n" only: `str.splitlines` would also split inside a value
holding U+2028 or U+0085, which `json.dumps(ensure_ascii=False)` writes raw.
"""

from mage_engine import fastjson


def read_object(path) -> dict | None:
    """The JSON object in the file at `path`, or None when missing, unreadable or not an object."""
    try:
        with open(path, "rb") as handle:
            data = fastjson.loads(handle.read())
    except (OSError, ValueError):  # UnicodeDecodeError included
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
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return []
    return [value for line in data.split(b"\n") if (value := parse_line(line)) is not None]
