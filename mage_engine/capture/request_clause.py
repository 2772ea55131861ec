"""A request at the start of a clause: "remember that X", "never X", "stop X-ing every time", "… from now on".

Each finder gets the clause as written and as masked (request_text.mask) and
returns the words to keep, '' when the clause asks for nothing, or BEFORE when
the marker points back ("…, remember that"). What it turns down, and why, is
said next to each test: a one-off edit, a report of what happened, a feature.
"""

import re

from mage_engine.capture.request_phrases import at, pattern, search
from mage_engine.capture.request_text import mask
from mage_engine.capture.request_words import FINITE, NOT_A_VERB, SUBJECTS, WE_REPORT

# keeping verbs that need "that", "to" or a colon before what is kept ("don't forget the slash" is about this edit)
_NEEDS_JOIN = ("make a note", "take", "don't forget", "dont forget", "do not forget", "no olvides", "vergiss",
               "n'oublie", "não", "nao", "write", "i've", "i have", "i said", "i told", "how many", "as i", "i keep",
               "lesson")
BEFORE = "before"  # the marker points back: keep what came before it
_ALWAYS = {"always", "never", "siempre", "nunca", "immer", "nie", "niemals", "toujours", "jamais", "sempre"}


def clause_request(text: str, masked: str, sentences: list, index: int):
    """The request at the start of this clause ('' if none, BEFORE if it points back)."""
    keep = at("keep", masked)
    if keep:
        return _kept(text, keep)
    stop = at("stop", masked)
    if stop:
        following = " ".join(mask(s) for s in sentences[index + 1:index + 2])
        return text[stop.start("word"):] if search("habit", masked[stop.end():] + " " + following) else ""
    standing = at("standing", masked)
    if standing:
        return _standing(text, masked, standing)
    trailing = search("trailing", masked)
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
    if search("one_off", rest) and not re.search(r"(?i)\b(?:always|never)\b", rest):
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
        then = re.search(r",\s*(?:(?:then|just|please|pls|simply)\s+)*([\w']+)", masked[standing.end():])
        if not then or then.group(1).lower() in NOT_A_VERB:
            return ""  # "every time I run the build it downloads…": no instruction follows
    if not pattern("durable", word).match(word) and search("one_off", masked) or \
            word in ("always", "never") and re.search(r"(?i)\bhere\b", masked) and not re.search(r"(?i)\bwe\b", masked):
        return ""  # "never use the word 'simply' in this doc", "always return early here"
    if word.startswith("for all") and following in ("in", "of", "under"):
        return ""  # "for all projects in the monorepo, bump lodash": a task over these projects
    return text[standing.start("word"):]


def _a_statement(text: str) -> bool:
    """'we have a hooks/ directory', 'the VAULT is in ~/vaults': a subject, or a verb among the first words."""
    words = re.findall(r"[\w']+", text.lower())[:8]
    return bool(words) and (words[0] in SUBJECTS or any(w in FINITE or w in _ALWAYS or w.endswith(("'s", "'re"))
                                                        for w in words))


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
