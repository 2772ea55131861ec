"""Where in a prompt the person asks to keep something, and the words of what they ask to keep.

The prompt is read as a person wrote it: code blocks, quoted lines (`> …`), log
and traceback lines and indented text are someone else's words and are set
aside; in a long prompt (a pasted spec or plan) so are list items. Each
sentence is then tried, first as "<marker>: <the thing>", then for the agent's
memory named anywhere ("never execute git, save in your memory"), then clause
by clause for a marker at the clause's start (request_phrases.py). Text in
quotes or backticks is masked while looking for markers, so "add a 'save to
memory' button" asks for nothing. A marker with nothing after it ("…, remember
that", "save it in your memory") keeps what came before it in the sentence, or
the sentence before.
"""

import re

from mage_engine.capture.request_phrases import pattern
from mage_engine.capture.request_words import EMPTY_WORDS, FINITE, NOT_A_VERB, SUBJECTS, WE_REPORT

MAX_CLAUSE = 300
_QUOTES = {'"': '"', "“": "”", "`": "`"}
_SET_ASIDE = re.compile(r"^(?:\s{2,}|\t|>|#|//|\$\s|\[?\d{4}-\d\d-\d\d|\[?\d\d:\d\d:\d\d|"
                        r"(?:WARN|WARNING|ERROR|INFO|DEBUG|TRACE|FATAL|E)\b\s|npm\s+(?:WARN|ERR)|Traceback|"
                        r"\w*(?:Error|Exception|Warning):\s)|\b(?:PASSED|FAILED)\s*$")
_LOG_MARKS = ("═", "✓", "✔", "✗", "[INFO", "[WARN", "[ERROR", "[*]", "│", "┃")
_SEPARATOR = re.compile(r",\s*|;\s*|\s+[-–—]+\s+|—\s*|:\s+")
_SUBJECT = {"i", "you", "we", "they", "he", "she", "it", "don't", "dont", "do", "did", "not", "can't", "cant",
            "cannot", "never", "to", "couldn't", "won't"}
# keeping verbs that need "that", "to" or a colon before what is kept ("don't forget the slash" is about this edit)
_NEEDS_JOIN = ("make a note", "take", "don't forget", "dont forget", "do not forget", "no olvides", "vergiss",
               "n'oublie", "não", "nao", "write", "i've", "i have", "i said", "i told", "how many", "as i", "i keep",
               "lesson")
BEFORE = "before"  # the marker points back: keep what came before it


def find_request(text: str, document: bool) -> tuple | None:
    """(the words to keep, the sentence they came from, rule_hint) or None."""
    sentences = _sentences(text, document)
    for index, sentence in enumerate(sentences):
        found = _request_in(sentences, index)
        if found:
            words, rule_hint = found
            words = words.strip(" ,;:-—.")
            if _substantive(words):
                return words, sentence, rule_hint
    return None


def _sentences(text: str, document: bool) -> list:
    lines = []
    outside_code = "\n".join(text.split("```")[::2])  # the text between fenced blocks, never inside one
    for line in outside_code.splitlines():
        if not line.strip() or _SET_ASIDE.search(line) or any(mark in line for mark in _LOG_MARKS):
            continue
        if document and (line.lstrip().startswith(("-", "*", "|", "+")) or _numbered(line)):
            continue  # a pasted spec's points are not the person asking
        lines.append(line.strip())
    return [part.strip() for line in lines for part in re.split(r"(?<=[.!?])\s+", line) if part.strip()]


def _numbered(line: str) -> bool:
    head = line.lstrip()[:4]
    return bool(head[:1].isdigit() and ("." in head or ")" in head))


def _mask(sentence: str) -> str:
    """The sentence with quoted and backticked text blanked, same length (positions stay valid).
    Plain code, not a pattern: compiling one costs the hook more than this loop."""
    chars, index = list(sentence.replace("’", "'")), 0
    while index < len(chars):
        close = _QUOTES.get(chars[index])
        end = sentence.find(close, index + 1, index + 202) if close else -1
        if end > 0:
            chars[index + 1:end] = "_" * (end - index - 1)
            index = end
        index += 1
    return "".join(chars)


def _request_in(sentences: list, index: int):
    sentence = sentences[index]
    if len(sentence) > MAX_CLAUSE:
        return None
    masked = _mask(sentence)
    if _is_question(masked):
        return None
    found = _after_colon(sentence, masked, sentences, index) or _memory_named(sentence, masked, sentences, index)
    if found:
        return found
    for start in [0] + [match.end() for match in _SEPARATOR.finditer(masked)]:
        words = _clause_request(sentence[start:], masked[start:], sentences, index)
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
    return not (polite or _at("keep", masked) or _at("standing", masked))  # "could you always…?" asks to keep


def _at(name: str, masked: str):
    """Pattern `name` matched where the clause's fillers end ("ok so please remember…"), or None."""
    found = pattern(name, masked)
    return found.match(masked, pattern("lead").match(masked).end()) if found else None


def _search(name: str, text: str):
    found = pattern(name, text)
    return found.search(text) if found else None


def _after_colon(sentence: str, masked: str, sentences: list, index: int):
    """'note for the future: X', 'remember this: X', 'Rule for this repo: X', 'save in memory: X'."""
    colon = masked.find(":")
    if colon < 0 or colon > 100:
        return None
    preamble, rest = masked[:colon], sentence[colon + 1:].strip()
    memory, durable = _search("memory", preamble), _search("durable", preamble)
    keep = _keep_in(preamble)
    if not (memory or durable or keep):
        return None
    if not rest:  # "From now on:" and the points on the lines below
        rest = "; ".join(sentences[index + 1:index + 6])
    if _is_question(_mask(rest)) or (keep and not (memory or durable) and _search("one_off", rest)):
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
    memory = _search("memory", masked)
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
    if index > 0 and not _is_question(_mask(sentences[index - 1])):
        return sentences[index - 1], False
    return None


def _clause_request(text: str, masked: str, sentences: list, index: int):
    """The request at the start of this clause ('' if none, BEFORE if it points back)."""
    keep = _at("keep", masked)
    if keep:
        return _kept(text, keep)
    stop = _at("stop", masked)
    if stop:
        following = " ".join(_mask(s) for s in sentences[index + 1:index + 2])
        return text[stop.start("word"):] if _search("habit", masked[stop.end():] + " " + following) else ""
    standing = _at("standing", masked)
    if standing:
        return _standing(text, masked, standing)
    trailing = _search("trailing", masked)
    if trailing and _first_word(masked) not in NOT_A_VERB and not _reported(masked):
        return text
    return ""


def _kept(text: str, keep) -> str:
    rest = text[keep.start("rest"):].strip()
    join, sep = (keep.group("join") or "").lower(), keep.group("sep") or ""
    if rest.strip(" .!").lower() in ("", "that", "this", "it", "them"):
        return BEFORE  # "…, remember that", "…, keep that in mind"
    first = _first_word(rest)
    if first == "me" or first in ("when", "how", "what", "why", "if", "where", "who", "which", "whether") and \
            not sep.strip():
        return ""  # "remember me?", "remember when we broke prod?" (but "remember: when X fails, do Y")
    verb = " ".join(keep.group("verb").lower().split())
    if verb.startswith(_NEEDS_JOIN) and not join and not sep.strip():
        return ""  # "make a note component", "don't forget the trailing slash"
    if _search("one_off", rest) and not re.search(r"(?i)\b(?:always|never)\b", rest):
        return ""  # "remember to run the tests after this change"
    if not join and not sep.strip() and not _a_statement(rest):
        return ""  # "remember the scroll position when the user navigates back": a feature, not a fact
    return ("to " if join == "to" else "") + rest


def _standing(text: str, masked: str, standing) -> str:
    word = " ".join(standing.group("word").lower().split())
    following = (standing.group("next") or "").lower()
    if not following or following in NOT_A_VERB or re.match(r"(?i)^\W*never\s+say\s+never", masked):
        return ""  # "never mind", "always the same error", "from now on the function returns…"
    if word.split()[0] in ("always", "never") and _inflected(following):
        return ""  # "never tested this", "always fails"
    if word.endswith("we") or word.startswith("we ") or word.endswith(("we always", "we never")):
        if following in WE_REPORT or _inflected(following):
            return ""  # "in this repo we have a bug", "we always get a 502"
    if word.startswith(("whenever", "every", "each")) or word.endswith("next time") and following in SUBJECTS:
        then = re.search(r",\s*(?:then\s+)?([\w']+)", masked[standing.end():])
        if not then or then.group(1).lower() in NOT_A_VERB:
            return ""  # "every time I run the build it downloads…": no instruction follows
    if not pattern("durable").match(word) and _search("one_off", masked) or \
            word in ("always", "never") and re.search(r"(?i)\bhere\b", masked) and not re.search(r"(?i)\bwe\b", masked):
        return ""  # "never use the word 'simply' in this doc", "always return early here"
    if word.startswith("for all") and following in ("in", "of", "under"):
        return ""  # "for all projects in the monorepo, bump lodash": a task over these projects
    return text[standing.start("word"):]


def _a_statement(text: str) -> bool:
    """'we have a hooks/ directory', 'the VAULT is in ~/vaults': a subject, or a verb among the first words."""
    words = re.findall(r"[\w']+", text.lower())[:8]
    return bool(words) and (words[0] in SUBJECTS or any(w in FINITE or w.endswith(("'s", "'re")) for w in words))


def _inflected(word: str) -> bool:
    """'tested', 'fails': a report of what happened, not an imperative."""
    if word.endswith("ed") and not word.endswith("eed") and len(word) > 4:
        return True
    return word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3


def _reported(masked: str) -> bool:
    return bool(re.match(r"(?i)^\W*(?:i|it|this|that|the|a|an|there|they|we|you|my|our)\b", masked))


def _first_word(text: str) -> str:
    words = re.findall(r"[\w']+", text.lower())
    return words[0] if words else ""


def _substantive(words: str) -> bool:
    """At least two words that say something ('don't ever do that again' says nothing to keep)."""
    found = [w for w in re.findall(r"[\w'./~-]+", words.lower()) if w not in EMPTY_WORDS]
    return len(found) >= 2
