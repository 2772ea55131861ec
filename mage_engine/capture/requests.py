"""Explicit requests to remember: a prompt that says, in so many words, to keep something.

"remember we have a hooks/ directory", "never commit without signing", "save in
memory: don't write documentation unless I ask, for all projects", "from now on,
use pnpm", "merk dir: wir nutzen poetry". Such a prompt is the person's own
lesson: it becomes a draft at once (one prompt is enough), in the person's
words, scrubbed and deduped like any other (autostage.py).

What counts (docs/capture.md has the policy with examples): an instruction or a
fact meant to outlive the task at hand. What does not: an instruction scoped to
the current edit ("remember to run the tests after this change", "don't use
tabs in this function"), a question ("do you remember…?"), a narrative ("it
always fails", "I never use the GUI"), a feature request ("add a 'never expire'
option"), pasted logs, code, quotes and specs, and memory in its technical
sense ("keep the index in memory"). Most prompts hold none of the trigger
words, and are dismissed by plain substring checks before `re` is loaded (this
runs in the prompt's hook); request_find.py reads the rest.
"""

# plain substrings, lowercased (the prompt's hook tests them before anything else is loaded)
KEYWORDS = ("remember", "remeber", "rember", "rmember", "memor", "mémoire", "always", "never", "in mind", "forget",
            "from now on", "from here on", "from this point", "henceforth", "going forward", "in future",
            "in the future", "for future", "next time", "whenever you", "every time you", "everytime you",
            "each time you", "make a note", "take note", "take a note", "note for", "note to", "told you", "tell you",
            "telling you", "said it", "said this", "say it", "said before", "mentioned before", "as a rule",
            "rule for", "rules for", "rule of thumb", "lesson learned", "lessons learned", "habit", "in this repo",
            "in this project", "in this codebase", "for all project", "for all my", "for all our", "for all future",
            "for all repo", "for all session", "for every project", "to claude.md", "in claude.md", "into claude.md",
            "claude.md:", "claude.md to say", "claude.md that", "claude.md with th", "to agents.md", "in agents.md",
            "agents.md:", "write this down", "write that down", "write it down", "stop ", "ever again", "don't ever",
            "dont ever", "do not ever", "don’t ever", "recuerd", "acuérdate", "en cuenta", "a partir de",
            "de ahora en adelante", "desde ahora", "olvides", "merk", "denk daran", "vergiss", "erinnere dich",
            "ab jetzt", "ab sofort", "von nun an", "künftig", "in zukunft", "gedächtnis", "souviens", "rappelle-toi",
            "retiens", "désormais", "dorénavant", "oublie", "l'avenir", "lembr", "de agora em diante", "esqueça",
            "esqueca")
SCAN_CHARS = 1500
DOCUMENT_CHARS = 600  # a longer prompt is treated as a pasted document: its list items are not the person asking


def explicit_request(prompt) -> dict | None:
    """{'text', 'title', 'body', 'kind', 'category'} when `prompt` asks to keep something, else None."""
    if not isinstance(prompt, str):
        return None
    head = prompt[:SCAN_CHARS]
    lowered = head.lower().replace("’", "'")
    if not any(keyword in lowered for keyword in KEYWORDS):
        return None  # the common case: no `re`, no work
    from mage_engine.capture.request_find import find_request

    found = find_request(head, document=len(prompt) > DOCUMENT_CHARS)
    if found is None:
        return None
    from mage_engine.capture.request_draft import draft_of

    return draft_of(prompt, *found)


def request_signature(text: str) -> str:
    """The key of a request (`lesson: never commit without signing`), the same however it is spaced or cased,
    so a request staged once, accepted or rejected is recognised when it is made again."""
    words = "".join(char if char.isalnum() or char in "/._-~" else " " for char in text.lower())
    return "lesson: " + " ".join(words.split())[:160]
