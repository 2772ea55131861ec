"""Compounds written apart: "on call" or "on-call" in a prompt, `oncall` in a note.

English writes many compounds three ways (on call, on-call, oncall; roll back,
rollback; health check, healthcheck), and a team's notes pick one. Two
neighbouring plain words of a prompt, or the two halves of a hyphenated one, are
joined and looked up: when some note holds the joined word, a note holding it
holds each of the words, as a note holding `certificate` holds a prompt's `cert`
(partners.py); and when the joined word weighs more than the words apart, they
become one word of the prompt, weighed as the joined one (`on call` weighs what
`oncall` does, not what everyday `call` does; "min instances" stays two words).
Joined words that are everyday English or software talk (`setup`, `into`) are not
looked up: they say nothing of their own.

The other way round (`oncall` in the prompt, "on call" in a note) is not tried:
splitting a word anywhere finds halves in every note.
At most MAX_PAIRS pairs are tried, so a pasted log costs what a sentence does.
"""

from mage_engine.terms.analysis import joinable

MAX_PAIRS = 16


def join_compounds(searcher, word_list, units: list, df: dict, partners: dict, weigh) -> list:
    """`units` (analysis.Unit) for a prompt whose compounds some note holds: `partners` maps each
    of the words' terms to the joined term (a note holding `rollback` holds `roll`), `df` gains
    the joined terms' document frequency, and where the joined word weighs more than its words
    apart (`weigh(term)`: everyday `call` in "on call"), the words become one unit that holds it."""
    from mage_engine.terms import analysis, wordlists

    common = wordlists.everyday_talk()
    at = {}
    for index, unit in enumerate(units):
        at.setdefault(unit.text, index)
    joined_units, dropped = {}, set()
    for left, right, written in _pairs(word_list):
        places = [at[word] for word in written if word in at]
        if not places or any(place in joined_units or place in dropped for place in places):
            continue
        joined = analysis.analyzer().analyze(left + right)
        if len(joined) != 1 or joined[0] in common or joined[0] in df:
            continue
        held = searcher.doc_freq("all", joined[0])
        if not held:
            continue
        df[joined[0]] = held
        terms = tuple(dict.fromkeys([*(t for place in places for t in units[place].terms), joined[0]]))
        for term in terms[:-1]:
            partners[term] = partners.get(term, frozenset()) | {joined[0]}
        apart = sum(max(map(weigh, units[place].terms), default=0.0) for place in places)
        if weigh(joined[0]) > apart:  # "min instances" says two things; "on call" one
            joined_units[places[0]] = analysis.Unit(terms, (), (), " ".join(written))
            dropped.update(places[1:])
    if not joined_units:
        return units
    return [joined_units.get(index, unit) for index, unit in enumerate(units) if index not in dropped]


def _pairs(word_list) -> list:
    """(left, right, the prompt words they are written as) for the first MAX_PAIRS compounds
    written apart (a pasted log's thousands of words are not walked)."""
    pairs = []
    for index, word in enumerate(word_list):
        halves = word.split("-")
        after = word_list[index + 1] if index + 1 < len(word_list) else ""
        for left, right, written in ((*halves, (word,)) if len(halves) == 2 else ("", "", ()),
                                     (word, after, (word, after))):
            if joinable(left, right):
                pairs.append((left.lower(), right.lower(), written))
        if len(pairs) >= MAX_PAIRS:
            return pairs[:MAX_PAIRS]
    return pairs
