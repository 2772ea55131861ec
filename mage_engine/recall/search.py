"""Searching the index: BM25 finds candidates, the hint score ranks and filters them.

`search(kb, query)` is what `mage recall`, the hint hook and the TUI call.
BM25 (title and tags boosted) picks up to `CANDIDATES` notes; each then gets
the normalised 0..1 score of `score.py`, which orders the results.
"""

from dataclasses import asdict, dataclass

from mage_engine.recall import analysis, store
from mage_engine.recall.score import QueryWeights, hint_score

CANDIDATES = 24
BOOSTS = {"title": 2.0, "tags": 1.5, "summary": 1.0, "all": 1.0}


@dataclass
class Hit:
    """One search result: the note (or skill) and how well it matches."""

    id: str
    title: str
    summary: str
    path: str
    kind: str
    source: str
    score: float
    bm25: float

    def to_dict(self) -> dict:
        return asdict(self)


def search(kb, query: str, limit: int = 10, fresh: bool = True, scan_budget_ms=None) -> list[Hit]:
    """The best `limit` hits for `query`, best first (score, then BM25, then id).

    `fresh` first brings the index up to date (see index.ensure_fresh).
    Raises store.IndexUnavailable when there is no usable index.
    """
    terms = analysis.query_terms(query)
    if not terms:
        return []
    if fresh:
        from mage_engine.recall.index import ensure_fresh

        ensure_fresh(kb, scan_budget_ms=scan_budget_ms)
    searcher = open_searcher(kb)
    weights = QueryWeights.measure(searcher, terms)
    hits = [_hit(searcher, bm25, address, weights) for bm25, address in _candidates(searcher, weights)]
    hits.sort(key=lambda h: (-h.score, -h.bm25, h.id))
    return hits[:limit]


def open_searcher(kb):
    """A searcher on the current index generation."""
    from mage_engine.recall.build import open_index

    stamp = store.read_stamp(kb)
    if stamp is None:
        raise store.IndexUnavailable("no search index yet", "run `mage index`")
    try:
        return open_index(store.generation_path(kb, stamp)).searcher()
    except ValueError as error:
        raise store.IndexUnavailable(f"the search index cannot be opened ({error})",
                                     "run `mage index` to rebuild it")


def _candidates(searcher, weights):
    import tantivy

    from mage_engine.recall.build import schema

    known = [t for t in weights.terms if weights.df[t] > 0]
    if not known:
        return []
    schema_ = schema()
    clauses = [(tantivy.Occur.Should, tantivy.Query.boost_query(tantivy.Query.term_query(schema_, field, term), boost))
               for term in known for field, boost in BOOSTS.items()]
    return searcher.search(tantivy.Query.boolean_query(clauses), limit=CANDIDATES).hits


def _hit(searcher, bm25, address, weights) -> Hit:
    doc = searcher.doc(address)
    head, _, rest = doc.get_first("terms").decode("utf-8").partition(" | ")
    return Hit(id=doc.get_first("id"), title=doc.get_first("title"), summary=doc.get_first("summary") or "",
               path=doc.get_first("path"), kind=doc.get_first("kind"), source=doc.get_first("source"),
               score=round(hint_score(weights, set(head.split()), set(rest.split())), 4), bm25=round(bm25, 4))
