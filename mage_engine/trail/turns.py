"""A session's turns, read from the capture trail: each prompt and what the agent did until the next.

A turn starts at a `UserPromptSubmit` line and ends where the session's next one
starts, or where the session ends (`SessionEnd`: the last turn of a session, and
every turn of `claude -p`, which ends its session after each prompt). What the user's agent did in it (subagents aside) is what tells whether a
hint was used (attribution.py): the note files it read or printed (a `Read` of
`mage/notes/<id>.md`, a command naming that file or running `mage show <id>`),
and the reply it ended with (Stop's last assistant message).
"""

NOTE_MARK = "mage/notes/"
MAX_REPLY_CHARS = 200_000  # of a turn's replies kept: a trail of thousands of Stop lines in one turn is foreign


class Turn:
    """One prompt of a session: `ts` (its trail time), `end` (the next prompt's, or ""),
    `prompt`, `chapter`, the note ids `read` in it, and the agent's `reply`."""

    def __init__(self, session: str, ts: str, prompt: str, chapter):
        self.session, self.ts, self.prompt, self.chapter = session, ts, prompt, chapter
        self.end = ""
        self.read: set = set()
        self.reply = ""

    def holds(self, ts: str) -> bool:
        """Whether a time stamp falls inside this turn."""
        return ts >= self.ts and (not self.end or ts < self.end)


def session_turns(kb, session: str) -> list:
    """The turns of one session, oldest first (none when its trail is gone)."""
    from mage_engine.trail.reader import TrailReader

    turns = []
    for record in TrailReader(kb).records(session):
        if record.get("sub") or str(record.get("session")) != session:
            continue
        event = record.get("event")
        if event == "UserPromptSubmit":
            if turns and not turns[-1].end:
                turns[-1].end = str(record.get("ts") or "")
            chapter = record.get("chapter")  # a number as the capture writes it; anything else, none
            turns.append(Turn(session, str(record.get("ts") or ""), str(record.get("prompt") or ""),
                              chapter if isinstance(chapter, int) and not isinstance(chapter, bool) else None))
        elif turns and event == "SessionEnd":
            turns[-1].end = turns[-1].end or str(record.get("ts") or "")  # the session's last turn is over
        elif turns and not turns[-1].end:
            _fold(turns[-1], record)
    return turns


def turn_at(turns: list, ts: str):
    """The turn a time stamp belongs to (the last prompt at or before it), or None."""
    found = None
    for turn in turns:
        if turn.ts <= ts:
            found = turn
        else:
            break
    return found


def _fold(turn: Turn, record: dict) -> None:
    if record.get("event") == "Stop" and record.get("message") and len(turn.reply) < MAX_REPLY_CHARS:
        turn.reply += "\n" + str(record["message"])[:MAX_REPLY_CHARS]  # a turn's replies, bounded
        return
    texts = [p for p in record.get("paths") or [] if isinstance(p, str)]
    if isinstance(record.get("command"), str):
        texts.append(record["command"])
    for text in texts:
        turn.read.update(notes_named(text))


def notes_named(text: str) -> set:
    """Note ids a path or command names: `mage/notes/<id>.md`, or `mage show <id>`."""
    text = text.replace("\\", "/")
    found = set()
    start = text.find(NOTE_MARK)
    while start >= 0:
        name = text[start + len(NOTE_MARK):].split(".md", 1)
        if len(name) == 2 and name[0] and _slug(name[0]):
            found.add(name[0])
        start = text.find(NOTE_MARK, start + 1)
    words = text.split()
    for index, word in enumerate(words[:-1]):
        if word.endswith("mage") and words[index + 1] == "show" and index + 2 < len(words):
            candidate = words[index + 2].strip("'\"")
            if _slug(candidate):
                found.add(candidate)
    return found


def _slug(text: str) -> bool:
    return bool(text) and text[0].isalnum() and all(c.isalnum() and c.isascii() or c == "-" for c in text) \
        and text.lower() == text
