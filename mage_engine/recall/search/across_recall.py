"""`mage recall`'s hits over the project and the KBs read beside it, each hit labelled."""

from mage_engine.recall.search.across import PROJECT, search_across


def recall_hits(kb, config, query: str, limit: int, warnings: list | None = None) -> list:
    """The best `limit` hits of `kb` and its other KBs; another KB's hit has its file's full path.
    An unreadable other KB is left out, with a line in `warnings`."""
    from mage_engine.kbs.attached import others

    attached = others(kb, config)
    hits, left_out = search_across(kb, attached, query, limit=limit, repair=True)
    tops = {other.label: other.kb for other in attached}
    from mage_engine.kbs.personal import LABEL, personal_kb

    own = LABEL if personal_kb() == kb else PROJECT  # `mage recall --personal`: its own hits are the personal KB's
    for hit in hits:
        hit.elsewhere = hit.kb != PROJECT  # another KB's: its usage is not this KB's to count
        if hit.elsewhere:
            hit.path = tops[hit.kb].at(hit.path)
        else:
            hit.kb = own
    if warnings is not None:
        warnings.extend(left_out)
    return hits
