"""`mage recall` over several KBs: each searched through its own Tantivy index, the hits merged.

The hint score (recall/search/score.py) is a share, 0..1, of what the query says, each
KB measuring the query against its own notes inside the same background of
10,000 notes: a note's score does not depend on which other KBs are read
beside it, so one floor (`hint.min_score`) means the same in each. Hits are
merged by score; on a tie the project's note comes first. Each hit carries its
KB's label in `kb` ("project" for the project's own).
"""

PROJECT = "project"


def search_across(kb, others: list, query: str, limit: int = 10, repair: bool = True) -> tuple:
    """(hits best first, warnings): the project's hits and each other KB's, labelled.

    An other KB whose index cannot be read is left out with a warning: the project's
    hits still come (its own failure raises, as `mage recall` on one KB does)."""
    from mage_engine.recall.index import store
    from mage_engine.recall.search.bm25 import search

    ranked = [(0, hit) for hit in _labelled(search(kb, query, limit=limit, repair=repair), PROJECT)]
    warnings = []
    for order, other in enumerate(others, start=1):
        try:
            found = search(other.kb, query, limit=limit, repair=repair)
        except BaseException as error:
            if not store.is_index_failure(error):
                raise
            warnings.append(f"the {other.label} KB at {other.kb.top} was not searched ({error})")
            continue
        ranked.extend((order, hit) for hit in _labelled(found, other.label))
    return [hit for _, hit in merged(ranked)][:limit], warnings


def merged(ranked: list) -> list:
    """(KB order, hit) pairs best first: score, then the KB's order (the project first), then BM25 and id."""
    return sorted(ranked, key=lambda pair: (-pair[1].score, pair[0], -pair[1].bm25, pair[1].id))


def _labelled(hits: list, label: str) -> list:
    for hit in hits:
        hit.kb = label
    return hits


def qualified(hit) -> str:
    """The id a ledger or a session's context keeps: `personal:<id>` for another KB's note."""
    label = getattr(hit, "kb", PROJECT)
    return hit.id if label == PROJECT else f"{label}:{hit.id}"


def hit_dict(hit) -> dict:
    """`mage recall --json`'s record of a hit, with the KB it came from."""
    return {**hit.to_dict(), "kb": getattr(hit, "kb", PROJECT)}
