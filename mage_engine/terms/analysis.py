"""Text analysis shared by the index and the query, so both see the same terms.

One analyzer, registered in Tantivy as `mage_en` and used from Python on the
prompt: split on anything that is not a letter or digit, drop tokens of 64 bytes
or more (`FirebaseRemoteConfigFetchThrottledException` is a word; a SHA-256 is not),
lowercase, drop the chatty-English stopwords, English stemming ("failed", "failing",
"fails" -> "fail"). `go` and `anyhow` stay: they name a language and a Rust crate.
A note's camelCase identifiers are indexed whole and, beside them, by their humps
(`identifier_parts`: `minInstances` -> min, instanc), and its hyphenated compounds
written closed too (`joined_compounds`: `on-call` -> oncall).

A prompt is also read as *units* (`query_units`): each whitespace- or
punctuation-separated word with its terms, so that `int_ride_segments`,
`src/repo/trips.rs` or `parcel-api` count as one thing said, not three, and
identifier-shaped words (CamelCase, snake_case, dotted names, `::` paths) can be
recognised as the specific names they are (see score.py).
"""

from mage_engine.terms import cjk, saved_lists, words

TOKENIZER = "mage_en"
MAX_TOKEN_BYTES = 64  # a token this long is no word (Tantivy's remove_long keeps shorter ones)
MAX_QUERY_CHARS = 20_000  # a pasted log longer than this adds noise, not evidence
MAX_QUERY_TERMS = 96
# The shapes of words (words.py finds them without `re`, which would cost the hint hook 4 ms):
# a word of a prompt is runs of letters, digits and underscores joined by . / - @ or ::
# (words.prompt_words); the tokenizer splits it into pieces of letters and digits
# (words.alnum_pieces); CamelCase humps (`useAsync`, `OOMKilled`: words.has_camel), an inner
# underscore, `::` or a dot between letters (`jwt.exceptions`) make it an identifier
# (words.looks_like_identifier).

_ANALYZER = None


class Unit(tuple):
    """One word of a prompt, a (terms, name, humps, text, names) tuple: its distinct analysed terms;
    `name`, the (offset, term) sequence a note must hold for the word to count as the same
    identifier (empty when the word is not shaped like one); `humps`, the name spelled by its
    CamelCase humps (`PermissionDenied` -> permiss, deni), used when no note holds the whole
    word; `text`, the word as written (what `mage hints --why` shows); and `names`, for the namespace
    of a qualified name (`sync` of `sync.RWMutex`), the terms of the thing it names.
    A plain tuple rather than a NamedTuple: `typing` would cost the hook 2 ms to import."""

    __slots__ = ()

    def __new__(cls, terms: tuple, name: tuple = (), humps: tuple = (), text: str = "", names: tuple = ()):
        return tuple.__new__(cls, (terms, name, humps, text, names))

    terms = property(lambda self: self[0])
    name = property(lambda self: self[1])
    humps = property(lambda self: self[2])
    text = property(lambda self: self[3])
    names = property(lambda self: self[4])  # the namespace's thing: evidence.py asks whether a note holds it


def analyzer():
    """The shared Tantivy TextAnalyzer (built once per process)."""
    global _ANALYZER
    if _ANALYZER is None:
        from mage_engine.base.tantivy_import import tantivy as load_tantivy

        tantivy = load_tantivy()

        _ANALYZER = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                     .filter(tantivy.Filter.remove_long(MAX_TOKEN_BYTES))
                     .filter(tantivy.Filter.lowercase())
                     .filter(tantivy.Filter.custom_stopword(saved_lists.stopword_list()))
                     .filter(tantivy.Filter.stemmer("english"))
                     .build())
    return _ANALYZER


def identifier_parts(text: str) -> str:
    """The humps of the camelCase words in the code of `text` (`minInstances` -> "min Instances"),
    to index beside the text: the tokenizer keeps such a word whole, and a prompt that spells
    it as words ("min instances") should find it too. Code is what notes put in backticks
    (spans and fenced blocks), where their identifiers are; scanning only that keeps a
    rebuild of 10,000 notes fast. Only words that start in lower case, the shape of a
    variable, key or function: a capitalised one is as often a product (`GitLab`, `MySQL`,
    `JavaScript`) whose parts mean something else. snake_case and kebab-case need nothing:
    the tokenizer already splits them."""
    if "`" not in text:
        return ""
    code = " ".join(text.split("`")[1::2])
    if not words.has_camel_hump(code):
        return ""
    return " ".join(" ".join(words.humps(word)) for word in dict.fromkeys(words.lower_camel_words(code)))


def joined_compounds(text: str) -> str:
    """The hyphenated compounds of `text` written closed (`on-call` -> "oncall", `roll-back` ->
    "rollback"), to index beside the text. The tokenizer splits a hyphenated word into its halves,
    and "on" is a stopword, so a note that writes "on-call" held only everyday `call`: a prompt
    saying "on call", "on-call" or "oncall" never found it (the prompt's halves are joined and
    looked up, compounds.py, but nothing held the joined word). A word of two `joinable` halves,
    whatever punctuation stands around it; a part of a longer name (`parcel-api-v2`, `sha-256`) is
    not one. Only the hyphens are visited, the text split at them: a rebuild reads every note, and
    splitting every word of it took twice as long (a regular expression, three times)."""
    pieces = text.split("-")
    last = len(pieces) - 1
    if not last:
        return ""
    joined = {}
    for at in range(last):
        before, after = pieces[at], pieces[at + 1]
        if not before or not after or before[-1].isspace() or after[0].isspace():
            continue  # a bullet, a dash, a flag's "--"
        left, right = before.rsplit(None, 1)[-1], after.split(None, 1)[0]
        if at and len(left) == len(before) or at + 1 < last and len(right) == len(after):
            continue  # the word goes on to another hyphen: a longer name
        left, right = left.lstrip(AROUND_A_WORD), right.rstrip(AROUND_A_WORD)
        if joinable(left, right):
            joined[(left + right).lower()] = None
    return " ".join(joined)


MIN_COMPOUND_LETTERS = 5  # "on-call", never "e-mail" … "re-do"


def joinable(left: str, right: str) -> bool:
    """Whether two words may be one compound written apart: plain words, MIN_COMPOUND_LETTERS or more
    between them. The prompt's side (compounds.py) and the note's (joined_compounds) ask the same."""
    return len(left) + len(right) >= MIN_COMPOUND_LETTERS and words.is_plain_word(left) \
        and words.is_plain_word(right)


AROUND_A_WORD = "`'\"()[]{}<>,.;:!?*_"  # what stands around a word in prose and markdown


def register(index) -> None:
    """Make `mage_en` known to an opened Index (Tantivy does not persist analyzers)."""
    index.register_tokenizer(TOKENIZER, analyzer())


def terms(text: str) -> list[str]:
    """Analysed terms of `text` in order, repeats kept, one-character tokens dropped (but a lone
    Chinese, Japanese or Korean character, which is a word: see cjk.py)."""
    return kept_terms(analyzer().analyze(cjk.spread(text)))


def kept_terms(analysed: list) -> list[str]:
    """`terms` of text already analysed: one-character ASCII tokens dropped."""
    return [term for term in analysed if len(term) > 1 or not term.isascii()]


def unique_terms(text: str) -> list[str]:
    """Distinct analysed terms of `text`, first-seen order."""
    return list(dict.fromkeys(terms(text)))


def query_terms(text: str) -> list[str]:
    """Distinct terms of a prompt or query, bounded so a pasted log stays cheap."""
    return unique_terms(text[:MAX_QUERY_CHARS])[:MAX_QUERY_TERMS]


def prompt_word_list(text: str) -> list:
    """words.prompt_words of the prompt's first MAX_QUERY_CHARS, kept for the last prompt (the
    score's words and the quote's sequence both read them; a long paste takes milliseconds)."""
    text = text[:MAX_QUERY_CHARS]
    if _LAST_WORDS[0] != text:
        _LAST_WORDS[:] = [text, words.prompt_words(text)]
    return _LAST_WORDS[1]


_LAST_WORDS = [None, []]


def query_units(text: str) -> list[Unit]:
    """The distinct words of a prompt that carry terms, in order, bounded like `query_terms`."""
    units, seen, count = [], set(), 0
    for word in dict.fromkeys(prompt_word_list(text)):
        for unit in word_units(word):
            if unit.terms and unit.terms not in seen:
                seen.add(unit.terms)
                units.append(unit)
                count += len(unit.terms)
        if count >= MAX_QUERY_TERMS:
            break
    return units


def word_units(word: str) -> list[Unit]:
    """The Units of one word: one, or two for a qualified name whose last part is an identifier
    (`psycopg.errors.UndefinedColumn` -> `psycopg.errors`, `UndefinedColumn`): the namespace
    and the thing it names, which a note may cite alone (the namespace carries the thing's terms).
    Chinese, Japanese or Korean text is a word per character pair (cjk.py), the rest of the word
    as usual."""
    if cjk.has_cjk(word):
        return [unit for is_cjk, piece in cjk.runs(word)
                for unit in ([_unit(pair) for pair in cjk.bigrams(piece)] if is_cjk else word_units(piece))]
    parts = words.split_qualified(word)
    if len(parts) > 1 and (words.has_camel(parts[-1]) or "_" in parts[-1].strip("_")):
        thing = _unit(parts[-1])
        space = _unit(word[: len(word) - len(parts[-1])].rstrip(".:/@"))
        return [Unit(*space[:4], thing.terms), thing]
    return [_unit(word)]


def _unit(word: str) -> Unit:
    pieces = words.alnum_pieces(word)
    spelled = _phrase(pieces)
    terms = tuple(dict.fromkeys(term for _, term in spelled))
    camel = words.has_camel(word) and not words.is_shift_slip(word) and not words.is_brand(word)
    humps = _humps(word) if camel else ()
    if len(pieces) == 1:
        return Unit(terms, spelled if camel else (), humps, word)
    return Unit(terms, spelled if len(spelled) > 1 and words.looks_like_identifier(word) else (), humps, word)


def _humps(word: str) -> tuple:
    humps = _phrase(words.humps(word))
    return humps if len(humps) > 1 else ()


def _phrase(pieces: list) -> tuple:
    """(offset, term) for each piece that survives analysis: offsets keep the gaps stopwords leave."""
    spelled = []
    for offset, piece in enumerate(pieces):
        spelled += [(offset, term) for term in analyzer().analyze(piece) if len(term) > 1 or not term.isascii()]
    return tuple(spelled)
