"""Regular expressions the scrub compiles only when a text needs them, and patterns built from word lists.

The scrub runs in every hook process, where importing `re` alone costs
milliseconds: a `LazyPattern` compiles (and imports `re`) on first use, and
`any_of` writes a pattern source without importing anything.
"""



class LazyPattern:
    """A regular expression compiled the first time one of its `re.Pattern` methods is used.

    `search`, `match`, `finditer`, … are looked up on the compiled pattern and kept
    on the instance, so later calls go straight to `re` with no wrapper in between.
    `source` may be a function returning the source, for a pattern built from data
    (a trie of words): then even building it waits for the first use.
    """

    def __init__(self, source: str, flags: int = 0):
        self.source, self.flags, self._compiled = source, flags, None

    @property
    def is_compiled(self) -> bool:
        """Whether some text has already needed this pattern."""
        return self._compiled is not None

    def compiled(self) -> "re.Pattern":
        """The compiled pattern, compiling it now if this is the first use."""
        if self._compiled is None:
            import re  # here, not at the top: a hook whose texts hold no keyword never loads `re`

            if callable(self.source):
                self.source = self.source()
            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def __getattr__(self, name: str):
        if name.startswith("_"):  # private names and the probes of copy or pickle never compile
            raise AttributeError(name)
        method = getattr(self.compiled(), name)
        setattr(self, name, method)
        return method


_SPECIAL = frozenset("\\.^$*+?{}[]|()-#&~ ")


def any_of(words) -> str:
    """A pattern source matching any of `words`, as a trie (`ab(?:c|d)`): the engine then tries one
    branch per character, not one per word. Building it imports nothing."""
    tree = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def source(node) -> str:
        branches = [("\\" + char if char in _SPECIAL else char) + source(child)
                    for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return source(tree)
