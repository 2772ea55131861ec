"""Searching the index: BM25 finds candidates, the hint score ranks and filters them.

`search(kb, query)` is what `mage recall`, the hint hook and the TUI call.
The query is read as words (analysis.query_units); BM25 over their terms
(title and tags boosted) picks up to `CANDIDATES` notes; each then gets the
normalised 0..1 score of `score.py`, which orders the results.
"""

from mage_engine.base.plainrecord import PlainRecord
from mage_engine.terms import analysis, wordlists
from mage_engine.recall.index import store
from mage_engine.recall.search.score import GENERAL_WEIGHT, QueryWeights, general_terms

# BM25 picks, the hint score ranks: among 10,000 notes, 16 picks left out a note that held the
# prompt's words only in its body (0.15 ms a prompt for 8 more)
CANDIDATES = 24
BOOSTS = {"title": 2.0, "tags": 1.5, "summary": 1.0, "all": 1.0}


class Hit(PlainRecord):
    """One search result: the note (or skill) and how well it matches.

    A PlainRecord rather than a dataclass: the hint hook makes these, and
    `dataclasses` would cost it about 6 ms to import. `to_dict()` is what
    `mage recall --json` prints.
    """

    FIELDS = ("id", "title", "summary", "path", "kind", "source", "score", "bm25")

    def __init__(self, id: str, title: str, summary: str, path: str, kind: str, source: str, score: float,
                 bm25: float):
        self.id, self.title, self.summary, self.path = id, title, summary, path
        self.kind, self.source, self.score, self.bm25 = kind, source, score, bm25


def search(kb, query: str, limit: int = 10, fresh: bool = True, scan_budget_ms=None,
           repair: bool = False) -> list[Hit]:
    """The best `limit` hits for `query`, best first (score, then BM25, then id).

    `fresh` first brings the index up to date (see index.ensure_fresh);
    `repair` rebuilds an index that cannot be read and searches again.
    Raises store.IndexUnavailable when there is no usable index.
    """
    return run_query(kb, query, limit, fresh, scan_budget_ms, repair)[0]


def run_query(kb, query: str, limit: int = 10, fresh: bool = True, scan_budget_ms=None, repair: bool = False,
              everyday=frozenset()):
    """(hits, QueryWeights or None): `search` plus the prompt's term weights; `everyday`
    holds this project's everyday terms (everyday.py), which weigh like plain English."""
    wordlists.load_saved(kb)  # first: the analyzer takes its stopwords from the saved lists
    units = analysis.query_units(query)
    if not units:
        return [], None
    try:
        checked = None
        if fresh:
            from mage_engine.recall.index.lifecycle import fresh_stamp

            checked = fresh_stamp(kb, scan_budget_ms=scan_budget_ms)[1]
        return _ranked(open_searcher(kb, copy_if_read_only=scan_budget_ms is None, checked=checked), units, limit,
                       everyday, analysis.prompt_word_list(query))
    except BaseException as error:
        if not (repair and store.is_index_failure(error)):
            raise
        from mage_engine.recall.index.lifecycle import rebuild_index

        rebuild_index(kb)  # a corrupt or half-written index: rebuild from the notes
        return _ranked(open_searcher(kb), units, limit, everyday, analysis.prompt_word_list(query))


def _ranked(searcher, units, limit, everyday=frozenset(), word_list=()):
    terms = list(dict.fromkeys(t for unit in units for t in unit.terms))
    weights = QueryWeights.measure(searcher, terms, units, everyday, word_list)
    found = _candidates(searcher, weights, max(limit, CANDIDATES))
    hits = [_hit(searcher, bm25, address, weights) for bm25, address in found]
    hits.sort(key=lambda h: (-h.score, -h.bm25, h.id))
    return hits[:limit], weights


def candidate_ids(kb, query: str, limit: int = 8) -> list[str]:
    """Ids of the notes (not skills) that best match `query`: grooming's nearest-note candidates."""
    return [hit.id for hit in search(kb, query, limit=limit + 4) if hit.source == "note"][:limit]


def open_searcher(kb, copy_if_read_only: bool = True, checked=None):
    """A searcher on the current index generation (re-read once if a rebuild swapped it meanwhile).

    On a read-only KB the index is searched in a private copy, except from a hook
    (`copy_if_read_only=False`), which leaves without cleaning up and skips the hint instead.
    `checked`: the stamp the freshness check just read and checked (lifecycle.fresh_stamp), used as is.
    """
    from mage_engine.recall.index.schema import open_index

    stamp = checked or store.read_stamp(kb)
    for attempt in (1, 2):
        if stamp is None:
            raise store.IndexUnavailable("no search index yet", "run `mage index`")
        try:
            if stamp is not checked and not store.generation_ok(kb, stamp):
                raise ValueError("its folder is gone, or holds a link or a special file")
            return _searcher(open_index, store.generation_path(kb, stamp), copy_if_read_only)
        except ValueError as error:
            swapped = store.read_stamp(kb)
            if attempt == 2 or swapped is None or swapped["generation"] == stamp["generation"]:
                raise store.IndexUnavailable(f"the search index cannot be opened ({error})",
                                             "run `mage index` to rebuild it")
            stamp = swapped


def _searcher(open_index, path: str, copy_if_read_only: bool):
    """A searcher on the index at `path`; on a read-only KB (Tantivy's reader must create a lock
    file) one on a private copy, so `mage recall` works where nothing may be written."""
    try:
        return open_index(path).searcher()
    except ValueError as error:
        if "Lockfile" not in str(error) or not copy_if_read_only:
            raise
        return open_index(store.private_copy(path)).searcher()


def _candidates(searcher, weights, count: int):
    """BM25 over the known terms, title and tags boosted, everyday words damped as in the score."""
    from mage_engine.base.tantivy_import import tantivy as load_tantivy

    tantivy = load_tantivy()

    from mage_engine.recall.index.schema import schema

    known = [t for t in weights.terms if weights.df[t] > 0]
    known = list(dict.fromkeys([*known, *(p for t in known for p in sorted(weights.partners.get(t, ())))]))
    if not known:
        return []
    schema_, general = schema(), general_terms()
    clauses = [(tantivy.Occur.Should,
                tantivy.Query.boost_query(tantivy.Query.term_query(schema_, field, term),
                                          boost * (GENERAL_WEIGHT if term in general else 1.0)))
               for term in known for field, boost in BOOSTS.items()]
    return searcher.search(tantivy.Query.boolean_query(clauses), limit=count).hits


def _hit(searcher, bm25, address, weights) -> Hit:
    doc = searcher.doc(address)
    note_terms = set(doc.get_first("terms").decode("utf-8").split())
    about = set(doc.get_first("about").decode("utf-8").split())  # title and summary terms, analysed at indexing
    matches = weights.matches(note_terms, address, about)
    hit = Hit(id=doc.get_first("id"), title=doc.get_first("title"), summary=doc.get_first("summary") or "",
              path=doc.get_first("path"), kind=doc.get_first("kind"), source=doc.get_first("source"),
              score=round(weights.share(sum(units for _, units, _ in matches)), 4), bm25=round(bm25, 4))
    hit.matches = matches  # the evidence behind the score, word by word (not part of the record)
    hit.note_terms = note_terms  # its distinct terms: whether it could quote the prompt (decide.py)
    hit.sequence = doc.get_first("seq")  # its terms in order, read only to look for a quote (quotes.py)
    return hit
