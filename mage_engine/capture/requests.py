"""Explicit requests to remember: a prompt that says, in so many words, to keep something.

"remember we have a hooks/ directory", "never commit without signing", "save in
memory: don't write documentation unless I ask, for all projects", "from now on,
use pnpm". Such a prompt is the person's own lesson: it becomes a draft at once
(one prompt is enough), in the person's words, scrubbed and deduped like any
other (autostage.py). A standing instruction (always, never, don't, must) is a
`rule`, a stated preference a `preference`, anything else a `fact`.

Precision matters more than reach: a question ("do you remember…?"), a
narrative ("I don't remember", "it never worked"), a log pasted into the prompt
and the word memory in its technical sense ("analyze memory dumps") are never
requests. Most prompts hold none of the trigger words, and are dismissed by
plain substring checks before `re` is loaded (this runs in the prompt's hook).
"""

KEYWORDS = ("remember", "memor", "always", "never", "from now on", "going forward", "keep in mind", "forget",
            "make a note", "take note", "don't ever", "do not ever")
SCAN_CHARS = 1500
MAX_CLAUSE = 300
LEAD = r"(?:(?:please|also|and|but|so|ok|okay|just|oh|hey|btw|important|note)\W+)*"
_MEMORY_VERB = (r"(?:save|store|put|keep|add|write|commit|record|log)\b[^.!?\n]{0,40}?\b(?:in|to|into)\s+"
                r"(?:your\s+|the\s+|my\s+|our\s+)?(?:long[- ]term\s+)?memory")
_REMEMBER = (r"(?:(?:can|could|would|will)\s+you\s+|you\s+(?:should|must|need\s+to)\s+|make\s+sure\s+(?:to|you)\s+)?"
             r"(?:remember|memori[sz]e|keep\s+in\s+mind|(?:do\s+not|don'?t)\s+forget|make\s+a\s+note|"
             r"take\s+(?:a\s+)?note\s+(?:of\s+)?(?:this|that))")
_STANDING = (r"(?:always|never|(?:do\s+not|don'?t)\s+ever|from\s+now\s+on|going\s+forward|"
             r"for\s+all\s+(?:future\s+)?(?:projects|sessions|repos))(?![\w-])")
_NOT_A_VERB = {"mind", "again", "worked", "works", "work", "been", "was", "were", "is", "are", "happened", "seen",
               "had", "has", "the", "a", "an", "before", "ever", "true", "false"}
_LOG_MARKS = ("═", "✓", "✔", "✗", "[INFO", "[WARN", "[ERROR", "[*]", "$ ", "Traceback", "│", "┃")


def explicit_request(prompt) -> dict | None:
    """{'text', 'title', 'body', 'kind', 'category'} when `prompt` asks to keep something, else None."""
    if not isinstance(prompt, str):
        return None
    head = prompt[:SCAN_CHARS]
    lowered = head.lower().replace("’", "'")
    if not any(keyword in lowered for keyword in KEYWORDS):
        return None  # the common case: no `re`, no work
    document = len(prompt) > 600  # a pasted spec or plan: its bullet points are not the person asking
    for sentence in _sentences(head):
        if document and sentence.lstrip().startswith(("-", "*", "#", "|", ">")) or _numbered(sentence):
            continue
        found = _request_in(sentence)
        if found:
            return _request(prompt, sentence, found)
    return None


def _numbered(sentence: str) -> bool:
    head = sentence.lstrip()[:4]
    return bool(head[:1].isdigit() and ("." in head or ")" in head))


def _sentences(text: str) -> list:
    import re

    return [part.strip() for part in re.split(r"(?<=[.!?])\s+|\n+", text) if part.strip()]


def _request_in(sentence: str) -> str:
    """The request's own words within one sentence ('' if it holds none)."""
    import re

    if len(sentence) > MAX_CLAUSE or any(mark in sentence for mark in _LOG_MARKS):
        return ""
    plain = sentence.replace("’", "'")
    if re.match(r"(?i)^\W*(?:do|did|does|can'?t|how|what|why|where|when|who|is|are|was|were)\b", plain) and \
            not re.match(r"(?i)^\W*(?:do\s+not|don'?t)\s+(?:ever|forget)", plain):
        return ""  # a question, not an instruction
    memory = re.search(r"(?i)\b" + _MEMORY_VERB + r"\b", plain)
    if memory:
        rest = _without(plain, memory.group(0))
        return rest if len(rest.split()) >= 2 else ""
    starts = [0] + [match.end() for match in re.finditer(r",\s*|;\s*|\s+-+\s+|:\s+", plain)]
    for start in starts:
        words = _clause_request(plain[start:])
        if words:
            return words
    return ""


def _clause_request(text: str) -> str:
    """The request starting at this clause of the sentence, or ''."""
    import re

    remember = re.match(r"(?i)^\W*" + LEAD + _REMEMBER + r"\W*(?P<to>that\s+|to\s+)?(?P<rest>.*)$", text)
    if remember:
        rest = remember.group("rest").strip()
        if len(rest.split()) < 2 or rest.split()[0].lower() in ("me", "when", "how", "what", "why", "if"):
            return ""
        return ("to " if (remember.group("to") or "").strip().lower() == "to" else "") + rest
    standing = re.match(r"(?i)^\W*" + LEAD + r"(?P<word>" + _STANDING + r")\W*(?P<next>\w+)?", text)
    if standing and standing.group("next") and standing.group("next").lower() not in _NOT_A_VERB:
        rest = text[standing.start("word"):]
        return rest if len(rest.split()) >= 3 else ""
    return ""


def _without(sentence: str, phrase: str) -> str:
    """The sentence less the 'save it in your memory' phrase and the commas around it."""
    index = sentence.lower().find(phrase.lower())
    text = (sentence[:index] + " " + sentence[index + len(phrase):]) if index >= 0 else sentence
    return " ".join(text.replace(" ,", ",").split()).strip(" ,;:-")


def _request(prompt: str, sentence: str, words: str) -> dict:
    import re

    words = re.sub(r"(?i),?\s*(?:and\s+)?(?:please\s+)?" + _MEMORY_VERB + r"\b.*$", "", words)
    words = words.strip(" ,;:-.?!")
    title = _title(words)
    kind = _kind(words)
    body = prompt.strip() if len(prompt) <= 600 else sentence
    return {"text": words, "title": title, "body": body, "kind": kind,
            "category": "projects" if kind == "fact" else "workflow"}


def _title(words: str) -> str:
    import re

    text = re.sub(r"(?i)^(?:please|also|and|so|just)\s+", "", words).strip()
    text = re.sub(r"(?i)^to\s+", "", text)  # "remember to run make lint" is the rule "Run make lint"
    if re.match(r"(?i)^not\s", text):
        text = "Do " + text  # "save in memory: not write docs unless I ask" reads "Do not write docs …"
    text = text[:1].upper() + text[1:]
    return text if len(text) <= 90 else text[:89].rstrip() + "…"


def _kind(words: str) -> str:
    import re

    lowered = words.lower().replace("’", "'")
    if re.match(r"^(?:always|never|don'?t|do not|not|must|only|from now on|going forward|to)\b", lowered) or \
            re.search(r"\b(?:always|never|must|unless|don'?t ever|do not ever)\b", lowered):
        return "rule"
    if re.search(r"\b(?:prefer|rather|i like|i want|instead of)\b", lowered):
        return "preference"
    return "fact"


def request_signature(text: str) -> str:
    """The key of a request (`lesson: never commit without signing`), the same however it is spaced or cased,
    so a request staged once, accepted or rejected is recognised when it is made again."""
    words = "".join(char if char.isalnum() or char in "/._-~" else " " for char in text.lower())
    return "lesson: " + " ".join(words.split())[:160]
