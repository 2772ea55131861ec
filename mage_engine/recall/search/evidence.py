"""Whether what a note shares with a prompt is evidence enough to hint it.

The hint score (score.py) says how much of the prompt a note explains; this
says whether that explanation rests on anything specific. A note is hinted only
when the score clears the floor *and* the evidence is strong:

- a rare identifier it holds whole (`ImmatureSignatureError`, `SQLX_OFFLINE`) is
  strong on its own;
- otherwise it needs at least one shared word that is neither everyday (plain
  English, everyday software talk, this project's everyday words: everyday.py)
  nor the team's common vocabulary: a word held by a quarter or more of the
  notes (and by at least three) is what the team talks about all the time
  (`parcel-api` in a parcel company, the project's own folder in every note),
  so it says which team, not which note;
- nor one of the technologies every team names (docker, gitlab, react, …:
  stopwords.GENERIC_TECH): "a hint needs evidence beyond one shared generic
  technology word";
- one topic word in common, everything else everyday, is never enough; nor is one
  topic word beside one generic technology word ("the login node is slow" and a
  note on jobs run from the login node: `node` says which stack, not which note);
- when the prompt names such a technology that the knowledge base knows and the
  note does not mention it, its other shared words are likely meant in another
  sense ("the deploy key in docker-compose" and a note on GitLab deploy keys):
  it needs three topic words in common;
- the namespace of a qualified name no note holds the rest of (`sync` of
  `sync.RWMutex`) counts as a technology's name: it says which library;
- when the prompt pastes an error message, one of the shared words (everyday and
  software words aside) must be the error's own (pasted_error.py): a note that
  shares only the tool's and the team's words is about another error; and one
  that shares a word or two of it apart must hold two of its terms in a row,
  three of its topic words or an identifier of it no other note spells;
- whatever its words' labels, a prompt that restates the note's title (two or
  more of its words, three fifths of them), with a score over the floor, is
  evidence (`restates_title`, decide.py): the title is the note's question; so
  is a title or summary that names the pasted error, four words of it in a row
  (pasted_error.names_the_error).

`judge` returns the verdict and the shared words, labelled, for the injection
ledger and `mage hints --why`.
"""

from mage_engine.base.plainrecord import PlainRecord
from mage_engine.recall.search.term_weights import is_bare_number
from mage_engine.terms import wordlists

COMMON_SHARE = 0.25  # of the notes: a word held this widely is the team's vocabulary
COMMON_MIN_NOTES = 3
CONTENT_UNITS = 0.3  # a shared word below this many rare-word units is too weak to count
TECH_CONTEXT_WORDS = 3  # topic words a note needs when the prompt's technology is not among them


class Evidence(PlainRecord):
    """A note's evidence: `strong` or not, the `reason` when not, and `words`, the shared
    words as (word, rare-word units, label) with label name | word | team | tech | software | everyday."""

    FIELDS = ("strong", "reason", "words")

    def __init__(self, strong: bool, reason: str, words: list):
        self.strong, self.reason, self.words = strong, reason, words


def judge(weights, matches, error_words=frozenset(), prompt: str = "", note_sequence=None) -> Evidence:
    """The evidence behind `matches` (QueryWeights.matches of one note); `error_words`, those of the
    error the prompt pastes (pasted_error.py), if any, and `note_sequence` the note's terms in order
    (the index's `seq`: whether it quotes that error)."""
    words = [(weights.texts[index], round(units, 2),
              label(weights, index, whole and not _team_parts(weights, index) and not _namespace_of_unknown(weights, index)))
             for index, units, whole in matches]
    verdict = _judge(weights, matches, words)
    if not verdict.strong or not error_words:
        return verdict
    if not _shares_the_error(words, error_words):
        return Evidence(False, "none of the pasted error's words in common", words)
    if not _tells_of_the_error(weights, matches, words, error_words, prompt, note_sequence):
        return Evidence(False, "about another error than the one pasted", words)
    return verdict


ERROR_WORDS = 3  # of a pasted error clause's topic words, in any order: a note that holds them tells of it


def _tells_of_the_error(weights, matches, words: list, error_words, prompt: str, note_sequence) -> bool:
    """Whether the note is about the error the prompt pastes: it holds two of a clause's terms in a
    row (pasted_error.quotes_a_clause), ERROR_WORDS of its topic words, or an identifier of it that
    no other note spells. A note that shares a word or two of it apart ("workflow", "integration"
    of "Resource not accessible by integration"), or the app's package name that two other notes
    spell too, is about another error of the same tool."""
    from mage_engine.recall.search.pasted_error import quotes_a_clause

    topic = 0
    for (index, _, _), (word, _, kind) in zip(matches, words):
        if word.lower() in error_words:
            if kind == "name" and _spelled_by(weights, index) == 1:
                return True  # its own identifier; one that two or three notes spell is the team's object
            topic += kind == "word"
    return topic >= ERROR_WORDS or bool(note_sequence) and quotes_a_clause(prompt, note_sequence, weights)


TITLE_WORDS = 2  # a title restated: at least this many of its words in the prompt …
TITLE_SHARE = 0.6  # … and this share of them ("is it ok to deploy on friday?", "Never deploy to production on Friday")


def restates_title(title: str, prompt: str) -> bool:
    """Whether the prompt says most of the note's title ("is it ok to force push to main?" and
    "Never force-push to main", "how do I find long running queries in postgres" and "Postgres: find
    long-running queries with pg_stat_activity"): the title is the note's question, however everyday
    its words."""
    from mage_engine.terms import analysis

    held = set(analysis.terms(title))
    if len(held) < TITLE_WORDS:
        return False
    if _PROMPT[0] != prompt:
        _PROMPT[:] = [prompt, set(analysis.terms(prompt[:analysis.MAX_QUERY_CHARS]))]
    common = len(held & _PROMPT[1])
    return common >= TITLE_WORDS and common >= TITLE_SHARE * len(held)


_PROMPT = [None, set()]  # the last prompt and its terms: asked for each candidate of one decision


def _shares_the_error(words: list, error_words) -> bool:
    """Whether a shared word is one of the pasted error's own (not everyday, not what every error says)."""
    from mage_engine.recall.search.pasted_error import GENERIC

    return any(lab != "everyday" and word.lower() in error_words and word.lower() not in GENERIC
               for word, _, lab in words)


def _judge(weights, matches, words: list) -> Evidence:
    labels = [lab for _, _, lab in words]
    if "name" in labels:
        return Evidence(True, "", words)
    topic = [word for word, _, lab in words if lab in ("word", "team", "tech")]
    if len(topic) == 1 and labels.count("software") <= 1:
        return Evidence(False, f"only one word in common ({topic[0]})", words)
    own = [word for word, _, lab in words if lab in ("word", "team")]
    if len(own) == 1 and len(topic) == 2 and "software" not in labels:
        beside = next(word for word, _, lab in words if lab == "tech")
        return Evidence(False, f"only one word in common ({own[0]}) beside a generic technology ({beside})", words)
    missed = _technology_not_held(weights, matches)
    if missed and len(topic) < TECH_CONTEXT_WORDS:
        return Evidence(False, f"about {missed}, which the note does not mention", words)
    if any(lab == "word" and units >= CONTENT_UNITS for _, units, lab in words):
        return Evidence(True, "", words)
    for kind, what in (("tech", "generic technology words"), ("team", "the team's common words")):
        named = [word for word, _, lab in words if lab == kind]
        if named:
            return Evidence(False, f"only {what} ({', '.join(named[:3])})", words)
    return Evidence(False, "only everyday words in common", words)


def _team_parts(weights, index: int) -> bool:
    """An identifier spelled from the team's common words only (`claude.md` where most notes say
    claude and md): it names the team's usual file, not one note's topic."""
    new = weights.words[index][1]
    return bool(new) and all(weights.df.get(t, 0) >= _team_notes(weights) for t in new)


def _spelled_by(weights, index: int) -> int:
    """How many notes spell the prompt's identifier `index` whole."""
    name = weights.words[index][3]
    if index in weights.named:
        return len(weights.named[index])
    return weights.df.get(name[0][1], 0) if len(name) == 1 else 0


def _namespace_of_unknown(weights, index: int) -> bool:
    """The namespace of a qualified name whose last part no note holds (`sync` of `sync.RWMutex`,
    `sqlalchemy.exc` of `sqlalchemy.exc.ArgumentError`): it says which library, as a technology's
    name does, not which note; the note that holds it is about another of its names."""
    thing = weights.namespaces.get(index)
    return bool(thing) and not any(weights.df.get(t, 0) for t in thing)


def _team_notes(weights) -> float:
    """How many notes hold a word the team says all the time."""
    return max(COMMON_MIN_NOTES, COMMON_SHARE * weights.total)


def _technology_not_held(weights, matches) -> str:
    """The prompt's generic technology word that some note holds and this note does not ('' if none):
    "the deploy key in docker-compose" is not about a note on GitLab deploy keys."""
    held = {index for index, _, _ in matches}
    for index, (_, new, _, _) in enumerate(weights.words):
        if index not in held and new and all(weights.df.get(t, 0) for t in new) and label(weights, index, False) == "tech":
            return weights.texts[index]
    return ""


def label(weights, index: int, whole: bool) -> str:
    """How one shared prompt word counts: name (a rare identifier held whole), word, team (held
    by a quarter of the notes), tech (a technology every team names), software (everyday software
    talk) or everyday."""
    if whole:
        return "name"
    if index not in weights.labels:
        weights.labels[index] = _label(weights, index)
    return weights.labels[index]


def _label(weights, index: int) -> str:
    new = weights.words[index][1]
    kinds = {weights.term_kind(t) for t in new}
    if not new or kinds <= {"everyday"} or is_bare_number(weights.texts[index]):
        return "everyday"
    if kinds <= {"everyday", "software"}:
        return "software"
    if all(t in wordlists.generic_tech_terms() or weights.term_kind(t) != "topic" for t in new) \
            and not _plural_of_technology(weights.texts[index]):
        return "tech"
    if _namespace_of_unknown(weights, index):
        return "tech"
    held = max(weights.df.get(t, 0) for t in new)
    if held >= _team_notes(weights):
        return "team"
    return "word"


def _plural_of_technology(text: str) -> bool:
    """"nodes", "shells": a plural names things of that kind (the cluster's nodes), not the technology."""
    return text.isalpha() and text[-1:] in "sS" and text[:-1].lower() in wordlists.generic_tech_terms()
