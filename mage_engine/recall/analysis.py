"""Text analysis shared by the index and the query, so both see the same terms.

One analyzer, registered in Tantivy as `mage_en` and used from Python on the
prompt: split on anything that is not a letter or digit, drop tokens over 40
characters, lowercase, drop the chatty-English stopwords, English stemming
("failed", "failing", "fails" -> "fail"). `go` stays: it names a language.
"""

from mage_engine.recall.stopwords import STOPWORDS

TOKENIZER = "mage_en"
MAX_QUERY_CHARS = 20_000  # a pasted log longer than this adds noise, not evidence
MAX_QUERY_TERMS = 96

_ANALYZER = None


def analyzer():
    """The shared Tantivy TextAnalyzer (built once per process)."""
    global _ANALYZER
    if _ANALYZER is None:
        import tantivy

        _ANALYZER = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                     .filter(tantivy.Filter.remove_long(40))
                     .filter(tantivy.Filter.lowercase())
                     .filter(tantivy.Filter.custom_stopword(sorted(STOPWORDS)))
                     .filter(tantivy.Filter.stemmer("english"))
                     .build())
    return _ANALYZER


def register(index) -> None:
    """Make `mage_en` known to an opened Index (Tantivy does not persist analyzers)."""
    index.register_tokenizer(TOKENIZER, analyzer())


def terms(text: str) -> list[str]:
    """Analysed terms of `text` in order, repeats kept, one-character tokens dropped."""
    return [term for term in analyzer().analyze(text) if len(term) > 1]


def unique_terms(text: str) -> list[str]:
    """Distinct analysed terms of `text`, first-seen order."""
    return list(dict.fromkeys(terms(text)))


def query_terms(text: str) -> list[str]:
    """Distinct terms of a prompt or query, bounded so a pasted log stays cheap."""
    return unique_terms(text[:MAX_QUERY_CHARS])[:MAX_QUERY_TERMS]
