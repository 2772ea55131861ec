"""Whether a note quotes the prompt: the same words, in the same order, five or more in a row.

A lesson is often written from the error that taught it, so it holds the error's
text: `Error: Agent type 'DOCGEN' not found. Available agents: general-purpose,
statusline-setup, …`. When that error comes back pasted in a long prompt (a
terminal's worth of output), the hint score cannot see it: a long paste must be
explained by more than a few of its words (D(M) in term_weights.py), and forty
lines share something with every note. A run of QUOTE_WORDS consecutive words of
the prompt found in a note, in order, is another matter: across every labelled
set here a run of four or more was never a coincidence. decide.py hints such a
note whatever its score.

Both sides are read by the same analyzer: the note's sequence of terms is stored
in the index (`seq`, build.py), the prompt's is made here, each term tagged with
the prompt word it comes from (a path or `snake_case_name` is one word however
many terms it has). A word made only of digits neither counts nor breaks a run.
"""

QUOTE_WORDS = 5
QUOTE_CAP = 4 * QUOTE_WORDS  # a run this long is a quote beyond doubt: the walk stops there ("20+ words")
MAX_SEQUENCE_TERMS = 4000  # of a note: enough for any note that is one topic
WALK_BUDGET = 200_000  # positions looked at per prompt, over all its candidates: a log repeating a line
# against notes repeating it would make the walk quadratic (seconds on a prompt); past this, the longest
# run found so far stands (about 30 ms)


def prompt_sequence(text: str) -> list:
    """[(term, word number, counts)] for the prompt's words in order; `counts` is False for a
    word of digits only. The prompt is analysed in one call and its terms matched back to the
    words they come from; where that cannot be done exactly (Chinese, Japanese or Korean text,
    a token the analyzer reads otherwise), word by word."""
    from mage_engine.terms import analysis

    word_list = analysis.prompt_word_list(text)
    sequence = _aligned(word_list) if not _has_cjk(text) else None
    if sequence is None:
        sequence = [(term, number) for number, word in enumerate(word_list) for term in analysis.terms(word)]
    numeric = {}
    for term, number in sequence:
        numeric[number] = numeric.get(number, True) and term.isdigit()
    return [(term, number, not numeric[number]) for term, number in sequence]


def _aligned(word_list: list):
    """[(term, word number)] from one analyzer call over the words' pieces, or None when the
    pieces the analyzer keeps do not line up with the terms it returned."""
    from mage_engine.terms import analysis, saved_lists, words

    pieces = [(number, piece) for number, word in enumerate(word_list) for piece in words.alnum_pieces(word)]
    terms = analysis.analyzer().analyze(" ".join(piece for _, piece in pieces))
    stop = _stopwords(saved_lists)
    kept = [number for number, piece in pieces
            if len(piece.encode("utf-8")) < analysis.MAX_TOKEN_BYTES and piece.lower() not in stop]
    if len(kept) != len(terms):
        return None
    return [(term, number) for number, term in zip(kept, terms) if len(term) > 1 or not term.isascii()]


def _stopwords(saved_lists) -> frozenset:
    if _STOP[0] is None:
        _STOP[0] = frozenset(saved_lists.stopword_list())
    return _STOP[0]


_STOP = [None]


def _has_cjk(text: str) -> bool:
    from mage_engine.terms import cjk

    return cjk.has_cjk(text)


def counted_words(sequence: list) -> int:
    """The words of a prompt sequence that count towards a quote."""
    return len({number for _, number, counts in sequence if counts})


def could_quote(sequence: list, held, at_least: int = QUOTE_WORDS) -> bool:
    """Whether some stretch of the prompt's words, every term of it in `held` (a note's distinct
    terms, a superset of those in its sequence), covers `at_least` words: if none does, the note
    quotes nothing, and its stored sequence need not be read."""
    return any(words >= at_least for _, _, words in _held_stretches(sequence, _word_ranks(sequence), held))


def walk_budget() -> list:
    """A budget of positions to look at, shared by the `quoted_words` calls of one prompt."""
    return [WALK_BUDGET]


def quoted_words(sequence: list, note_terms: list, at_least: int = QUOTE_WORDS, budget: list | None = None) -> int:
    """The most prompt words that a run of consecutive terms `note_terms` holds in the same order
    covers; 0 when no run could reach `at_least` words. Only stretches of the prompt whose every
    term the note holds somewhere are searched (a longest-common-substring walk over the note's
    term positions): most notes have none that long, and a long paste is searched in a blink."""
    if not sequence or not note_terms:
        return 0
    ranks, best, budget = _word_ranks(sequence), 0, walk_budget() if budget is None else budget
    if budget[0] <= 0:
        return 0
    places = _places(note_terms)
    for start, end, words in _held_stretches(sequence, ranks, places):
        if words >= max(at_least, best + 1):
            best = max(best, _longest_run(sequence, ranks, start, end, places, budget))
        if best >= QUOTE_CAP or budget[0] <= 0:
            break
    return best if best >= at_least else 0


def _places(note_terms: list) -> dict:
    """{term: [its positions in the note]}."""
    places = {}
    for position, term in enumerate(note_terms):
        places.setdefault(term, []).append(position)
    return places


def _held_stretches(sequence: list, ranks: list, held):
    """(start, end, counted words) of each longest stretch sequence[start:end] whose every term is in `held`."""
    start = None
    for index in range(len(sequence) + 1):
        if index < len(sequence) and sequence[index][0] in held:
            start = index if start is None else start
            continue
        if start is not None:
            yield start, index, _words_between(sequence, ranks, start, index - 1)
        start = None


def _longest_run(sequence: list, ranks: list, start: int, end: int, places: dict, budget: list) -> int:
    """The longest run, in prompt words, of sequence[start:end] that the note holds in order (its
    terms' `places`); stops at QUOTE_CAP words, or once `budget[0]` positions have been looked at."""
    best, previous = 0, {}
    for index in range(start, end):
        current = {}
        positions = places.get(sequence[index][0], ())
        budget[0] -= len(positions)
        for position in positions:
            begun = previous.get(position - 1, index)
            current[position] = begun
            if begun < index or best == 0:  # a run grew (or the first): only then can the best change
                best = max(best, _words_between(sequence, ranks, begun, index))
        if best >= QUOTE_CAP or budget[0] <= 0:
            return best
        previous = current
    return best


def _word_ranks(sequence: list) -> list:
    """For each position, how many counted words have begun by then."""
    ranks, count, last = [], 0, None
    for _, number, counts in sequence:
        if number != last:
            count += counts
            last = number
        ranks.append(count)
    return ranks


def _words_between(sequence: list, ranks: list, start: int, end: int) -> int:
    """Counted words that positions start..end (inclusive) touch."""
    words = ranks[end] - (ranks[start - 1] if start else 0)
    if start and sequence[start][1] == sequence[start - 1][1] and sequence[start][2]:
        words += 1  # the run begins inside a word already counted before it
    return words
