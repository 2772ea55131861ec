"""The request patterns, compiled only when a prompt needs them (the words are in request_words.py).

Imported only once a prompt holds a trigger word (requests.KEYWORDS). Even so,
compiling every pattern would cost the prompt's hook ~15 ms, so each pattern is
compiled the first time it is needed, and only tried on a text that holds one
of its GATES (a plain substring test); the other languages' alternatives are
compiled only for a text that holds one of their words.
"""

import re

from mage_engine.capture import request_words as w


def _alt(parts: list) -> str:
    return "(?:" + "|".join(parts) + ")"


def _sources(intl: bool) -> dict:
    more = (lambda en, other: en + other) if intl else (lambda en, other: en)
    keep, scope = _alt(more(w.KEEP_EN, w.KEEP_INTL)), _alt(more(w.SCOPE_EN, w.SCOPE_INTL))
    return {
        "lead": r"\W*" + w.LEAD + r"(?P<polite>(?:can|could|would|will)\s+you\s+(?:please\s+|pls\s+)?)?"
                r"(?:(?:you\s+(?:should|must|need\s+to)|make\s+sure\s+(?:to|you))\s+)?",
        "keep": r"(?P<verb>" + keep + r")(?![\w-])" + w.KEEP_TAIL + w.KEEP_JOIN + r"(?P<rest>.*)$",
        "keep_any": r"(?:^|(?<=\W))(?P<verb>" + keep + r")(?![\w-])",
        "memory": _alt(more(w.MEMORY_EN, w.MEMORY_INTL)),
        "standing": r"(?P<word>" + _alt(w.STANDING_EN + [scope]) + r")(?![\w-])\W*(?P<next>[\w']+)?",
        "durable": _alt([scope + r"(?![\w-])"] + w.DURABLE_EN),
        "trailing": w.TRAILING, "stop": r"(?P<word>" + w.STOP + r")", "habit": w.HABIT, "one_off": w.ONE_OFF,
        "question": w.QUESTION,
    }


# a pattern is tried only on a text holding one of its gate words
GATES = {
    "keep": ("remem", "remeb", "rember", "rmember", "memori", "in mind", "forget", "note", "write this", "write that",
             "write it", "future", "later", "told you", "said", "telling you", "mentioned", "lesson", "how many")
            + w.INTL_WORDS,
    "memory": ("memor", "mémoire", ".md", "gedächtnis", "notes", "instructions", "rules"),
    "standing": ("always", "never", "ever", "from now", "from here", "from this point", "henceforth", "forward",
                 "future", "next time", "for all", "for every", "whenever", "time you", "rule", "this ", "we ",
                 "you to", "u to", "habit") + w.INTL_WORDS,
    "trailing": ("from now", "from here", "from this point", "henceforth", "forward", "ever again", "projects",
                 "future"),
    "stop": ("stop",),
}
GATES["keep_any"] = GATES["keep"]
_CACHE: dict = {}


def pattern(name: str, text: str | None = None):
    """The compiled pattern `name` (English only unless `text` holds another language's word);
    None when `text` is given and holds none of the pattern's gate words."""
    lowered = text.lower() if text is not None else ""
    gate = GATES.get(name)
    if text is not None and gate and not any(word in lowered for word in gate):
        return None
    intl = any(word in lowered for word in w.INTL_WORDS)
    key = (name, intl)
    if key not in _CACHE:
        _CACHE[key] = re.compile(_sources(intl)[name], re.IGNORECASE | re.DOTALL)
    return _CACHE[key]


def at(name: str, masked: str):
    """Pattern `name` matched where the clause's fillers end ("ok so please remember…"), or None."""
    found = pattern(name, masked)
    return found.match(masked, pattern("lead").match(masked).end()) if found else None


def search(name: str, text: str):
    """Pattern `name` found anywhere in `text`, or None."""
    found = pattern(name, text)
    return found.search(text) if found else None
