"""Where in a prompt the person asks to keep something, and the words of what they ask to keep.

The person's own sentences (request_text.py) are tried in turn, each first as
"<marker>: <the thing>" ("note for the future: X", "Rule for this repo: X"),
then for the agent's memory named anywhere ("never execute git, save in your
memory"), then clause by clause for a marker at the clause's start
(request_clause.py). A question is never a request, unless it is a polite one
("could you always show me the diff?"). A marker with nothing after it ("…,
remember that", "save it in your memory") keeps what came before it in the
sentence, or the sentence before.
"""

import re

from mage_engine.capture.request_clause import BEFORE, clause_request
from mage_engine.capture.request_phrases import at, pattern, search
from mage_engine.capture.request_text import mask, sentences as person_sentences
from mage_engine.capture.request_words import EMPTY_WORDS

MAX_CLAUSE = 300
_SEPARATOR = re.compile(r",\s*|;\s*|\s+[-–—]+\s+|—\s*|:\s+")
_SUBJECT = {"i", "you", "we", "they", "he", "she", "it", "don't", "dont", "do", "did", "not", "can't", "cant",
            "cannot", "never", "to", "couldn't", "won't"}


def find_request(text: str, document: bool) -> tuple | None:
    """(the words to keep, the sentence they came from, rule_hint) or None."""
    sentences = person_sentences(text, document)
    for index, sentence in enumerate(sentences):
        found = _request_in(sentences, index)
        if found:
            words, rule_hint = found
            words = words.strip(" ,;:-—.")
            if _substantive(words):
                return words, sentence, rule_hint
    return None


def _request_in(sentences: list, index: int):
    sentence = sentences[index]
    if len(sentence) > MAX_CLAUSE:
        return None
    masked = mask(sentence)
    if _is_question(masked):
        return None
    found = _after_colon(sentence, masked, sentences, index) or _memory_named(sentence, masked, sentences, index)
    if found:
        return found
    for start in [0] + [match.end() for match in _SEPARATOR.finditer(masked)]:
        words = clause_request(sentence[start:], masked[start:], sentences, index)
        if words == BEFORE:
            return _before(sentence[:start], sentences, index)
        if words:
            return words, False
    return None


def _is_question(masked: str) -> bool:
    asks = masked.rstrip().endswith("?") or masked.lstrip().startswith("¿") or pattern("question").match(masked)
    if not asks:
        return False
    polite = pattern("lead").match(masked).group("polite")
    if polite or at("keep", masked):
        return False  # "could you remember that…?" asks to keep
    standing = at("standing", masked)  # "next time, could you check with me first?" asks too
    return not (standing and pattern("lead").match(masked[standing.end("word"):]).group("polite"))


def _after_colon(sentence: str, masked: str, sentences: list, index: int):
    """'note for the future: X', 'remember this: X', 'Rule for this repo: X', 'save in memory: X'."""
    # the colon that ends a phrase, never one inside a word: `https://`, `mysql://root:pw@db:3306` are no preamble
    ends = re.search(r":(?=\s|$)", masked)
    colon = ends.start() if ends else -1
    if colon < 0 or colon > 100:
        return None
    preamble, rest = masked[:colon], sentence[colon + 1:].strip()
    memory, durable = search("memory", preamble), search("durable", preamble)
    keep = _keep_in(preamble)
    if not (memory or durable or keep):
        return None
    if not rest:  # "From now on:" and the points on the lines below
        rest = "; ".join(sentences[index + 1:index + 6])
    if _is_question(mask(rest)) or (keep and not (memory or durable) and search("one_off", rest)):
        return None
    rule = bool(durable) and not re.search(r"(?i)next\s+time|told\s+you|how\s+many", durable.group(0))
    return rest, rule


def _keep_in(preamble: str):
    """A keeping verb in the preamble that is the person's request ('so remember it'), not a report
    ('I don't remember')."""
    keep = pattern("keep_any", preamble)
    for match in keep.finditer(preamble) if keep else ():
        before = preamble[:match.start()].split()
        if match.group("verb").lower().startswith(("i ", "i'", "how")) or not before or \
                before[-1].lower().strip(",.") not in _SUBJECT:
            return match
    return None


def _memory_named(sentence: str, masked: str, sentences: list, index: int):
    """'never execute git, save in your memory', 'add to your memory that I prefer small PRs'."""
    memory = search("memory", masked)
    if memory is None:
        return None
    after = re.sub(r"(?i)^\W*(?:that|:)?\s*", "", sentence[memory.end():])
    after = re.sub(r"(?i)^(?:please|pls|plz|as\s+well|too)\b\W*", "", after)
    if _substantive(after):
        return after, False
    return _before(sentence[:memory.start()], sentences, index)


def _before(text: str, sentences: list, index: int):
    """What a trailing marker points back to: this sentence's start, else the sentence before."""
    words = re.sub(r"(?i)[\s,;:—-]*(?:and|so|please|pls)?\s*$", "", text).strip()
    if _substantive(words):
        return words, False
    if index > 0 and not _is_question(mask(sentences[index - 1])):
        return sentences[index - 1], False
    return None


def _substantive(words: str) -> bool:
    """At least two words that say something ('don't ever do that again' says nothing to keep)."""
    found = [w for w in re.findall(r"[\w'./~-]+", words.lower()) if w not in EMPTY_WORDS]
    return len(found) >= 2
