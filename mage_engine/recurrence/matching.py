"""Did the work after a skill load follow the skill? And which words fire it well? (docs/recurrence.md#optimize)

A skill's procedure is the commands in its body's code spans (numbered steps
first). A load matches when the work that followed it ran at least half of
those commands (same program and subcommand, and at least half of the
normalised words). A skill with no commands in its body is matched on words:
at least MIN_SHARED_WORDS of its distinctive words appear in the work that
followed. All deterministic: the same trail gives the same verdicts.
"""

import re

from mage_engine.recurrence import command_kinds, shell_commands as commands

MIN_SHARED_WORDS = 3
_CODE = re.compile(r"`([^`\n]+)`")
_STEP = re.compile(r"^\s*\d+[.)]\s+(.*)$", re.MULTILINE)
_WORD = re.compile(r"[a-z][a-z0-9_-]{2,}")


def procedure_commands(body: str) -> list[str]:
    """The commands the skill tells the agent to run, in order, without repeats."""
    steps = "\n".join(_STEP.findall(body))
    spans = _CODE.findall(steps) or _CODE.findall(body)
    found = [span.strip() for span in spans if _is_command(span.strip())]
    return list(dict.fromkeys(found))


def _is_command(text: str) -> bool:
    if not text or "<" in text or text.startswith(("#", "/", "-")):
        return False
    return bool(re.match(r"^[A-Za-z_.][\w.-]*(?:\s|$)", text)) and bool(command_kinds.head(text))


def load_matches(load: dict, procedure: list[str], body_words: set) -> bool:
    """Whether the work after `load` followed the skill's procedure."""
    ran = [line[2:] for line in load.get("following", []) if line.startswith("$ ")]
    if procedure:
        done = sum(1 for command in procedure if any(_same_step(command, other) for other in ran))
        return done >= max(1, (len(procedure) + 1) // 2)
    return len(body_words & words(" ".join(load.get("following", [])))) >= MIN_SHARED_WORDS


def _same_step(wanted: str, ran: str) -> bool:
    if command_kinds.head(wanted) != command_kinds.head(ran):
        return False
    expected = set(commands.shape(wanted).split())
    return len(expected & set(commands.shape(ran).split())) * 2 >= len(expected)


def words(text: str) -> set:
    """Distinctive lowercase words of `text` (function words and chat filler dropped)."""
    from mage_engine.terms.stopwords import STOPWORDS

    return {word for word in _WORD.findall(text.lower()) if word not in STOPWORDS}


def trigger_terms(helped: list[str], misfired: list[str], limit: int = 6) -> list[str]:
    """Words of the prompts before loads that helped, never seen before one that misfired:
    most frequent first, then alphabetical."""
    bad = set().union(*(words(text) for text in misfired)) if misfired else set()
    counts = {}
    for text in helped:
        for word in words(text) - bad:
            counts[word] = counts.get(word, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [word for word, _ in ranked[:limit]]
