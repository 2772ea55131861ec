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

from mage_engine.recall.analysis import MAX_QUERY_CHARS

QUOTE_WORDS = 5
MAX_SEQUENCE_TERMS = 4000  # of a note: enough for any note that is one topic


def prompt_sequence(text: str) -> list:
    """[(term, word number, counts)] for the prompt's words in order; `counts` is False for a
    word of digits only."""
    from mage_engine.recall import analysis, words

    seen, sequence = {}, []
    for number, word in enumerate(words.prompt_words(text[:MAX_QUERY_CHARS])):
        terms = seen.get(word)
        if terms is None:
            terms = seen[word] = analysis.terms(word)
        counts = not all(term.isdigit() for term in terms)
        sequence += [(term, number, counts) for term in terms]
    return sequence


def counted_words(sequence: list) -> int:
    """The words of a prompt sequence that count towards a quote."""
    return len({number for _, number, counts in sequence if counts})


def quoted_words(sequence: list, note_terms: list) -> int:
    """The most prompt words a run of consecutive terms that `note_terms` holds in the same
    order covers (a longest-common-substring walk over the note's term positions)."""
    if not sequence or not note_terms:
        return 0
    places = {}
    for position, term in enumerate(note_terms):
        places.setdefault(term, []).append(position)
    ranks = _word_ranks(sequence)
    best, previous = 0, {}
    for index, (term, _, _) in enumerate(sequence):
        current = {}
        for position in places.get(term, ()):
            start = previous.get(position - 1, index)
            current[position] = start
            best = max(best, _words_between(sequence, ranks, start, index))
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
