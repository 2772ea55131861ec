"""The words of an error message the prompt pastes: what a hint for that prompt must share.

A pasted error is the prompt's subject. A note written from that error holds
some of its own words (`Invalid for_each argument`, `two models with the name`,
`OOMKilled`); a note that shares only the words around it (the tool's name,
`kubectl`, `pod`, the team's service) is about another error of the same tool:
"Error: Invalid for_each argument …" and a note on IAM members in the same
Terraform. So when a prompt holds an error clause (the text after `error:`,
`exception:`, `fatal:`, `panic:` or `failed to`, or after a log line's `ERROR`, to the end of its
line; or an error class named without a colon, from its name on), a note is evidence
only if one of its shared words is among that clause's words (evidence.py):
everyday words aside, and the words every error message says (`error`,
`failed`, `exception`), but the software words of the message itself count
(`too many clients`). And a note that shares only a word or two of the clause,
apart, is about another error of the same tool ("Resource not accessible by
integration" and a note on a workflow's integration tests): it must hold two of the
clause's terms in a row, three of its topic words, or an identifier of it that no
other note spells (evidence.judge).

In a long paste (a log, a traceback), the error lines are also decided on their
own (decide.py): the error a note was written from, pasted inside forty lines
the score cannot see past, is hinted as the line alone would be.

Found without `re`, like the rest of the hint path.
"""

from mage_engine.terms.analysis import MAX_QUERY_CHARS as SCANNED_CHARS  # the score reads no further

MODULE_MARKERS = (".exceptions.", ".exc.")  # a library's exception class, dotted: `django.db.exceptions.X: …`
# ("… failed to start. Port 8080 was already in use.": how Go, Rust, npm and Spring word theirs; never
# "failed with", which says what followed: "Command CodeSign failed with a nonzero exit code")
MARKERS = ("error:", "error!", "(error) ", "exception:", *MODULE_MARKERS, "fatal:", "panic:", " failed to ")
# What every error message says: no evidence of which error it is.
GENERIC = frozenset("error errors exception exceptions fatal panic failed fail fails failure warning warnings".split())
CLAUSE_CHARS = 200  # an error's own words come first; a stack trace after them is not the message
_KEPT = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_./-")
MAX_CLAUSES = 50  # error clauses read in one prompt: a log of thousands of them says no more


class _NotKept(dict):
    """str.translate's table: every character but a word's becomes a space."""

    def __missing__(self, code):
        self[code] = code if chr(code) in _KEPT else " "  # remembered: each character is looked up once
        return self[code]


_WORD_CHARS = _NotKept()

_last = [None, frozenset()]  # the last prompt and its error words: decide asks once per KB


def error_words(prompt: str) -> frozenset:
    """The lower-case words of every error clause in the prompt (empty when it pastes none)."""
    if _last[0] != prompt:
        _last[:] = [prompt, _error_words(prompt)]
    return _last[1]


def _error_words(prompt: str) -> frozenset:
    return frozenset(word for clause in error_clauses(prompt) for word in clause)


_clauses = [None, ()]  # the last prompt and its error clauses


def error_clauses(prompt: str) -> tuple:
    """Each error clause of the prompt as its lower-case words in order (empty when it pastes none)."""
    if _clauses[0] != prompt:
        _clauses[:] = [prompt, _error_clauses(prompt)]
    return _clauses[1]


# Errors pasted without a colon, matched as written: a class named before its message
# ("MissingInputException in rule fastqc", "ActionView::Template::Error (undefined method …)":
# the marker ends a longer name),
# whose clause begins with the class's own name; and a log line's level ("ERROR ~ No such
# variable", "[… ERROR/MainProcess] Received unregistered task"), whose clause follows it.
CLASS_MARKERS = ("Error ", "Error(", "Exception ", "Exception(")
LEVEL_MARKERS = ("ERROR ", "ERROR/", "ERROR]")
CASED_MARKERS = CLASS_MARKERS + LEVEL_MARKERS


def _error_clauses(prompt: str) -> tuple:
    original = prompt[:SCANNED_CHARS]
    text = original.lower()
    if len(text) != len(original):  # "İ" lowers to two characters: keep one text's places the other's
        text = "".join(c if len(c.lower()) != 1 else c.lower() for c in original)
    found, read = [], set()  # `read`: the clauses' (begin, end), so no stretch is read twice
    for marker in MARKERS + CASED_MARKERS:
        source = original if marker in CASED_MARKERS else text
        start = source.find(marker)
        while start >= 0:
            begin = _clause_begin(original, marker, start)
            end = text.find("\n", begin)
            stop = min(len(text) if end < 0 else end, begin + CLAUSE_CHARS)
            if begin >= 0 and not any(b <= begin and stop <= e for b, e in read):  # "error: error:" reads once
                read.add((begin, stop))
                found.append(tuple(text[begin:stop].translate(_WORD_CHARS).split()))
            start = source.find(marker, start + len(marker))
            if len(read) > MAX_CLAUSES:
                return tuple(found)
    return tuple(found)


def _clause_begin(original: str, marker: str, start: int) -> int:
    """Where the clause of the marker found at `start` begins: after it, or for an error class at the
    start of its name; -1 when a class marker ends no name ("no Exception was thrown")."""
    if marker in MODULE_MARKERS:  # the message after the class's colon: the class is the library's
        colon = original.find(":", start, start + CLAUSE_CHARS)  # the class's own name, not a paste's
        named = original[start:colon]
        return colon + 1 if colon > 0 and named and not any(c.isspace() for c in named) else -1
    if marker not in CLASS_MARKERS:
        return start + len(marker)
    if not start or not (original[start - 1].isalnum() or original[start - 1] in ":."):
        return -1
    return max(original.rfind(" ", 0, start), original.rfind("\n", 0, start)) + 1


NAMED_RUN = 4  # words of an error clause, in a row, that a note's title or summary says: it names that error


def names_the_error(prompt: str, title: str, summary: str) -> bool:
    """Whether the note's title or summary says NAMED_RUN or more words of a pasted error clause in a
    row, small words included ("sorry, too many clients already": every word of it is everyday, and
    only their order names the error)."""
    clauses = [clause for clause in error_clauses(prompt) if len(clause) >= NAMED_RUN]
    if not clauses:
        return False
    said = f" {' '.join(f'{title} {summary}'.lower().translate(_WORD_CHARS).split())} "
    return any(f" {' '.join(clause[at:at + NAMED_RUN])} " in said
               for clause in clauses for at in range(len(clause) - NAMED_RUN + 1))


ERROR_RUN = 2  # clause terms in a row that a note holds: it quotes that error


def quotes_a_clause(prompt: str, note_sequence, decision) -> bool:
    """Whether a note whose terms in order are `note_sequence` (the index's `seq`) holds ERROR_RUN
    terms of one of the prompt's error clauses in a row. The clauses are analysed once a prompt,
    and the notes of one `decision` (any object standing for it: its QueryWeights) share one walk
    budget (quotes.py): fifty error lines against notes that repeat their words cannot make the
    search take seconds."""
    from mage_engine.terms import quotes

    sequences = _clause_sequences(prompt)
    if _budget[0] is not decision:
        _budget[:] = [decision, quotes.walk_budget()]
    budget = _budget[1]
    note_terms = note_sequence.decode("utf-8").split() if isinstance(note_sequence, bytes) else note_sequence
    return any(quotes.quoted_words(sequence, note_terms, at_least=ERROR_RUN, budget=budget)
               for sequence in sequences)


_sequences = [None, ()]  # the last prompt and its clauses as quote sequences
_budget = [None, None]  # the decision asking, and what is left of its walk budget


def _clause_sequences(prompt: str) -> tuple:
    if _sequences[0] != prompt:
        from mage_engine.terms import analysis

        _sequences[:] = [prompt, tuple([(term, number, not word.isdigit()) for number, word in enumerate(clause)
                                        for term in analysis.terms(word)] for clause in error_clauses(prompt))]
    return _sequences[1]


ERROR_LINES = 3  # of a long paste: the first error lines are its message, the rest its consequences
LINE_CHARS = 300


def error_lines(prompt: str) -> list:
    """The first ERROR_LINES lines of the prompt that hold an error marker, as written (clipped)."""
    found = []
    for line in prompt[:SCANNED_CHARS].split("\n"):
        low = line.lower()
        if any(marker in low for marker in MARKERS):
            found.append(line.strip()[:LINE_CHARS])
            if len(found) == ERROR_LINES:
                break
    return found
