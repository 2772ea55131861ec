"""The hint score: a normalised 0..1 measure of how much of a prompt a note explains.

Raw BM25 scores drift several-fold with the size of the knowledge base, so no
constant floor on them means the same thing at 40 notes and at 100,000. This
score is a share instead, stable across sizes:

    w(t)  = g(t) * idf(t) / idf_max          each distinct prompt term t
    idf(t) = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))   (BM25's IDF over N notes)
    idf_max = idf of a term no note contains, so w(t) is in (0, 1]
    g(t)  = 0.25 for everyday English words (`GENERAL_WEIGHT`), 1 otherwise
    M     = sum of w(t) over the prompt: its information, in "rare-word units"
    m(d)  = sum of w(t) over the prompt terms that note d contains
    score(d) = min(1, m(d) / clamp(M, MIN_MASS, MAX_MASS))

A note scores 1 when it holds every informative word of a short prompt, or
MAX_MASS rare-word units of a long one (a long, chatty prompt is explained by
a note that covers its key terms, not all of its words). MIN_MASS keeps a
two-word prompt ("thanks, that worked") from matching anything fully. With
the default floor of 0.5 a note must cover half of what the prompt says, and
at least 1.25 rare-word units of it.
"""

import math

from mage_engine.recall.stopwords import GENERAL_WORDS

GENERAL_WEIGHT = 0.25
MIN_MASS = 2.5
MAX_MASS = 4.5

_GENERAL_TERMS = None


def general_terms() -> frozenset:
    """The everyday words, analysed the same way as prompts (stemmed)."""
    global _GENERAL_TERMS
    if _GENERAL_TERMS is None:
        from mage_engine.recall.analysis import analyzer

        _GENERAL_TERMS = frozenset(analyzer().analyze(" ".join(sorted(GENERAL_WORDS))))
    return _GENERAL_TERMS


def idf(df: int, total: int) -> float:
    """BM25's inverse document frequency (the one Tantivy uses)."""
    return math.log(1 + (total - df + 0.5) / (df + 0.5))


class QueryWeights:
    """A prompt's distinct terms with their document frequency and weight w(t)."""

    def __init__(self, terms: list, df: dict, total: int):
        self.terms = terms
        self.df = df
        self.total = total
        top = idf(0, total)
        general = general_terms()
        self.weight = {t: idf(df[t], total) / top * (GENERAL_WEIGHT if t in general else 1.0) for t in terms}
        self.mass = sum(self.weight.values())

    @classmethod
    def measure(cls, searcher, terms: list) -> "QueryWeights":
        """Weights for `terms` from the index behind `searcher`."""
        return cls(terms, {t: searcher.doc_freq("all", t) for t in terms}, searcher.num_docs)

    def score(self, note_terms: set) -> float:
        """score(d) for a note whose distinct analysed terms are `note_terms`."""
        if not self.terms or self.total == 0:
            return 0.0
        matched = sum(w for t, w in self.weight.items() if t in note_terms)
        return min(1.0, matched / min(max(self.mass, MIN_MASS), MAX_MASS))
