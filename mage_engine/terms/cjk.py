"""Chinese, Japanese and Korean text as search terms: overlapping character pairs (bigrams).

These scripts do not put spaces between words (Korean puts them between
phrases that carry their particles), so the tokenizer would keep a whole
sentence as one token, too long to index, and nothing would ever match. As
Lucene's CJK analyzer does, every run of CJK characters becomes the pairs of
neighbouring characters ("数据库连接" -> 数据 据库 库连 连接; a lone character
stays itself). A pair is a word of its own for the hint score, so a prompt
that repeats a note's short title holds all of its pairs. Text without a
character from these scripts is returned untouched, at the cost of one
`isascii` check.
"""

# Hiragana, Katakana, CJK ideographs (with extension A and compatibility), Hangul syllables and jamo,
# halfwidth Katakana: the blocks whose text has no spaces between words.
_RANGES = ((0x1100, 0x11FF), (0x3040, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0x3400, 0x4DBF),
           (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0xFF66, 0xFF9F),
           (0x20000, 0x2FA1F))


def is_cjk(char: str) -> bool:
    """Whether one character is of a script written without spaces between words."""
    code = ord(char)
    return code >= 0x1100 and any(low <= code <= high for low, high in _RANGES)


def has_cjk(text: str) -> bool:
    """Whether `text` holds any such character (the checks that run in C come first: most text
    is ASCII, or holds only a dash or a quote beyond it)."""
    if text.isascii() or max(text) < "\u1100":
        return False
    return any(is_cjk(char) for char in set(text) if char >= "\u1100")


def runs(text: str) -> list:
    """(is_cjk, piece) for the maximal runs of CJK and other characters of `text`, in order."""
    found, start = [], 0
    for i in range(1, len(text) + 1):
        if i == len(text) or is_cjk(text[i]) != is_cjk(text[start]):
            found.append((is_cjk(text[start]), text[start:i]))
            start = i
    return found


def bigrams(run: str) -> list:
    """The overlapping pairs of a run of CJK characters (a lone character stays itself)."""
    return [run] if len(run) < 2 else [run[i:i + 2] for i in range(len(run) - 1)]


def pairs_text(text: str) -> str:
    """Only the CJK pairs of `text`, space-separated ('' when it has none): indexed beside the text."""
    if not has_cjk(text):
        return ""
    return " ".join(pair for cjk, piece in runs(text) if cjk for pair in bigrams(piece))


def spread(text: str) -> str:
    """`text` with each CJK run replaced by its pairs, so the tokenizer sees them as words."""
    if not has_cjk(text):
        return text
    return " ".join(" ".join(bigrams(piece)) if cjk else piece for cjk, piece in runs(text))
