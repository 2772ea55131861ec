"""The index schema, and opening an index: the light half of Tantivy use (no note parsing).

Fields: `title`, `summary`, `tags` and `all` (title, tags, summary and body
together) are analysed with `mage_en`; `id`, `path`, `kind` and `source` are
exact. Stored: id, path, title, summary, kind, source, `terms` (the note's
distinct analysed terms), `about` (those of its title and summary) and `seq`
(its terms in order, for quotes.py), so a search never opens a note file, parses
YAML or analyses a note's text.
"""

from mage_engine.terms import analysis

TEXT_FIELDS = ("title", "summary", "tags", "all")
_SCHEMA = None


def schema():
    """The index schema (Tantivy only persists it, not the analyzer: see analysis.register)."""
    global _SCHEMA
    if _SCHEMA is not None:
        return _SCHEMA
    from mage_engine.base.tantivy_import import tantivy as load_tantivy

    tantivy = load_tantivy()

    builder = tantivy.SchemaBuilder()
    for name in ("id", "path", "kind", "source"):
        builder.add_text_field(name, stored=True, tokenizer_name="raw")
    for name in TEXT_FIELDS:
        builder.add_text_field(name, stored=name in ("title", "summary"), tokenizer_name=analysis.TOKENIZER)
    builder.add_bytes_field("terms", stored=True, indexed=False)
    builder.add_bytes_field("about", stored=True, indexed=False)
    builder.add_bytes_field("seq", stored=True, indexed=False)
    _SCHEMA = builder.build()
    return _SCHEMA


def open_index(path: str):
    """An opened, analyzer-registered Index at `path` (raises ValueError if unreadable)."""
    from mage_engine.base.tantivy_import import tantivy as load_tantivy

    tantivy = load_tantivy()

    index = tantivy.Index.open(path)
    analysis.register(index)
    return index
