"""The hint decision for one prompt: which notes to name, and why each candidate was or was not.

`decide` is what the UserPromptSubmit hook, `mage hints --why` and `mage eval`
call. The best candidates (search.py) are judged in score order; a note is
hinted when its hint score clears the floor, its evidence is strong
(evidence.py), it is not one of TIE_NOTES or more notes that clear the floor on
the same words alike (_silence_ties), it is not already in this session's
context (its start's standing notes, or a hint of an earlier turn:
standing/session_notes.py), and the hint still has room (`hint.count`). The floor is
`hint.min_score`, moved for what the prompt asks (intent.py): a request for a
coding task needs 0.2 more, a question about how things are done here 0.1 less.
A note that quotes the prompt (five or more of its words in a row, quotes.py) is
hinted whatever its score, in a prompt long enough that its score cannot see
every word (more than MAX_MASS units). The decision is a plain dict, the shape the
injection ledger keeps:

    {"outcome": "hinted" | "below floor" | "only weak evidence" | "in standing context"
                | "hinted earlier in this session" | "no match" | "no words",
     "floor": 0.7, "hinted": [ids],
     "intent": "task", "shift": 0.2,          (only when the floor moved)
     "candidates": [{"id", "score", "reason", "words": [[word, units, label], ...],
                     "quote": 7}]}            (only for a note hinted for quoting the prompt)

A candidate's reason is "hinted", "below floor", "beyond hint.count", "in standing
context", "hinted earlier in this session", "3 notes share these words alike" or the evidence's own ("only one word
in common (cursor)", …). A prompt that is exactly a note's title names it,
whatever its score.
"""

from mage_engine.recall.search.term_weights import MAX_MASS
from mage_engine.recall.standing.session_notes import IN_STANDING, REASONS as IN_CONTEXT

SHOWN = 5  # candidates kept per decision: enough to see what nearly made it
TITLE_CHARS = 300  # a prompt longer than this is no note's title
WORDS_SHOWN = 6
TIE_NOTES = 3  # notes tied on the same words: the words are a group's, not one note's


def decide(kb, prompt: str, floor: float, count: int, everyday=frozenset(), standing=frozenset(),
           scan_budget_ms=None, fresh: bool = True, repair: bool = False) -> tuple:
    """(decision dict, QueryWeights or None) for `prompt`. `standing`: the notes already in the
    session's context, as {id: reason} (session_notes.in_context) or a set of standing notes'
    ids. `repair` (the commands, never the hook) rebuilds an index that cannot be read. Raises
    store.IndexUnavailable."""
    from mage_engine.recall.search.bm25 import run_query

    hits, weights = run_query(kb, prompt, limit=count + SHOWN, fresh=fresh, scan_budget_ms=scan_budget_ms,
                              everyday=everyday, repair=repair)
    if weights is None:
        return _decision("no words", floor, [], []), None
    notes = [hit for hit in hits if hit.source == "note"]
    decision = judge_hits(notes, weights, floor, count, standing, prompt)
    if weights.mass > MAX_MASS and len(decision["hinted"]) < count:
        _hint_error_lines(kb, decision, prompt, floor, count, everyday, standing, scan_budget_ms, repair)
    return decision, weights


def _hint_error_lines(kb, decision: dict, prompt: str, floor: float, count: int, everyday, standing,
                      scan_budget_ms, repair) -> None:
    """In a paste too long for its score to see every word, decide its error lines on their own
    (pasted_error.py) and add, while there is room, what they hint: the note written from that error."""
    from mage_engine.recall.search.bm25 import run_query
    from mage_engine.recall.search.pasted_error import error_lines

    text = "\n".join(error_lines(prompt))
    if not text or 2 * len(text) > len(prompt):
        return  # no error line, or the paste is mostly its error lines: the first decision saw them
    hits, weights = run_query(kb, text, limit=count + SHOWN, fresh=False, scan_budget_ms=scan_budget_ms,
                              everyday=everyday, repair=repair)
    if weights is None:
        return
    alone = judge_hits([hit for hit in hits if hit.source == "note"], weights, decision["floor"], count, standing,
                       text)  # the floor the whole prompt needs (a task request needs more)
    rows = {row["id"]: row for row in decision["candidates"]}
    for hit in alone["hits"]:
        if hit.id in decision["hinted"] or len(decision["hinted"]) >= count:
            continue
        row = rows.get(hit.id) or next(r for r in alone["candidates"] if r["id"] == hit.id)
        if hit.id not in rows:
            decision["candidates"].append(row)
        row["reason"], row["error_line"] = "hinted", True
        decision["hinted"].append(hit.id)
        decision["hits"].append(hit)
    if decision["hinted"]:
        decision["outcome"] = "hinted"


def judge_hits(hits, weights, floor: float, count: int, standing=frozenset(), prompt: str = "") -> dict:
    """The decision over ranked note hits (each with its `matches`). A prompt that is exactly a
    note's title (any language, case and punctuation aside) names that note, however short."""
    from mage_engine.recall.search.evidence import Evidence, judge, restates_title
    from mage_engine.recall.search.pasted_error import error_words, names_the_error
    from mage_engine.recall.hint.intent import floor_shift, intent

    context = standing if isinstance(standing, dict) else dict.fromkeys(standing, IN_STANDING)
    kind = intent(prompt)
    shift = floor_shift(kind)
    needed = round(floor + shift, 4)
    asked = _plain(prompt) if len(prompt) <= TITLE_CHARS else ""
    titled = {hit.id for hit in hits if asked and len(hit.title) <= TITLE_CHARS and _plain(hit.title) == asked}
    hits = sorted(hits, key=lambda hit: hit.id not in titled)  # stable: the title first, then by score
    hinted, rows, judged, pasted = [], [], {}, error_words(prompt)
    for hit in hits:
        evidence = judged[hit.id] = judge(weights, hit.matches, pasted, prompt, getattr(hit, "sequence", None))
        if not evidence.strong and hit.score >= needed and (restates_title(hit.title, prompt) or pasted and
                                                              names_the_error(prompt, hit.title, hit.summary)):
            evidence = judged[hit.id] = Evidence(True, "", evidence.words)
        reason = _reason(hit, evidence, -1.0 if hit.id in titled else needed, context.get(hit.id),
                         len(hinted) >= count, hit.id in titled)
        if reason == "hinted":
            hinted.append(hit)
        rows.append({"id": hit.id, "score": hit.score, "reason": reason,
                     "words": [list(word) for word in _strongest(evidence.words)]})
        if hit.id in titled and reason == "hinted":
            rows[-1]["title"] = True  # hinted whatever its score: the prompt is its title
    _silence_ties(rows, hinted, hits, judged, count, titled)
    if weights.mass > MAX_MASS:  # a shorter prompt's score sees every word a quote of it would hold
        _hint_quotes(hits, rows, hinted, prompt, count, context)
    shown = rows[:SHOWN] + [row for row in rows[SHOWN:] if row["reason"] == "hinted"]
    decision = _decision(_outcome(rows, hinted), needed, hinted, shown)
    if shift:
        decision["intent"], decision["shift"] = kind, shift
    return decision


def _silence_ties(rows: list, hinted: list, hits, evidence: dict, count: int, titled) -> None:
    """Unhint the notes that clear the floor on exactly the same words when TIE_NOTES or more of
    them tie at exactly the same score, short of explaining the whole prompt: those words are
    what a group of the team's notes say ("bump angular in the portal" and every note on the
    portal's Angular code), so they pick none of the group, nor another note that shares only them."""
    groups = {}
    for hit, row in zip(hits, rows):
        if row["reason"] in ("hinted", "beyond hint.count", *IN_CONTEXT) and hit.id not in titled \
                and hit.score < 1.0:  # a note that explains all of the prompt is no coincidence of words
            shared = evidence[hit.id]
            if not any(label == "name" for _, _, label in shared.words):
                groups.setdefault(frozenset(w for w, _, _ in shared.words), []).append((round(hit.score, 4), row))
    tied = set()
    for group in groups.values():
        scores = [score for score, _ in group]
        if max(scores.count(score) for score in scores) >= TIE_NOTES:
            for _, row in group:
                row["reason"] = f"{len(group)} notes share these words alike"
                tied.add(row["id"])
    if not tied:
        return
    hinted[:] = [hit for hit in hinted if hit.id not in tied]
    for hit, row in zip(hits, rows):  # the room the tied notes took is free again
        if row["reason"] == "beyond hint.count" and len(hinted) < count:
            row["reason"] = "hinted"
            hinted.append(hit)


def _hint_quotes(hits, rows, hinted: list, prompt: str, count: int, standing) -> None:
    """Hint, while there is room, the candidates that quote the prompt (quotes.py), whatever their
    score: a pasted error a note was written from, in a paste too long for the score to see it."""
    from mage_engine.terms import quotes

    waiting = [(hit, row) for hit, row in zip(hits, rows)
               if row["reason"] not in ("hinted", *IN_CONTEXT) and hit.id not in standing
               and getattr(hit, "sequence", None)]
    if len(hinted) >= count or not waiting:
        return
    sequence = quotes.prompt_sequence(prompt)
    if quotes.counted_words(sequence) < quotes.QUOTE_WORDS:
        return
    budget = quotes.walk_budget()  # one for the prompt: no paste makes the search take seconds
    for hit, row in waiting:
        if len(hinted) >= count:
            break  # no room left: the others need not be searched
        held = getattr(hit, "note_terms", None)
        if held is not None and not quotes.could_quote(sequence, held):
            continue  # not even its distinct terms hold a stretch that long
        quoted = quotes.quoted_words(sequence, hit.sequence.decode("utf-8").split(), budget=budget)
        if quoted >= quotes.QUOTE_WORDS and len(hinted) < count:
            row["reason"], row["quote"] = "hinted", quoted
            hinted.append(hit)


def _reason(hit, evidence, floor: float, in_context, full: bool, titled: bool = False) -> str:
    """`in_context`: why the note is already in the session's context, or None."""
    if hit.score < floor:
        return "below floor"
    if not evidence.strong and not titled:
        return evidence.reason
    if in_context:
        return in_context
    return "beyond hint.count" if full else "hinted"


def _outcome(rows: list, hinted: list) -> str:
    if hinted:
        return "hinted"
    cleared = [row["reason"] for row in rows if row["reason"] != "below floor"]
    if not rows:
        return "no match"
    if not cleared:
        return "below floor"
    if all(reason in IN_CONTEXT for reason in cleared):
        return cleared[0]  # the best candidate's: in standing context, or hinted earlier
    return "only weak evidence"


def _decision(outcome: str, floor: float, hinted: list, rows: list) -> dict:
    decision = {"outcome": outcome, "floor": floor, "hinted": [hit.id for hit in hinted], "candidates": rows}
    decision["hits"] = hinted  # the Hit records, for rendering; dropped before the ledger
    return decision


def _plain(text: str) -> str:
    """Text compared as a title: case folded, every run of non-letters one space."""
    if text.isascii():  # the common case, a C-speed pass (the same result: ASCII letters and digits are kept)
        return " ".join(text.lower().translate(_ASCII_NON_ALNUM).split())
    return " ".join("".join(c if c.isalnum() else " " for c in text.casefold()).split())


_ASCII_NON_ALNUM = {code: " " for code in range(128) if not chr(code).isalnum()}


def _strongest(words: list) -> list:
    """The shared words that weigh most, strongest first (what a person reads to judge)."""
    return sorted(words, key=lambda word: -word[1])[:WORDS_SHOWN]


def standing_in_session(kb, session: str) -> frozenset:
    """Ids of the notes this session's SessionStart injected as standing context."""
    from mage_engine.recall.standing.session_notes import named_in

    return named_in(kb, session)


def context_in_session(kb, session: str, transcript) -> dict:
    """{id: reason} of the notes already in this session's context: its start's and earlier hints'."""
    from mage_engine.recall.standing.session_notes import in_context

    return in_context(kb, session, transcript)
