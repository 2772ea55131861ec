"""The word lists of stopwords.py as analysed terms, the way prompts and notes see them.

`general_terms` (everyday English, weighed a quarter), `software_terms` (the
vocabulary every software project uses, given a background frequency) and
`abbreviation_partners` (cert <-> certif) are built once per process.

Analysing the lists costs each hint hook about 0.5 ms, and even importing
stopwords.py a quarter of that, so `load_saved(kb)` keeps them in
`.mage/state/wordlists.json` with the analyzer's own stopword list (saved_lists.py
reads that copy back, below the analyzer that needs it).
"""

from mage_engine.terms import saved_lists
from mage_engine.terms.analysis import analyzer
from mage_engine.terms.saved_lists import CACHE as _CACHE


def _analysed(words) -> frozenset:
    return frozenset(analyzer().analyze(" ".join(sorted(words))))


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
        from mage_engine.terms.stopwords import ABBREVIATION_PAIRS

        partners = {}
        for short, long in ABBREVIATION_PAIRS:
            a, b = analyzer().analyze(short), analyzer().analyze(long)
            if len(a) == 1 and len(b) == 1 and a != b:  # one term each, not stemmed together already
                partners.setdefault(a[0], set()).add(b[0])
                partners.setdefault(b[0], set()).add(a[0])
        _CACHE["partners"] = {term: frozenset(others) for term, others in partners.items()}
    return _CACHE["partners"]


def load_saved(kb) -> None:
    """Fill this process's lists from the KB's saved copy, or analyse them and save one. Never raises."""
    if "partners" in _CACHE:
        return
    try:
        path = saved_lists.saved_path(kb)
        if not saved_lists.read_saved(path):
            _save(path)
    except Exception:  # a cache: any trouble only costs the analysis it would have saved
        pass


def _save(path: str) -> None:
    from mage_engine.base import fastjson
    from mage_engine.kb.atomic import write_text_atomic

    data = {"source": saved_lists.source(), "general": sorted(general_terms()), "software": sorted(software_terms()),
            "tech": sorted(generic_tech_terms()), "stopwords": saved_lists.stopword_list(),
            "partners": {term: sorted(others) for term, others in sorted(abbreviation_partners().items())}}
    write_text_atomic(path, fastjson.dumps(data, ensure_ascii=False, separators=(",", ":")))
