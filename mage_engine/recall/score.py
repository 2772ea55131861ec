"""The hint score: a normalised 0..1 measure of how much of a prompt a note explains.

Raw BM25 scores drift several-fold with the size of the knowledge base, so no
constant floor on them means the same thing at 40 notes and at 100,000. This
score is a share instead, stable across sizes (docs/recall.md has the why of
each piece):

    idf(t)  = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))     BM25's IDF over N notes
    w(t)    = g(t) * min(1, idf(t) / idf(1))                 each distinct prompt term t
    g(t)    = 0.25 for everyday English words (`GENERAL_WEIGHT`), 1 otherwise;
              0 for a number, hash or id that no note holds
    a prompt word u (analysis.Unit) weighs W(u) = max w(t) over its terms
    M       = sum of W(u) over the prompt's words: its information, in "rare-word units"
    m(d)    = sum over words of W(u) * (share of u's term weight that note d holds,
              a term outside d's title and summary counting BODY_WEIGHT)
              + W(u) for each identifier that d holds whole (IDENTIFIER_BONUS)
    score(d) = min(1, m(d) / clamp(M, MIN_MASS, MAX_MASS))

A note scores 1 when it holds every informative word of a short prompt, or
MAX_MASS rare-word units of a long one (a long, chatty prompt is explained by
a note that covers its key terms, not all of its words). MIN_MASS keeps a
two-word prompt ("thanks, that worked") from matching anything fully, while a
pasted error class alone (`ImmatureSignatureError`) still reaches 0.8.
"""

import math

from mage_engine.recall.stopwords import GENERAL_WORDS

GENERAL_WEIGHT = 0.25
BODY_WEIGHT = 0.8
IDENTIFIER_BONUS = 1.0
NAMED_LIMIT = 64  # an identifier spelled by this many notes is not specific
import os as _os
MIN_MASS = float(_os.environ.get("MINM", "2.5"))
MAX_MASS = float(_os.environ.get("MAXM", "4.5"))

_GENERAL_TERMS = None


def general_terms() -> frozenset:
    """The everyday words, analysed the same way as prompts (stemmed)."""
    global _GENERAL_TERMS
    if _GENERAL_TERMS is None:
        from mage_engine.recall.analysis import analyzer

        _GENERAL_TERMS = frozenset(analyzer().analyze(" ".join(sorted(GENERAL_WORDS))))
    return _GENERAL_TERMS


_SOFT = None


def soft_terms() -> frozenset:
    global _SOFT
    if _SOFT is None:
        from mage_engine.recall.analysis import analyzer
        words = open("/tmp/rk/soft.txt").read().split()
        _SOFT = frozenset(analyzer().analyze(" ".join(words)))
    return _SOFT


def idf(df: int, total: int) -> float:
    """BM25's inverse document frequency (the one Tantivy uses)."""
    return math.log(1 + (total - df + 0.5) / (df + 0.5))


class QueryWeights:
    """A prompt's distinct terms with their document frequency and weight w(t), and its words.

    `units` are the prompt's words (analysis.Unit or (terms, name, humps) tuples); without
    them every term is a word of its own.
    """

    def __init__(self, terms: list, df: dict, total: int, units=None):
        self.terms = terms
        self.df = df
        self.total = total
        import os as _os
        _ref = float(_os.environ.get("REFDF", "1")); _n0 = int(_os.environ.get("N0", "0"))
        _mode = _os.environ.get("NMODE", "max")
        virt = max(total, _n0, 1) if _mode == "max" else total + _n0
        top = idf(_ref, virt)
        general = general_terms()
        _bgp = float(_os.environ.get("BGP", "0"))
        _soft = soft_terms() if _bgp else frozenset()
        self.weight = {t: term_weight(t, df[t] + (int(_bgp * _n0) if t in _soft else 0), virt, top, t in general) for t in terms}
        self.words = _plan(units if units is not None else [((t,), (), ()) for t in terms], self.weight, df)
        self.mass = sum(word[2] for word in self.words)
        self.named = {}  # word index -> addresses of the notes that spell that identifier

    @classmethod
    def measure(cls, searcher, terms: list, units=None) -> "QueryWeights":
        """Weights for `terms` (and the words `units` they came from) from the index behind `searcher`."""
        every = list(dict.fromkeys([*terms, *(t for unit in units or () for _, t in unit[2])]))
        weights = cls(every, {t: searcher.doc_freq("all", t) for t in every}, searcher.num_docs, units)
        weights.find_names(searcher)
        return weights

    def find_names(self, searcher) -> None:
        """The notes that spell each multi-term identifier of the prompt in order (a phrase query)."""
        import tantivy

        from mage_engine.recall.schema import schema

        for index, (_, _, mass, name) in enumerate(self.words):
            if mass and len(name) > 1 and all(self.df.get(t) for _, t in name):
                query = tantivy.Query.phrase_query(schema(), "all", list(name))
                hits = searcher.search(query, limit=NAMED_LIMIT).hits
                if len(hits) < NAMED_LIMIT:
                    self.named[index] = {(a.segment_ord, a.doc) for _, a in hits}

    def score(self, note_terms: set, address=None, about=None) -> float:
        """score(d) for a note whose distinct analysed terms are `note_terms`; `address` is its
        place in the index (for identifier phrases), `about` the terms of its title and summary."""
        if not self.terms or self.total == 0:
            return 0.0
        where = (address.segment_ord, address.doc) if address is not None else None
        matched = 0.0
        for index, (_, new, mass, name) in enumerate(self.words):
            held = sum(self.weight[t] * (1.0 if about is None or t in about else BODY_WEIGHT)
                       for t in new if t in note_terms)
            if held:
                matched += mass * held / sum(self.weight[t] for t in new)
            if mass and (len(name) == 1 and name[0][1] in note_terms or where in self.named.get(index, ())):
                matched += IDENTIFIER_BONUS * mass
        return min(1.0, matched / min(max(self.mass, MIN_MASS), MAX_MASS))


def term_weight(term: str, df: int, total: int, top: float, general: bool) -> float:
    """w(t): the term's idf as a share of the idf of a term one note holds, capped at 1."""
    if df == 0 and _numeric(term):
        return 0.0  # a number, id or version no note holds: noise, not a topic
    return min(1.0, idf(df, total) / top) * (GENERAL_WEIGHT if general else 1.0)


def _numeric(term: str) -> bool:
    """A number, a hash or an id (`403`, `0421`, `7x2k`), not a name with a digit (`ec2`, `k8s`)."""
    digits = sum(c.isdigit() for c in term)
    return term[0].isdigit() or 2 * digits > len(term)


def _plan(units, weight: dict, df: dict) -> list:
    """(terms, new terms, W, name) per word; each term counts once, in the first word holding it."""
    counted, words = set(), []
    for terms, name, humps in units:
        if humps and any(df.get(t, 0) == 0 for t in terms):
            terms, name = tuple(dict.fromkeys(t for _, t in humps)), humps  # no note holds the whole word
        new = tuple(t for t in terms if t not in counted and t in weight)
        counted.update(new)
        words.append((terms, new, max((weight[t] for t in new), default=0.0), name))
    return words
