"""Abbreviation partners a prompt's terms have in the notes (`cert` in a prompt, `certif` in a note).

terms/wordlists.py knows the pairs; this asks the index which of them some note holds.
"""

from mage_engine.terms.wordlists import abbreviation_partners


def held_partners(searcher, terms: list, df: dict, spellings=None) -> dict:
    """term -> the partners of `terms` that some note holds, with the other spellings already found
    held (`spellings`: one slip away, slips.py; a compound written apart, compounds.py). For each
    such term, `df` becomes the number of notes that hold it or a partner (one counting query; most
    prompts have none)."""
    from mage_engine.base.tantivy_import import tantivy as load_tantivy

    tantivy = load_tantivy()

    from mage_engine.recall.index.schema import schema

    held = {}
    for term in terms:
        partners = sorted(p for p in abbreviation_partners().get(term, ()) if searcher.doc_freq("all", p))
        partners += sorted((spellings or {}).get(term, ()))
        if partners:
            held[term] = frozenset(partners)
            either = [(tantivy.Occur.Should, tantivy.Query.term_query(schema(), "all", t)) for t in [term, *partners]]
            df[term] = searcher.search(tantivy.Query.boolean_query(either), limit=1, count=True).count
    return held
