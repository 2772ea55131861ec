"""The hint score (draft, being calibrated)."""

import math
import os

BODY_WEIGHT = float(os.environ.get("MAGE_X_BODY", "0.6"))


class QueryWeights:
    """The query's terms with their document frequency and IDF in this index."""

    def __init__(self, terms, df, total):
        self.terms = terms
        self.df = df
        self.total = total
        self.idf = {t: idf(df[t], total) for t in terms}
        self.mass = sum(self.idf.values())

    @classmethod
    def measure(cls, searcher, terms):
        return cls(terms, {t: searcher.doc_freq("all", t) for t in terms}, searcher.num_docs)


def idf(df: int, total: int) -> float:
    return math.log(1 + (total - df + 0.5) / (df + 0.5))


def hint_score(weights, head: set, rest: set) -> float:
    if weights.mass <= 0:
        return 0.0
    got = 0.0
    for t in weights.terms:
        if t in head:
            got += weights.idf[t]
        elif t in rest:
            got += BODY_WEIGHT * weights.idf[t]
    return got / weights.mass
