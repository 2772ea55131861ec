"""The word lists of stopwords.py as analysed terms, the way prompts and notes see them.

`general_terms` (everyday English, weighed a quarter), `software_terms` (the
vocabulary every software project uses, given a background frequency) and
`abbreviation_partners` (cert <-> certif) are built once per process;
`held_partners` finds which partners of a prompt's terms the notes hold.

Analysing the lists costs each hint hook about 0.5 ms, and even importing
stopwords.py a quarter of that, so `load_saved(kb)` keeps them in
`.mage/state/wordlists.json` with the analyzer's own stopword list, tagged with
the index schema and the size and mtime of stopwords.py: editing the lists, or
an analyzer change (which bumps the schema), makes the next search analyse them
afresh, and a hook with a valid copy never imports stopwords.py.
"""

import os

SAVED_FILE = "wordlists.json"  # in .mage/state/
_CACHE = {}


def _analysed(words) -> frozenset:
    from mage_engine.terms.analysis import analyzer

    return frozenset(analyzer().analyze(" ".join(sorted(words))))


def stopword_list() -> list:
    """The words the analyzer drops (stopwords.STOPWORDS), sorted."""
    if "stopwords" not in _CACHE:
        from mage_engine.terms.stopwords import STOPWORDS

        _CACHE["stopwords"] = sorted(STOPWORDS)
    return _CACHE["stopwords"]


def general_terms() -> frozenset:
    """The everyday words (stopwords.GENERAL), stemmed."""
    if "general" not in _CACHE:
        from mage_engine.terms.stopwords import GENERAL_WORDS

        _CACHE["general"] = _analysed(GENERAL_WORDS)
    return _CACHE["general"]


def software_terms() -> frozenset:
    """The everyday software words (stopwords.SOFTWARE), stemmed."""
    if "software" not in _CACHE:
        from mage_engine.terms.stopwords import SOFTWARE_WORDS

        _CACHE["software"] = _analysed(SOFTWARE_WORDS)
    return _CACHE["software"]


def generic_tech_terms() -> frozenset:
    """The technologies every team names (stopwords.GENERIC_TECH), stemmed."""
    if "tech" not in _CACHE:
        from mage_engine.terms.stopwords import GENERIC_TECH_WORDS

        _CACHE["tech"] = _analysed(GENERIC_TECH_WORDS)
    return _CACHE["tech"]


def abbreviation_partners() -> dict:
    """term -> frozenset of terms it abbreviates or is abbreviated by (`cert` <-> `certif`)."""
    if "partners" not in _CACHE:
        from mage_engine.terms.analysis import analyzer
        from mage_engine.terms.stopwords import ABBREVIATION_PAIRS

        partners = {}
        for short, long in ABBREVIATION_PAIRS:
            a, b = analyzer().analyze(short), analyzer().analyze(long)
            if len(a) == 1 and len(b) == 1 and a != b:  # one term each, not stemmed together already
                partners.setdefault(a[0], set()).add(b[0])
                partners.setdefault(b[0], set()).add(a[0])
        _CACHE["partners"] = {term: frozenset(others) for term, others in partners.items()}
    return _CACHE["partners"]


def held_partners(searcher, terms: list, df: dict) -> dict:
    """term -> the partners of `terms` that some note holds. For each such term, `df` becomes
    the number of notes that hold it or a partner (one counting query; most prompts have none)."""
    import tantivy

    from mage_engine.recall.index.schema import schema

    held = {}
    for term in terms:
        partners = sorted(p for p in abbreviation_partners().get(term, ()) if searcher.doc_freq("all", p))
        if partners:
            held[term] = frozenset(partners)
            either = [(tantivy.Occur.Should, tantivy.Query.term_query(schema(), "all", t)) for t in [term, *partners]]
            df[term] = searcher.search(tantivy.Query.boolean_query(either), limit=1, count=True).count
    return held


def load_saved(kb) -> None:
    """Fill this process's lists from the KB's saved copy, or analyse them and save one. Never raises."""
    if "partners" in _CACHE:
        return
    try:
        from mage_engine.kb.layout import STATE_DIR

        path = kb.at(STATE_DIR, SAVED_FILE)
        if not _read_saved(path):
            _save(path)
    except Exception:  # a cache: any trouble only costs the analysis it would have saved
        pass


def _source() -> list:
    """What the saved lists depend on: the index schema (the analyzer's version) and stopwords.py,
    by size and modification time (a stat, where reading the words would mean importing them)."""
    from mage_engine.recall.index.store import SCHEMA_VERSION

    stat = os.stat(os.path.join(os.path.dirname(os.path.abspath(__file__)), "stopwords.py"))
    return [SCHEMA_VERSION, stat.st_size, stat.st_mtime_ns]


def _read_saved(path: str) -> bool:
    from mage_engine.kb.jsonfiles import read_object

    saved = read_object(path)
    try:
        if saved is None or saved["source"] != _source():
            return False
        _CACHE["general"], _CACHE["software"] = frozenset(saved["general"]), frozenset(saved["software"])
        _CACHE["tech"], _CACHE["stopwords"] = frozenset(saved["tech"]), list(saved["stopwords"])
        _CACHE["partners"] = {term: frozenset(others) for term, others in saved["partners"].items()}
        return True
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return False


def _save(path: str) -> None:
    from mage_engine.base import fastjson
    from mage_engine.kb.atomic import write_text_atomic

    data = {"source": _source(), "general": sorted(general_terms()), "software": sorted(software_terms()),
            "tech": sorted(generic_tech_terms()), "stopwords": stopword_list(),
            "partners": {term: sorted(others) for term, others in sorted(abbreviation_partners().items())}}
    write_text_atomic(path, fastjson.dumps(data, ensure_ascii=False, separators=(",", ":")))
