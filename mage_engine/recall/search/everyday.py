"""This project's everyday words: what most of its own prompts say.

A developer who works in `X:\\03_ACG\\Custom_Addons` types that path in nearly
every prompt; a team that builds "the rider app" says "rider" all day. Such
words tell which project a prompt comes from, not which note it needs, and
every note that names them would be hinted on every prompt. The hint hook
counts, per prompt, which terms it says (one line appended to
`.mage/state/everyday.log`, folded every 8 prompts into `everyday.json`:
prompts seen, and per term the prompts that held it); a term held by a third or more
of them, once at least twelve did, weighs like plain English from then on
(score.py) and is no evidence for a hint (evidence.py). The prompt hook reads
`everyday-near.json` instead of the whole snapshot (`load_for_hook`). The counts come from the
same prompts the capture trail records: `mage eval` recounts them from the
trail as it replays it.

Older prompts fade: past `HALVE_AT` prompts every count is halved, so what
"everyday" means follows the project as it changes.
"""

from mage_engine.base import fs
from mage_engine.kb.layout import EVERYDAY_FILE, EVERYDAY_LOG, EVERYDAY_NEAR_FILE

FOLD_EVERY = 8
MAX_LOG_BYTES = 256 * 1024
SHARE = 1 / 3
MIN_PROMPTS = 12
HALVE_AT = 400
MAX_TERMS = 1500
# A term held fewer times at a fold cannot reach MIN_PROMPTS before the next one: the prompt hook
# reads only the counts at or above this (everyday-near.json), not the whole snapshot.
NEAR_MIN = MIN_PROMPTS - (FOLD_EVERY - 1)


class Everyday:
    """The counts: `prompts` seen and `terms` {term: prompts that held it}."""

    def __init__(self, prompts: float = 0.0, terms: dict | None = None):
        self.prompts = prompts
        self.terms = terms or {}
        self.pending = 0  # prompts read from the log on top of the snapshot
        self.whole = True  # False: only the counts near the bar (load_for_hook)

    def everyday_terms(self) -> frozenset:
        """The terms held by SHARE or more of the prompts (and by MIN_PROMPTS of them)."""
        bar = max(MIN_PROMPTS, SHARE * self.prompts)
        return frozenset(term for term, count in self.terms.items() if count >= bar)

    def add(self, terms) -> None:
        """Count one prompt's distinct terms."""
        self.prompts += 1
        for term in set(terms):
            self.terms[term] = self.terms.get(term, 0) + 1
        if self.prompts >= HALVE_AT:
            self.prompts /= 2
            self.terms = {t: c / 2 for t, c in self.terms.items() if c >= 1}
        if len(self.terms) > MAX_TERMS:  # the rare ones cannot become everyday before they fade
            kept = sorted(self.terms.items(), key=lambda item: -item[1])[: MAX_TERMS * 2 // 3]
            self.terms = dict(kept)


def load(kb, upto: int | None = None) -> Everyday:
    """The counts: the saved snapshot plus the prompts appended to the log since (empty when none),
    up to byte `upto` of the log when given."""
    from mage_engine.kb.jsonfiles import read_object

    data = read_object(kb.at(EVERYDAY_FILE)) or {}
    try:
        everyday = Everyday(_count(data.get("prompts") or 0), _counts(data.get("terms")))
        offset = int(data.get("offset") or 0)
    except (TypeError, ValueError):
        everyday, offset = Everyday(), 0
    lines = _lines_after(kb.at(EVERYDAY_LOG), offset, upto)
    for line in lines:
        everyday.add(line.split())
    everyday.pending = len(lines)
    return everyday


def _count(value) -> float:
    """A count as the snapshot holds it: a finite number, not negative (ValueError otherwise: the file
    is someone else's, or damaged)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < float("inf"):
        raise ValueError(f"not a count: {value!r}")
    return float(value)


def _counts(terms) -> dict:
    """{term: count} of the snapshot's terms, entries that are not a word and a count left out."""
    if not isinstance(terms, dict):
        return {}
    kept = {}
    for term, count in terms.items():
        try:
            kept[str(term)] = _count(count)
        except ValueError:
            continue
    return kept


def load_for_hook(kb) -> Everyday:
    """The counts the prompt hook needs: those of everyday-near.json (the terms held NEAR_MIN times or
    more at the last fold; a term held fewer times cannot reach the bar before the next fold) and
    the prompts logged since, so `everyday_terms()` and `pending` come out as the whole snapshot's
    would (tested), for a tenth of the reading on a long-used project. Marked `whole = False`:
    a fold reads the whole counts. The whole Everyday where that cannot be exact (no such file yet,
    a fold missed, counts about to be halved or cut)."""
    from mage_engine.kb.jsonfiles import read_object

    data = read_object(kb.at(EVERYDAY_NEAR_FILE))
    try:
        near = Everyday(_count(data["prompts"]), {str(term): _count(count) for term, count in data["near"].items()})
        offset, held = int(data["offset"]), int(data["held"])
    except (TypeError, ValueError, KeyError, AttributeError):
        return load(kb)
    lines = [line.split() for line in _lines_after(kb.at(EVERYDAY_LOG), offset)]
    if (len(lines) >= FOLD_EVERY or near.prompts + len(lines) >= HALVE_AT
            or held + len(set().union(*lines)) > MAX_TERMS):
        return load(kb)  # the whole counts, replayed as they are kept
    for terms in lines:
        near.add(terms)
    near.pending, near.whole = len(lines), False
    return near


def _lines_after(path: str, offset: int, upto: int | None = None) -> list:
    """The complete lines of the log after byte `offset` (and before byte `upto`; [] when there are none)."""
    from mage_engine.kb import guard

    try:
        with guard.open_binary(path) as handle:
            handle.seek(offset)
            data = handle.read() if upto is None else handle.read(max(0, upto - offset))
    except (OSError, ValueError, OverflowError):  # an offset no file has (negative, 10**30): none read
        return []
    return data[: data.rfind(b"\n") + 1].decode("utf-8", "replace").splitlines()


def count_prompt(kb, everyday: Everyday, terms, prompt: str) -> None:
    """Fold one prompt into the counts: one appended line, and every FOLD_EVERY prompts a new
    snapshot (a rename per prompt costs more than the whole decision). Only the terms the scrub
    leaves in `prompt` are counted: a secret's words never reach .mage/state/. Never raises."""
    from mage_engine.kb.atomic import append_line

    terms = scrubbed_terms(prompt, terms)
    line = " ".join(t for t in dict.fromkeys(terms) if t and not any(c.isspace() for c in t))
    log = kb.at(EVERYDAY_LOG)
    try:
        try:
            append_line(log, line)
        except FileNotFoundError:
            fs.makedirs(fs.dirname(log), exist_ok=True)
            append_line(log, line)
        if everyday.pending + 1 >= FOLD_EVERY:
            size = fs.stat(log).st_size  # lines another hook appends from now on wait for the next fold
            if everyday.whole:
                everyday.add(line.split())
            else:
                everyday = load(kb, upto=size)  # the whole counts, this prompt's line included
            _fold(kb, everyday, size)
    except OSError:
        pass


def _fold(kb, everyday: Everyday, offset: int) -> None:
    """Save the counts up to byte `offset` of the log; start a new log once it is long."""
    log = kb.at(EVERYDAY_LOG)
    if offset >= MAX_LOG_BYTES:
        fs.replace(log, log + ".old")  # a prompt appended a moment ago may miss its count: a statistic
        offset = 0
    save_counts(kb, everyday, offset)


def save_counts(kb, everyday: Everyday, offset: int) -> None:
    """Write the snapshot: the counts, standing for the log up to byte `offset`."""
    from mage_engine.kb.scratch import write_json

    terms = {t: round(c, 2) for t, c in sorted(everyday.terms.items())}
    write_json(kb.at(EVERYDAY_FILE), {"prompts": round(everyday.prompts, 2), "offset": offset, "terms": terms})
    write_json(kb.at(EVERYDAY_NEAR_FILE), {"prompts": round(everyday.prompts, 2), "offset": offset, "held": len(terms),
                                           "near": {t: c for t, c in terms.items() if c >= NEAR_MIN}})


def scrubbed_terms(prompt: str, terms) -> list:
    """`terms` (of `prompt`) without those that come from a secret the scrub redacts in it."""
    scrubbed = scrubbed_words_window(prompt)
    if scrubbed is None:
        return list(terms)  # the common prompt: nothing to redact, one scan
    allowed = set(prompt_terms(without_marks(scrubbed)))
    return [term for term in terms if term in allowed]


SECRET_MARGIN = 1024  # characters past the words' reach scrubbed with them: the longest secret that straddles


def scrubbed_words_window(prompt: str):
    """The part of `prompt` its words come from (analysis.MAX_QUERY_CHARS, and a margin for a secret
    that straddles the cut), scrubbed; None when the scrub changes nothing. The everyday counts and
    the ledger's shared words check theirs against it: a 1 MB paste is not scrubbed whole for words
    it cannot give (seconds), and the scrub's memo answers the second ask."""
    from mage_engine.scrub import scrub
    from mage_engine.terms.analysis import MAX_QUERY_CHARS

    shown = prompt[:MAX_QUERY_CHARS + SECRET_MARGIN]
    scrubbed = scrub(shown)
    return None if scrubbed == shown else scrubbed


def without_marks(text: str) -> str:
    """`text` with every `[REDACTED:kind]` cut out (a mark's words are not the prompt's)."""
    pieces, cursor, at = [], 0, text.find("[REDACTED:")
    while at >= 0:
        end = text.find("]", at)
        end = len(text) if end < 0 else end + 1
        pieces += [text[cursor:at], " "]
        cursor, at = end, text.find("[REDACTED:", end)
    return "".join(pieces) + text[cursor:]


def prompt_terms(prompt: str) -> list:
    """The distinct terms of a prompt's words, as the counts hold them."""
    from mage_engine.terms.analysis import query_units

    return list(dict.fromkeys(t for unit in query_units(prompt) for t in unit.terms))
