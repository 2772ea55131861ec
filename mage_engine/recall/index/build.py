"""Writing the Tantivy index: one document per record, full and incremental builds."""

import tantivy

from mage_engine.terms import analysis, cjk
from mage_engine.terms.quotes import MAX_SEQUENCE_TERMS
from mage_engine.recall.index.records import searchable
from mage_engine.recall.index.schema import TEXT_FIELDS, open_index, schema

WRITER_HEAP = 64_000_000


def document(record: dict, body: str):
    """The Tantivy document for one record."""
    fields = searchable(record, body)
    doc = tantivy.Document()
    for name in ("id", "path", "kind", "source"):
        doc.add_text(name, record[name])
    camel = analysis.identifier_parts(fields["all"])  # "all" holds every other field's text
    texts = _parts(fields)
    closed = dict(zip(("title", "tags", "summary", "rest"), map(analysis.joined_compounds, texts)))
    closed["all"] = " ".join(part for part in closed.values() if part)  # each part's compounds, read once
    for name in TEXT_FIELDS:
        doc.add_text(name, fields[name])
        humps = camel if name == "all" or not camel else analysis.identifier_parts(fields[name])
        parts = " ".join(part for part in (humps, closed[name]) if part)
        if parts:  # a second value: the stored title and summary stay as written
            doc.add_text(name, parts)
        pairs = cjk.pairs_text(fields[name])
        if pairs:  # Chinese, Japanese, Korean: the character pairs the tokenizer cannot make itself
            doc.add_text(name, pairs)
    # Each part of "all" analysed once (a third of a rebuild's time went to analysing the text
    # twice): "all" is title, tags, summary and body on lines of their own, and the tokenizer
    # never joins a word across a line, so its terms are the parts' terms one after another.
    # Its distinct terms, with the identifier humps and closed compounds, are what the hint score
    # matches a prompt's terms against; title and summary are what it reads as the note's own words.
    title, tags, summary, rest = (_analysed(text) for text in texts)
    analysed = title + tags + summary + rest
    added = " ".join(part for part in (camel, closed["all"]) if part)
    terms = set(analysed).union(analysis.analyzer().analyze(added) if added else ())
    doc.add_bytes("terms", " ".join(terms).encode("utf-8"))
    about = analysis.kept_terms(title + summary)
    about_parts = " ".join(part for part in (analysis.identifier_parts(f'{fields["title"]}\n{fields["summary"]}'),
                                             closed["title"], closed["summary"]) if part)
    if about_parts:
        about += analysis.terms(about_parts)
    doc.add_bytes("about", " ".join(dict.fromkeys(about)).encode("utf-8"))  # first-seen order
    sequence = analysis.kept_terms(analysed)[:MAX_SEQUENCE_TERMS]  # as analysis.terms(fields["all"])
    doc.add_bytes("seq", " ".join(sequence).encode("utf-8"))  # what a quote of the prompt is looked for in
    return doc


def _parts(fields: dict) -> tuple:
    """The four texts `searchable` joins into "all", one line (or more) each: title, tags, summary, body."""
    title, tags, summary = fields["title"], fields["tags"], fields["summary"]
    rest = fields["all"][len(title) + len(tags) + len(summary) + 3:]
    return title, tags, summary, rest


def _analysed(text: str) -> list:
    return analysis.analyzer().analyze(cjk.spread(text)) if text else []


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
    index = open_index(path)
    writer = index.writer(heap_size=15_000_000, num_threads=1)
    for rel in drop_paths:
        writer.delete_documents_by_term("path", rel)
    for record, body in entries:
        writer.add_document(document(record, body))
    writer.commit()
    writer.wait_merging_threads()
