"""The vendor table as dicts, built on first use: prefixes to formats, keywords to families.

The table modules are imported by `index()`, not here: every hook imports the
scrub, and only a text holding a candidate token needs the table.
"""

from mage_engine.scrub.families import Family
from mage_engine.scrub.patterns import LazyPattern, any_of


def all_families() -> list:
    """Every family of every module, in table order."""
    from mage_engine.scrub.families import ai, cloud, commerce, dev, messaging, observability, saas  # the hook path

    return [family for module in (dev, cloud, ai, messaging, commerce, observability, saas)
            for family in module.FAMILIES]


class Index:
    """The table as dicts: prefixes (lowercased) to formats, keywords to families, by length."""

    def __init__(self, families: list, vendor_names: tuple):
        self.prefixes, self.keywords, self.infixes = {}, {}, []
        for family in families:
            for item in family.formats:
                if item.infix:
                    self.infixes.append(item)
                else:
                    self.prefixes.setdefault(item.prefix.lower(), []).append(item)
            for word in family.keywords:
                self.keywords.setdefault(word, []).append(family)
        generic = Family("api-key")
        for name in vendor_names:
            self.keywords.setdefault(name, [generic])
        self.heads = {}  # the first two letters of a prefix -> (prefix, formats), longest prefix first
        for prefix in sorted(self.prefixes, key=len, reverse=True):
            self.heads.setdefault(prefix[:2], []).append((prefix, self.prefixes[prefix]))
        self.trigrams = {}  # the first three letters of a keyword -> its keywords, longest first
        for word in sorted(self.keywords, key=len, reverse=True):
            self.trigrams.setdefault(word[:3], []).append(word)
        self._keyword_pattern = None

    def keyword_pattern(self):
        """One pattern finding, at every offset, the longest keyword starting there (for long texts)."""
        if self._keyword_pattern is None:
            self._keyword_pattern = LazyPattern("(?=(" + any_of(sorted(self.keywords)) + "))")
        return self._keyword_pattern


_INDEX = []


def index() -> Index:
    """The index, built on first use (a hook whose texts hold no candidate token never builds it)."""
    if not _INDEX:
        from mage_engine.scrub.families.vendor_names import VENDOR_NAMES  # the hook path: see the module doc

        _INDEX.append(Index(all_families(), VENDOR_NAMES))
    return _INDEX[0]
