"""Writing the Tantivy index: the schema, one document per record, full and
incremental builds.

Fields: `title`, `summary`, `tags` and `all` (title, tags, kind, category,
summary and body together) are analysed with `mage_en`; `id`, `path`, `kind`
and `source` are exact. Stored: id, path, title, summary, kind, source and
`terms` (the note's distinct analysed terms, head then body), so a search
never opens a note file or parses YAML.
"""

import tantivy

from mage_engine.recall import analysis
from mage_engine.recall.records import searchable, term_sets

WRITER_HEAP = 64_000_000
TEXT_FIELDS = ("title", "summary", "tags", "all")


def schema():
    """The index schema (Tantivy only persists it, not the analyzer: see analysis.register)."""
    builder = tantivy.SchemaBuilder()
    for name in ("id", "path", "kind", "source"):
        builder.add_text_field(name, stored=True, tokenizer_name="raw")
    for name in TEXT_FIELDS:
        builder.add_text_field(name, stored=name in ("title", "summary"), tokenizer_name=analysis.TOKENIZER)
    builder.add_bytes_field("terms", stored=True, indexed=False)
    return builder.build()


def document(record: dict, body: str):
    """The Tantivy document for one record."""
    fields = searchable(record, body)
    doc = tantivy.Document()
    for name in ("id", "path", "kind", "source"):
        doc.add_text(name, record[name])
    for name in TEXT_FIELDS:
        doc.add_text(name, fields[name])
    head, rest = term_sets(fields)
    doc.add_bytes("terms", (" ".join(head) + " | " + " ".join(rest)).encode("utf-8"))
    return doc


def create(path: str, entries, progress=None) -> int:
    """Build a new index at `path` from (record, body) pairs; returns the document count."""
    index = tantivy.Index(schema(), path=path, reuse=False)
    analysis.register(index)
    writer = index.writer(heap_size=WRITER_HEAP, num_threads=1)
    count = 0
    for record, body in entries:
        writer.add_document(document(record, body))
        count += 1
        if progress and count % 500 == 0:
            progress(count)
    writer.commit()
    writer.wait_merging_threads()
    return count


def update(path: str, drop_paths, entries) -> None:
    """Apply a small change in place: drop documents by path, add the new ones, commit."""
    index = tantivy.Index.open(path)
    analysis.register(index)
    writer = index.writer(heap_size=15_000_000, num_threads=1)
    for rel in drop_paths:
        writer.delete_documents_by_term("path", rel)
    for record, body in entries:
        writer.add_document(document(record, body))
    writer.commit()
    writer.wait_merging_threads()


def open_index(path: str):
    """An opened, analyzer-registered Index at `path` (raises ValueError if unreadable)."""
    index = tantivy.Index.open(path)
    analysis.register(index)
    return index
