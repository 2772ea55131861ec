"""The hint score: a normalised 0..1 measure of how much of a prompt a note explains.

Raw BM25 scores drift several-fold with the size of the knowledge base, so no
constant floor on them means the same thing at 40 notes and at 100,000. This
score is a share instead, stable across sizes (docs/recall.md has the why of
each piece):

    N'      = N + B: the knowledge base's N notes inside a background of B = 10,000 notes
    df'(t)  = df(t) + B/20 for everyday English and software words (stopwords.GENERAL,
              stopwords.SOFTWARE), df(t) for every other word: the background holds no other
    idf(t)  = ln(1 + (N' - df'(t) + 0.5) / (df'(t) + 0.5))  BM25's IDF over those notes
    w(t)    = g(t) * min(1, idf(t) / idf(1))                 each distinct prompt term t
    g(t)    = 0.25 for everyday English words (`GENERAL_WEIGHT`), 1 otherwise;
              0 for a number, hash or id that no note holds
    a prompt word u (analysis.Unit) weighs W(u) = max w(t) over its terms
    M       = sum of W(u) over the prompt's words: its information, in "rare-word units"
    m(d)    = sum over words of W(u) * (share of u's term weight that note d holds,
              a term outside d's title and summary counting BODY_WEIGHT)
              + W(u) for each identifier that d holds whole (IDENTIFIER_BONUS)
    score(d) = min(1, m(d) / clamp(M, MIN_MASS, MAX_MASS))

A term also counts as held when the note holds its abbreviation partner
(stopwords.ABBREVIATIONS: "cert" / "certificate"); df(t) then counts the notes
that hold either. A note scores 1 when it holds every informative word of a
short prompt, or MAX_MASS rare-word units of a long one. MIN_MASS keeps a
two-word prompt ("thanks, that worked") from matching anything fully, while a
pasted error class alone (`ImmatureSignatureError`) still reaches 0.8.
"""

import math

from mage_engine.recall import wordlists

GENERAL_WEIGHT = 0.25
BODY_WEIGHT = 0.8
IDENTIFIER_BONUS = 1.0
NAMED_LIMIT = 64  # an identifier spelled by this many notes is not specific
MIN_MASS = 2.5
MAX_MASS = 4.0
BACKGROUND_NOTES = 10_000  # df from a few dozen notes cannot tell a topic word from a common one
BACKGROUND_COMMON_DF = BACKGROUND_NOTES // 20  # everyday English and software words: one background note in 20
general_terms = wordlists.general_terms


def idf(df: int, total: int) -> float:
    """BM25's inverse document frequency (the one Tantivy uses)."""
    return math.log(1 + (total - df + 0.5) / (df + 0.5))


class QueryWeights:
    """A prompt's distinct terms with their document frequency and weight w(t), and its words.

    `units` are the prompt's words (analysis.Unit or (terms, name, humps) tuples); without
    them every term is a word of its own. `partners` maps a term to the abbreviation
    partners that notes hold; its df then counts the notes holding the term or a partner.
    """

    def __init__(self, terms: list, df: dict, total: int, units=None, partners=None):
        self.terms = terms
        self.df = df
        self.total = total
        self.partners = partners or {}
        self.weight = {t: term_weight(t, df[t], total) for t in terms}
        self.words = _plan(units if units is not None else [((t,), (), ()) for t in terms], self.weight, df)
        self.mass = sum(word[2] for word in self.words)
        self.named = {}  # word index -> addresses of the notes that spell that identifier

    @classmethod
    def measure(cls, searcher, terms: list, units=None) -> "QueryWeights":
        """Weights for `terms` (and the words `units` they came from) from the index behind `searcher`."""
        every = list(dict.fromkeys([*terms, *(t for unit in units or () for _, t in unit[2])]))
        df = {t: searcher.doc_freq("all", t) for t in every}
        partners = wordlists.held_partners(searcher, every, df)
        weights = cls(every, df, searcher.num_docs, units, partners)
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

    def holds(self, terms: set, term: str) -> bool:
        """Whether `terms` (a note's) hold `term` or one of its abbreviation partners."""
        return term in terms or (term in self.partners and not self.partners[term].isdisjoint(terms))

    def score(self, note_terms: set, address=None, about=None) -> float:
        """score(d) for a note whose distinct analysed terms are `note_terms`; `address` is its
        place in the index (for identifier phrases), `about` the terms of its title and summary."""
        if not self.terms or self.total == 0:
            return 0.0
        where = (address.segment_ord, address.doc) if address is not None else None
        matched = 0.0
        for index, (_, new, mass, name) in enumerate(self.words):
            held = sum(self.weight[t] * (1.0 if about is None or self.holds(about, t) else BODY_WEIGHT)
                       for t in new if self.holds(note_terms, t))
            if held:
                matched += mass * held / sum(self.weight[t] for t in new)
            if mass and (len(name) == 1 and name[0][1] in note_terms or where in self.named.get(index, ())):
                matched += IDENTIFIER_BONUS * mass
        return min(1.0, matched / min(max(self.mass, MIN_MASS), MAX_MASS))


def term_weight(term: str, df: int, total: int) -> float:
    """w(t): the term's idf, in the knowledge base plus the background, as a share of the idf
    of a term one note holds (capped at 1), times g(t)."""
    if df == 0 and _numeric(term):
        return 0.0  # a number, id or version no note holds: noise, not a topic
    general = term in wordlists.general_terms()
    common = general or term in wordlists.software_terms()
    notes = total + BACKGROUND_NOTES
    share = min(1.0, idf(df + (BACKGROUND_COMMON_DF if common else 0), notes) / idf(1, notes))
    return share * (GENERAL_WEIGHT if general else 1.0)


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
