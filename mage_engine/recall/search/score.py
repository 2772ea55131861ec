"""The hint score: a normalised 0..1 measure of how much of a prompt a note explains
(the weights and D(M) in term_weights.py, put together over a search here).

Raw BM25 scores drift several-fold with the size of the knowledge base, so no
constant floor on them means the same thing at 40 notes and at 100,000. This
score is a share instead, stable across sizes (docs/recall.md has the why of
each piece):

    N'      = N + B: the knowledge base's N notes inside a background of B = 10,000 notes
    df'(t)  = df(t) + B/20 for everyday English and software words (stopwords.GENERAL,
              stopwords.SOFTWARE), df(t) for every other word: the background holds no other
    idf(t)  = ln(1 + (N' - df'(t) + 0.5) / (df'(t) + 0.5))  BM25's IDF over those notes
    w(t)    = g(t) * min(1, idf(t) / idf(1))                 each distinct prompt term t
    g(t)    = 0.25 for everyday English words (`GENERAL_WEIGHT`) and this project's everyday
              words (everyday.py: what most of its prompts say); 0 for a number, hash or id
              that no note holds; 1 otherwise
    a prompt word u (analysis.Unit) weighs W(u) = max w(t) over its terms (a quarter of that
              for a bare one- or two-digit number)
    M       = sum of W(u) over the prompt's words: its information, in "rare-word units"
    m(d)    = sum over words of W(u) * (share of u's term weight that note d holds,
              a term outside d's title and summary counting BODY_WEIGHT)
              + W(u) for each identifier that d holds whole and few notes spell (IDENTIFIER_BONUS)
    D(M)    = max(clamp(M, MIN_MASS, MAX_MASS), LONG_SHARE * (M - MAX_MASS))
    score(d) = min(1, m(d) / D(M))

A term also counts as held when the note holds its abbreviation partner
(stopwords.ABBREVIATIONS: "cert" / "certificate"); df(t) then counts the notes
that hold either. A note scores 1 when it holds every informative word of a
short prompt, or MAX_MASS rare-word units of a chatty one; past that, a long
paste (a log, a wall of instructions) must be explained by more than a few of its
words (LONG_SHARE). MIN_MASS keeps a two-word prompt ("thanks, that worked") from
matching anything fully, while a pasted error class alone
(`ImmatureSignatureError`) still reaches 0.8.
"""

from mage_engine.terms import wordlists
from mage_engine.recall.search.term_weights import (  # noqa: F401  (the formula's constants, importable from here)
    BACKGROUND_COMMON_DF, BACKGROUND_NOTES, BODY_WEIGHT, GENERAL_WEIGHT, IDENTIFIER_BONUS, LONG_SHARE, MAX_MASS,
    MIN_MASS, NAMED_LIMIT, denominator, idf, is_bare_number, plan_words, term_weight)

general_terms = wordlists.general_terms


class QueryWeights:
    """A prompt's distinct terms with their document frequency and weight w(t), and its words.

    `units` are the prompt's words (analysis.Unit or (terms, name, humps) tuples); without
    them every term is a word of its own. `partners` maps a term to the abbreviation
    partners that notes hold; its df then counts the notes holding the term or a partner.
    """

    def __init__(self, terms: list, df: dict, total: int, units=None, partners=None, everyday=frozenset()):
        self.terms = terms
        self.df = df
        self.total = total
        self.partners = partners or {}
        self.everyday = everyday
        self.weight = {t: term_weight(t, df[t], total, t in everyday) for t in terms}
        units = units if units is not None else [((t,), (), ()) for t in terms]
        self.texts = [unit[3] if len(unit) > 3 and unit[3] else " ".join(unit[0]) for unit in units]
        self.words = plan_words(units, self.weight, df, self.texts)
        # word index -> the terms of the thing a namespace word names (`sync` of `sync.RWMutex`)
        self.namespaces = {i: unit[4] for i, unit in enumerate(units) if len(unit) > 4 and unit[4]}
        self.mass = sum(word[2] for word in self.words)
        self.named = {}  # word index -> addresses of the notes that spell that identifier
        self.labels = {}  # word index -> its evidence label (evidence.label: each candidate asks of the same words)

    @classmethod
    def measure(cls, searcher, terms: list, units=None, everyday=frozenset(), word_list=()) -> "QueryWeights":
        """Weights for `terms` (and the words `units` they came from, the prompt's `word_list`) from
        the index behind `searcher`; `everyday` holds this project's everyday terms."""
        from mage_engine.recall.search.compounds import join_compounds
        from mage_engine.recall.search.partners import held_partners
        from mage_engine.recall.search.slips import slip_partners

        every = list(dict.fromkeys([*terms, *(t for unit in units or () for _, t in unit[2])]))
        df = {t: searcher.doc_freq("all", t) for t in every}
        spelled = slip_partners(searcher, units or (), df, everyday)
        if word_list and units:
            total = searcher.num_docs
            units = join_compounds(searcher, word_list, list(units), df, spelled,
                                   lambda t: term_weight(t, df.get(t, 0), total, t in everyday))
            every = list(dict.fromkeys([*every, *df]))
        partners = held_partners(searcher, every, df, spelled)
        weights = cls(every, df, searcher.num_docs, units, partners, everyday)
        weights.find_names(searcher)
        return weights

    def find_names(self, searcher) -> None:
        """The notes that spell each multi-term identifier of the prompt in order (a phrase query)."""
        from mage_engine.base.tantivy_import import tantivy as load_tantivy

        tantivy = load_tantivy()

        from mage_engine.recall.index.schema import schema

        for index, (_, _, mass, name) in enumerate(self.words):
            if mass and len(name) > 1 and all(self.df.get(t) for _, t in name) and not self.is_everyday(name):
                query = tantivy.Query.phrase_query(schema(), "all", list(name))
                hits = searcher.search(query, limit=NAMED_LIMIT).hits
                if self.rare_name(len(hits)):
                    self.named[index] = {(a.segment_ord, a.doc) for _, a in hits}

    def term_kind(self, term: str) -> str:
        """everyday (plain English, this project's everyday words, a short number), software
        (everyday software talk) or topic: how much a shared term says about one note."""
        if term in self.everyday or term in wordlists.general_terms():
            return "everyday"
        return "software" if term in wordlists.software_terms() else "topic"


    def rare_name(self, spelled_by: int) -> bool:
        """An identifier spelled by this many notes picks one out: fewer than NAMED_LIMIT, and at
        most a tenth of a small knowledge base (in six notes, a path two of them name is shared)."""
        return 0 < spelled_by < NAMED_LIMIT and spelled_by <= max(1, self.total // 10)

    def is_everyday(self, name) -> bool:
        """A name with a term this project says all the time (its own paths, its product's name)."""
        return any(t in self.everyday for _, t in name)

    def holds(self, terms: set, term: str) -> bool:
        """Whether `terms` (a note's) hold `term` or one of its abbreviation partners."""
        return term in terms or (term in self.partners and not self.partners[term].isdisjoint(terms))

    def score(self, note_terms: set, address=None, about=None) -> float:
        """score(d) for a note whose distinct analysed terms are `note_terms`; `address` is its
        place in the index (for identifier phrases), `about` the terms of its title and summary."""
        return self.share(sum(matched for _, matched, _ in self.matches(note_terms, address, about)))

    def share(self, matched: float) -> float:
        """matched rare-word units as a 0..1 share of what the prompt says."""
        if not self.terms or self.total == 0:
            return 0.0
        return min(1.0, matched / denominator(self.mass))

    def matches(self, note_terms: set, address=None, about=None) -> list:
        """[(word index, rare-word units matched, identifier held whole?)] for each prompt word
        the note holds something of: the evidence the score adds up (see evidence.py)."""
        where = (address.segment_ord, address.doc) if address is not None else None
        found = []
        for index, (_, new, mass, name) in enumerate(self.words):
            held = sum(self.weight[t] * (1.0 if about is None or self.holds(about, t) else BODY_WEIGHT)
                       for t in new if self.holds(note_terms, t))
            matched = mass * held / sum(self.weight[t] for t in new) if held else 0.0
            whole = bool(mass) and (len(name) == 1 and name[0][1] in note_terms and not self.is_everyday(name)
                                    and self.rare_name(self.df[name[0][1]]) or where in self.named.get(index, ()))
            if whole:
                matched += IDENTIFIER_BONUS * mass
            if matched:
                found.append((index, matched, whole))
        return found
