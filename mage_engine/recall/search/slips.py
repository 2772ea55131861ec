"""Slips of the keyboard: a prompt word no note holds, one slip away from a word notes hold.

People type prompts fast: "kafak consumer lag", "the manifset is wrong", "the
ingres rules". When a plain word of MIN_LETTERS letters or more is in no note and
is not everyday talk, its spellings one slip away are looked up (two neighbouring
letters swapped, a letter typed twice, a double consonant typed once); a note
that holds one of them holds the word, as a note holding `certificate` holds a
prompt's `cert` (partners.py). A dropped or wrong letter is not tried: 26
spellings a position would cost the hook more than the few prompts it finds, and
a wrong letter turns too many words into others (`trace`, `track`).

A word with a capital inside (`useAsync`), digits or an underscore is a name, not
a typo: it is never respelled. Nor is a word respelled into everyday English or
software talk (`runing` is `running`, `comit` is `commit`): those say little, and
the slip would weigh as a rare word. At most MAX_WORDS words of a prompt are
tried, so a pasted log costs what a sentence does.
"""

from mage_engine.terms.words import is_plain_word

MIN_LETTERS = 5
MAX_WORDS = 8


def slip_partners(searcher, units, df: dict, everyday=frozenset()) -> dict:
    """term -> the terms some note holds one slip from it, for the plain words of `units`
    (analysis.Unit) whose single term no note holds."""
    from mage_engine.terms import analysis, wordlists

    common = wordlists.everyday_talk()
    found, tried = {}, 0
    for unit in units:
        terms, text = unit[0], unit[3] if len(unit) > 3 else ""
        if len(terms) != 1 or unit[1] or df.get(terms[0]) or not _plain(text):
            continue
        term = terms[0]
        if term in common or term in everyday or term in found:
            continue
        tried += 1
        spellings = one_slip_from(text.lower())
        stems = analysis.analyzer().analyze(" ".join(spellings))  # one call: 2 µs a word saved each
        held = sorted({stem for stem in stems  # `runing` is everyday `run`, not a topic word no note holds
                       if stem != term and stem not in common and searcher.doc_freq("all", stem)})
        if held:
            found[term] = frozenset(held)
        if tried >= MAX_WORDS:
            break
    return found


def one_slip_from(word: str) -> list:
    """The distinct spellings of `word` one slip away: a neighbouring pair swapped, a doubled
    letter typed once, a single consonant typed twice (`comit` -> `commit`)."""
    spellings = []
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            spellings.append(word[:i] + word[i + 1] + word[i] + word[i + 2:])
        else:
            spellings.append(word[:i] + word[i + 1:])
    for i, letter in enumerate(word):
        single = (i + 1 == len(word) or word[i + 1] != letter) and (i == 0 or word[i - 1] != letter)
        if single and letter not in "aeiouy":
            spellings.append(word[: i + 1] + letter + word[i + 1:])
    return list(dict.fromkeys(spelling for spelling in spellings if spelling != word))


def _plain(text: str) -> bool:
    """A plain word long enough for a slip of the keyboard to leave it no other word."""
    return len(text) >= MIN_LETTERS and is_plain_word(text)
