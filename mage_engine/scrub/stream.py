"""The scrub over streams: JSON Lines records one at a time, and a report of what was found.

`scrub_jsonl(lines)` yields one output line per input line, in order, so a
whole corpus goes through one process: each line holding a JSON object has
its `"text"` scrubbed and is written back (other fields as they were); a blank
line stays blank; a line that is not a JSON object is scrubbed as plain text,
so nothing in it leaks. `report(text)` says where each secret is and what kind,
never the secret.
"""

import json

from mage_engine.base import fastjson
from mage_engine.scrub import find_secrets, scrub


def scrub_jsonl(lines):
    """Each line of `lines` (str, with or without its newline) scrubbed, one output line per input line."""
    for line in lines:
        body = line.rstrip("\r\n")
        yield scrub_record(body) + "\n"


def scrub_record(line: str) -> str:
    """One JSON Lines record with its `"text"` scrubbed (a line that is not an object: scrubbed as text)."""
    if not line.strip():
        return line
    try:
        record = fastjson.loads(line)
    except ValueError:
        return scrub(line).replace("\n", " ")
    if not isinstance(record, dict):
        return scrub(line).replace("\n", " ")
    text = record.get("text")
    if isinstance(text, str):
        scrubbed = scrub(text)
        if scrubbed == text:
            return line  # unchanged records come back byte for byte
        record["text"] = scrubbed
    return json.dumps(record, ensure_ascii=False)


def report(text: str, line_offset: int = 0) -> list[dict]:
    """`[{"line": n, "kind": k}]` for each secret in `text`, lines counted from 1 + `line_offset`."""
    return [{"line": line + line_offset, "kind": kind} for line, kind in find_secrets(text)]


def report_jsonl(lines) -> list[dict]:
    """The findings in each record's `"text"`, by the record's line number in the stream."""
    findings = []
    for number, line in enumerate(lines, start=1):
        body = line.strip()
        try:
            record = fastjson.loads(body) if body else None
        except ValueError:
            record = {"text": body}
        text = record.get("text") if isinstance(record, dict) else None
        if isinstance(text, str):
            findings += [{"line": number, "kind": kind} for _, kind in find_secrets(text)]
    return findings
