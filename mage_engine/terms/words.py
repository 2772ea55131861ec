"""The word shapes that recall reads in prompts and notes, found without `re`.

Each function returns exactly what the regular expression in its docstring
returns (tests/test_recall_words.py checks them against `re` on real and
random text). They exist because importing `re` costs the hint hook about
4 ms, a fifth of its whole run, for a handful of short scans: a prompt's
words, a word's pieces and humps, the camelCase names in a note's code.
Character classes keep `re`'s meaning: `\\w` is `str.isalnum()` or `_`, and
`[a-z]`, `[A-Z]`, `[0-9]` are ASCII only.
"""

_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
# Products every developer types in CamelCase: the platform or tool a prompt runs on, not a
# name in the team's code ("MacOS login", "PowerShell as the shell"), however few notes spell it.
BRANDS = frozenset("""
macos ios ipados iphone ipad macbook airpods powershell yubikey github gitlab bitbucket javascript typescript
youtube linkedin wordpress onedrive sharepoint powerpoint onenote devops openai chatgpt vscode intellij pycharm
webstorm jetbrains nodejs wifi homebrew dropbox virtualbox libreoffice freebsd openbsd
""".split())
_DIGITS = frozenset("0123456789")
_ALNUM = _LOWER | _UPPER | _DIGITS
_PLAIN = _ALNUM | {"_", "-"}
# bytes.translate table: ASCII letters and digits stay, every other byte becomes a space
_ALNUM_ONLY = bytes(b if chr(b) in _ALNUM else 32 for b in range(256))


def prompt_words(text: str) -> list:
    """`re.findall(r"\\w+(?:(?:::|[./@\\\\-])\\w+)*", text)`: words, with `::`, `.`, `/`, `\\`,
    `@` and `-` joining the runs of word characters they stand between (a Windows path is one
    word, as a POSIX one is)."""
    found, i, n = [], 0, len(text)
    while i < n:
        if not _is_word(text[i]):
            i += 1
            continue
        start, i = i, _word_end(text, i)
        while i < n:
            if text.startswith("::", i) and i + 2 < n and _is_word(text[i + 2]):
                i = _word_end(text, i + 2)
            elif text[i] in "./@-\\" and i + 1 < n and _is_word(text[i + 1]):
                i = _word_end(text, i + 1)
            else:
                break
        found.append(text[start:i])
    return found


def plain_words(text: str) -> list:
    """`re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*", text)`."""
    found, i, n = [], 0, len(text)
    while i < n:
        if text[i] not in _ALNUM:
            i += 1
            continue
        start, i = i, i + 1
        while i < n and text[i] in _PLAIN:
            i += 1
        found.append(text[start:i])
    return found


def words_any_script(text: str) -> list:
    """`plain_words` for every script: runs of letters and digits (with `_` and `-` inside them),
    split where Chinese, Japanese or Korean text meets other text ("返回502" -> 返回, 502)."""
    if text.isascii():
        return plain_words(text)
    from mage_engine.terms.cjk import has_cjk, runs

    found, i, n = [], 0, len(text)
    while i < n:
        if not text[i].isalnum():
            i += 1
            continue
        start, i = i, i + 1
        while i < n and (text[i].isalnum() or text[i] in "_-"):
            i += 1
        word = text[start:i]
        if has_cjk(word):
            found.extend(piece for _, piece in runs(word))
        else:
            found.append(word)
    return found


def alnum_pieces(word: str) -> list:
    """`re.findall(r"[^\\W_]+", word)`: the runs of letters and digits."""
    found, start = [], None
    for i, char in enumerate(word):
        if char.isalnum():
            start = i if start is None else start
        elif start is not None:
            found.append(word[start:i])
            start = None
    if start is not None:
        found.append(word[start:])
    return found


def split_qualified(word: str) -> list:
    """`re.split(r"::|[./@\\\\]", word)`."""
    parts, start, i, n = [], 0, 0, len(word)
    while i < n:
        step = 2 if word.startswith("::", i) else 1 if word[i] in "./@\\" else 0
        if step:
            parts.append(word[start:i])
            start = i + step
        i += step or 1
    parts.append(word[start:])
    return parts


def has_camel(word: str) -> bool:
    """`re.search(r"[a-z][A-Z]|[A-Z]{2}[a-z]{2}", word)` found something."""
    return any(_camel_at(word, i) for i in range(len(word) - 1))


def is_plain_word(text: str) -> bool:
    """Letters only, ASCII, all lower case or capitalised: an English word as typed, not a name."""
    return text.isascii() and text.isalpha() and text[1:].islower()


def is_brand(word: str) -> bool:
    """A product's name written in CamelCase (`MacOS`, `PowerShell`, `GitHub`): see BRANDS."""
    return word.lower() in BRANDS


def is_shift_slip(word: str) -> bool:
    """`ENable`, `WHere`: Shift held a letter too long, a capitalised word and not CamelCase
    (two capitals, then only lower case, at least two letters of it; `IDs`, `PRs`, `OOMKilled` stay)."""
    rest = word[2:]
    return (len(rest) >= 2 and word[0] in _UPPER and word[1] in _UPPER and rest.isalpha() and rest.isascii()
            and rest.islower())


def looks_like_identifier(word: str) -> bool:
    """`re.search(r"[a-z][A-Z]|[A-Z]{2}[a-z]{2}|[^\\W_]_[^\\W_]|::|[A-Za-z]\\.[A-Za-z]", word)` found something."""
    for i in range(len(word) - 1):
        pair = word[i:i + 2]
        if _camel_at(word, i) or pair == "::":
            return True
        if i + 2 < len(word) and word[i + 1] in "_." and _joins(word[i], word[i + 1], word[i + 2]):
            return True
    return False


def humps(word: str) -> list:
    """`re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", word)`: a camelCase word's parts."""
    found, i, n = [], 0, len(word)
    while i < n:
        end = _hump_end(word, i, n)
        if end > i:
            found.append(word[i:end])
            i = end
        else:
            i += 1
    return found


def has_camel_hump(text: str) -> bool:
    """`re.search(r"[a-z][A-Z]", text)` found something."""
    for run in _ascii_alnum_runs(text):
        if not run.islower() and not run.isupper():
            if any(run[i] in _LOWER and run[i + 1] in _UPPER for i in range(len(run) - 1)):
                return True
    return False


def lower_camel_words(text: str) -> list:
    """`re.findall(r"(?<![A-Za-z0-9])[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*", text)`: such a match is
    always a whole run of ASCII letters and digits that starts in lower case and holds a capital."""
    return [run for run in _ascii_alnum_runs(text) if run[0] in _LOWER and not run.islower()]


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _word_end(text: str, i: int) -> int:
    n = len(text)
    while i < n and _is_word(text[i]):
        i += 1
    return i


def _camel_at(word: str, i: int) -> bool:
    """[a-z][A-Z] or [A-Z]{2}[a-z]{2} starts at i."""
    if word[i] in _LOWER:
        return word[i + 1] in _UPPER
    return (word[i] in _UPPER and word[i + 1] in _UPPER and i + 3 < len(word)
            and word[i + 2] in _LOWER and word[i + 3] in _LOWER)


def _joins(left: str, mark: str, right: str) -> bool:
    """[^\\W_]_[^\\W_] or [A-Za-z]\\.[A-Za-z]."""
    if mark == "_":
        return left.isalnum() and right.isalnum()
    return (left in _LOWER or left in _UPPER) and (right in _LOWER or right in _UPPER)


def _hump_end(word: str, i: int, n: int) -> int:
    """Where the hump starting at i ends (i when none starts there)."""
    if word[i] in _DIGITS:
        end = i + 1
        while end < n and word[end] in _DIGITS:
            end += 1
        return end
    if word[i] in _UPPER:
        end = i + 1
        while end < n and word[end] in _UPPER:
            end += 1
        if end == n or word[end] not in _LOWER:
            return end  # capitals not followed by a lower-case letter: an acronym
        if end - i > 1:
            return end - 1  # the last capital starts the next hump ("HTTPServer" -> HTTP, Server)
        i += 1  # one capital and then lower case: the capital opens a word ("Server")
    if word[i] not in _LOWER:
        return i
    end = i + 1
    while end < n and word[end] in _LOWER:
        end += 1
    return end


def _ascii_alnum_runs(text: str) -> list:
    """The maximal runs of ASCII letters and digits in `text` (each non-ASCII character breaks a run)."""
    return text.encode("ascii", "replace").translate(_ALNUM_ONLY).decode("ascii").split()
