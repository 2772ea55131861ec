"""`mage recall --logs`: search the daily logs, entry by entry, with the notes' own analysis and BM25.

The logs are kept apart from the notes' search index on purpose: the hint
hook searches that index, and a raw log must never become a hint. Logs are
small (a few hundred words a session), so each search indexes them afresh in
memory, as documents of the notes' schema (recall/index/build.py): stemming,
identifiers and Chinese, Japanese and Korean text are matched as in `mage recall`.
"""

from mage_engine.logs.daily_file import LOGS_DIR, log_days, read_day, split_entries

BOOSTS = {"title": 2.0, "all": 1.0}
MEMORY_HEAP = 15_000_000


def log_entries(kb) -> list[dict]:
    """Every entry of every log file: day, session (or None), title, text, path."""
    found = []
    for day in log_days(kb):
        _, entries = split_entries(read_day(kb, day))
        for stem, text in entries:
            title = text.split("\n", 1)[0].lstrip("#").strip()
            found.append({"day": day, "session": stem, "title": title, "text": text,
                          "path": f"{LOGS_DIR}/{day}.md"})
    return found


def search_logs(kb, query: str, limit: int = 10) -> list[dict]:
    """The best entries for `query`, best first; each with a 0..1 score (its share of the best)."""
    from mage_engine.terms import analysis, wordlists

    wordlists.load_saved(kb)  # the analyzer takes its stopwords from the saved lists
    entries, terms = log_entries(kb), analysis.query_terms(query)
    if not entries or not terms:
        return []
    found = _ranked(_memory_index(entries), terms, limit)
    best = found[0][0] if found else 1.0
    return [{"id": _id(entries[n]), "title": entries[n]["title"], "summary": _summary(entries[n]["text"]),
             "path": entries[n]["path"], "score": round(score / best, 3), "source": "log"}
            for score, n in found]


def _memory_index(entries: list):
    from mage_engine.base.tantivy_import import tantivy as load_tantivy

    tantivy = load_tantivy()

    from mage_engine.recall.index.build import document
    from mage_engine.recall.index.schema import schema
    from mage_engine.terms import analysis

    index = tantivy.Index(schema())  # in memory: nothing is written under .mage/index/
    analysis.register(index)
    writer = index.writer(heap_size=MEMORY_HEAP, num_threads=1)
    for n, entry in enumerate(entries):
        record = {"id": str(n), "path": entry["path"], "kind": "log", "source": "log", "title": entry["title"],
                  "summary": "", "tags": []}
        writer.add_document(document(record, entry["text"]))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    return index


def _ranked(index, terms: list, limit: int) -> list:
    """(BM25 score, entry number) of the best entries, best first (ties: the earlier entry)."""
    from mage_engine.base.tantivy_import import tantivy as load_tantivy

    tantivy = load_tantivy()

    schema = index.schema
    clauses = [(tantivy.Occur.Should, tantivy.Query.boost_query(tantivy.Query.term_query(schema, field, term), boost))
               for term in terms for field, boost in BOOSTS.items()]
    searcher = index.searcher()
    hits = searcher.search(tantivy.Query.boolean_query(clauses), limit=limit).hits
    found = [(score, int(searcher.doc(address)["id"][0])) for score, address in hits]
    return sorted(found, key=lambda item: (-item[0], item[1]))


def _id(entry: dict) -> str:
    return f"{entry['day']}#{entry['session'] or 'hand'}"


def _summary(text: str) -> str:
    body = [line for line in text.splitlines()[1:] if line.strip() and not line.startswith("<!--")]
    return " ".join(" ".join(body).split())[:200]
