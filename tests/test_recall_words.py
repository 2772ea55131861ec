"""terms/words.py finds exactly what the regular expressions it replaces find.

The hint hook reads prompts without `re` (4 ms to import); these tests hold each
function to its pattern on the evaluation prompts and notes, on random strings
built from the characters that matter (letters of several scripts, digits of
other scripts, `_ : . / @ -`, backticks, whitespace), and, for the character
class underneath, on every Unicode code point.
"""

import random
import re
import sys
from pathlib import Path

import pytest

from mage_engine.terms import words

FIXTURES = Path(__file__).parent / "fixtures"
PATTERNS = {
    "prompt_words": lambda text: re.findall(r"\w+(?:(?:::|[./@\\-])\w+)*", text),
    "plain_words": lambda text: re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*", text),
    "alnum_pieces": lambda text: re.findall(r"[^\W_]+", text),
    "split_qualified": lambda text: re.split(r"::|[./@\\]", text),
    "has_camel": lambda text: bool(re.search(r"[a-z][A-Z]|[A-Z]{2}[a-z]{2}", text)),
    "looks_like_identifier": lambda text: bool(
        re.search(r"[a-z][A-Z]|[A-Z]{2}[a-z]{2}|[^\W_]_[^\W_]|::|[A-Za-z]\.[A-Za-z]", text)),
    "humps": lambda text: re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", text),
    "has_camel_hump": lambda text: bool(re.search(r"[a-z][A-Z]", text)),
    "lower_camel_words": lambda text: re.findall(r"(?<![A-Za-z0-9])[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*", text),
}
PIECES = list("aAbBkKzZ09_:./@-` \n\t") + ["é", "É", "ß", "ǅ", "İ", "K", "٣", "²", "Ⅻ", "中", "𝔘", "😀", "::",
                                                   "HTTP", "Server", "x1Y", "minInstances", "jwt.", "__"]


def _random_texts(count: int, seed: int) -> list:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 24))) for _ in range(count)]


def _real_texts() -> list:
    texts = [path.read_text(encoding="utf-8") for path in sorted(FIXTURES.glob("recall*/**/*.md"))]
    texts += [path.read_text(encoding="utf-8") for path in sorted(FIXTURES.glob("recall*/*.json*"))]
    return texts


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_each_function_finds_what_its_pattern_finds(name):
    pattern, function = PATTERNS[name], getattr(words, name)
    texts = _real_texts() + _random_texts(20_000, seed=len(name))
    assert len(texts) > 20_040
    mismatches = [(text, pattern(text), function(text)) for text in texts if pattern(text) != function(text)]
    assert mismatches == []


def test_word_characters_are_what_re_calls_word_characters():
    word, piece = re.compile(r"\w"), re.compile(r"[^\W_]")
    differ = [hex(code) for code in range(sys.maxunicode + 1)
              if bool(word.match(chr(code))) != words._is_word(chr(code))
              or bool(piece.match(chr(code))) != chr(code).isalnum()]
    assert differ == []


def test_prompt_words_keep_qualified_names_whole():
    prompt = "why does psycopg.errors.UndefinedColumn hit src/repo/trips.rs, parcel-api and std::fs::read?"
    assert words.prompt_words(prompt) == ["why", "does", "psycopg.errors.UndefinedColumn", "hit", "src/repo/trips.rs",
                                          "parcel-api", "and", "std::fs::read"]
    assert words.humps("HTTPServerError404") == ["HTTP", "Server", "Error", "404"]
