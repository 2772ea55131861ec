"""Reading a Claude Code transcript: whole JSON lines from an offset, and the text inside its messages.

A read takes whole lines only (a line still being written waits for the next
read) and at most MAX_READ_BYTES; a line that is not a JSON object is counted
and skipped. The helpers read a message's text whether its `content` is a
string or a list of blocks, and drop `<system-reminder>` text (mage's own
injected context among it).
"""

from mage_engine.base import fastjson, fs
from mage_engine.hosts.claude_code.transcript_items import Transcript

MAX_READ_BYTES = 16 * 1024 * 1024
REMINDER_OPEN = "<system-reminder>"
_REMINDER = r"(?s)<system-reminder>.*?(?:</system-reminder>|\Z)"  # compiled by `re` only for a text that has one


def read_entries(path, offset: int, max_bytes: int):
    """The JSON objects on whole lines from `offset`, and a Transcript holding the new offset."""
    from mage_engine.kb import guard

    transcript = Transcript(offset=offset)
    with guard.open_binary(path) as handle:  # a FIFO or device is refused, never waited on
        size = fs.fstat(handle.fileno()).st_size
        handle.seek(offset)
        data = handle.read(max_bytes)
    end = data.rfind(b"\n") + 1
    if end == 0 and len(data) >= max_bytes:
        end = len(data)  # one line longer than a whole read: give up on it
        transcript.skipped += 1
    transcript.partial = end < len(data) and offset + len(data) >= size
    transcript.offset = offset + end
    entries = []
    for raw in data[:end].split(b"\n"):
        if not raw.strip():
            continue
        try:
            entry = fastjson.loads(raw)
        except ValueError:
            entry = None
        if isinstance(entry, dict):
            entries.append(entry)
        else:
            transcript.skipped += 1
    return entries, transcript


def message_of(entry: dict) -> dict:
    message = entry.get("message")
    return message if isinstance(message, dict) else {}


def block_text(content) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))
    return ""


def opens_with(blocks: list, prefix: str) -> bool:
    first = next((b for b in blocks if isinstance(b, dict) and b.get("type") == "text"), None)
    return bool(first) and isinstance(first.get("text"), str) and first["text"].lstrip().startswith(prefix)


def without_reminders(text: str) -> str:
    """`text` less its `<system-reminder>` blocks (an unclosed one runs to the end)."""
    if REMINDER_OPEN not in text:
        return text
    import re

    return re.sub(_REMINDER, "", text)
