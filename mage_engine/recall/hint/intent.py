"""What a prompt asks for, as far as its opening words tell: how much evidence a hint needs.

Two kinds of prompt move the floor a note's hint score must clear (decide.py):

- a *task request*: the prompt opens by asking for code or text to be produced or
  changed ("write a docstring for…", "rename X to Y", "plot these curves",
  "translate…", "explain…"), or asks what two things differ in or what a good
  name is. That is work done from the prompt alone; a note that shares two of its
  words ("the focal loss" in "write a docstring for the focal loss function") is
  rarely what it needs. Such a prompt needs `floor + TASK_MARGIN`. Verbs of
  maintenance on the team's own systems (fix, bump, update, deploy, build) are not
  in the list: those are where a team's lessons apply.
- a *question about how things are done here*: may I, should we, is it OK to, do we
  need, who do I ask, what's the process, anything I need to do, what do I do. A
  team's rules, owners and procedures are the answer, in words the prompt rarely
  shares ("is it ok to use double for the fee" and a note on BigDecimal for money).
  Such a prompt needs `floor - QUESTION_MARGIN`.

English only, like the word lists: in another language a prompt is neither.
Found without `re` (4 ms the hint hook does not pay).
"""

TASK_MARGIN = 0.2
QUESTION_MARGIN = 0.1
OPENING_CHARS = 400  # the words that say what a prompt asks for come first

TASK_VERBS = frozenset("""
write rewrite add rename refactor translate convert implement generate draw plot make create explain summarize
summarise format sort design draft extract split replace clean port
""".split())
# Words before the verb that do not change what is asked ("can you please write …").
LEAD_WORDS = frozenset("can could would please pls now ok okay so lets let you we us me just also and then".split())
# Opening phrases that ask for general knowledge or a name, not for this team's.
TASK_OPENINGS = (("whats", "the", "difference", "between"), ("whats", "difference", "between"),
                 ("what", "is", "the", "difference", "between"), ("whats", "a", "good", "name"),
                 ("a", "good", "name", "for"), ("good", "name", "for"), ("better", "name", "for"))
# Phrases, anywhere in the opening, that ask how things are done here.
QUESTION_PHRASES = (
    ("can", "i"), ("can", "we"), ("could", "i"), ("could", "we"), ("should", "i"), ("should", "we"),
    ("is", "it", "ok"), ("is", "it", "okay"), ("is", "it", "safe"), ("is", "it", "fine"), ("is", "it", "allowed"),
    ("ok", "to"), ("okay", "to"), ("do", "i", "need"), ("do", "we", "need"), ("am", "i", "allowed"),
    ("are", "we", "allowed"), ("whats", "the", "process"), ("whats", "the", "procedure"), ("whats", "the", "rule"),
    ("whats", "the", "policy"), ("what", "is", "the", "process"), ("what", "is", "the", "procedure"),
    ("what", "is", "the", "rule"), ("what", "is", "the", "policy"), ("who", "do", "i"), ("who", "do", "we"),
    ("who", "should", "i"), ("who", "should", "we"), ("who", "can", "i"), ("who", "can", "we"), ("who", "signs"),
    ("whats", "our"), ("how", "do", "we"),
    # what a change obliges: "anything special I need to do before merging?", "how long do we have to reply"
    ("anything", "i", "need"), ("anything", "we", "need"), ("anything", "special"), ("is", "there", "anything"),
    ("what", "should", "i"), ("what", "should", "we"), ("do", "i", "have", "to"), ("do", "we", "have", "to"),
    ("i", "need", "to", "do"), ("what", "do", "i", "do"), ("what", "do", "we", "do"))
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


_last = [None, ""]  # the last prompt and its intent: a prompt read against several KBs is read once


def intent(prompt: str) -> str:
    """"task", "question" or "" (neither) for `prompt`."""
    if _last[0] != prompt:
        _last[:] = [prompt, _intent(prompt)]
    return _last[1]


def _intent(prompt: str) -> str:
    words = opening_words(prompt)
    if not words:
        return ""
    if _is_task(words):
        return "task"
    return "question" if _holds_any(words, QUESTION_PHRASES) else ""


def floor_shift(kind: str) -> float:
    """How far the floor moves for a prompt of this kind."""
    return TASK_MARGIN if kind == "task" else -QUESTION_MARGIN if kind == "question" else 0.0


def opening_words(prompt: str) -> list:
    """The lower-case ASCII words of the prompt's opening; an apostrophe inside a word is
    dropped ("what's" -> "whats", "don't" -> "dont"), anything else ends a word."""
    found, current = [], []
    for char in prompt[:OPENING_CHARS].lower():
        if char in _LETTERS:
            current.append(char)
        elif char in "'’" and current:
            continue
        elif current:
            found.append("".join(current))
            current = []
    if current:
        found.append("".join(current))
    return found


def _is_task(words: list) -> bool:
    start = 0
    while start < len(words) and words[start] in LEAD_WORDS:
        start += 1
    if start < len(words) and words[start] in TASK_VERBS:
        return True
    return any(tuple(words[start:start + len(opening)]) == opening for opening in TASK_OPENINGS)


def _holds_any(words: list, phrases) -> bool:
    for i in range(len(words)):
        for phrase in phrases:
            if tuple(words[i:i + len(phrase)]) == phrase:
                return True
    return False
