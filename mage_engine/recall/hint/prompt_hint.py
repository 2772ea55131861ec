"""UserPromptSubmit: hint the notes that match the prompt (docs/recall.md#the-hint-score).

The prompt is decided on (decide.py): notes whose hint score clears
`hint.min_score` and whose evidence is strong, and that the session's context
does not already hold (its standing notes, an earlier turn's hint:
standing/session_notes.py), are named, at most `hint.count`,
each as `- <id>: <title> — <summary>`, followed by the `mage recall` query that
fetches more. Nothing qualifies: silence. Every decision, hinted or silent, goes
to the injection ledger with its candidates and reasons; a hint also counts in
the usage metrics. The prompt's terms then join the project's everyday-word
counts (everyday.py). A failure (a corrupt index, a read-only disk) is logged to
.mage/errors.log and the prompt goes on without a hint.
"""

from mage_engine.base.clip import TITLE_CHARS, clip
from mage_engine.recall.index.lifecycle import HOOK_SCAN_BUDGET_MS

EVENT = "UserPromptSubmit"
SUMMARY_CHARS = 180
QUERY_WORDS = 6
QUERY_WORD_WEIGHT = 0.3  # words rarer than this (see score.py) make the follow-up query


def hint_prompt(kb, prompt: str, session: str, config, log, transcript=None) -> str | None:
    """The hint for one prompt, or None for silence; every decision goes to the ledger.
    `log(message)`: what went wrong (the prompt goes on without a hint). `transcript`: the host's
    transcript of the session, whose growth shows an earlier hint is in the conversation."""
    from mage_engine.kb.probe import is_probe_session
    from mage_engine.recall.hint.decide import context_in_session
    from mage_engine.recall.search import everyday as everyday_words

    counts = everyday_words.load_for_hook(kb)
    context = context_in_session(kb, session, transcript)
    decision, weights = _decide(kb, prompt, config, counts.everyday_terms(), context, log)
    if decision is None:
        return None
    hits = decision["hits"]
    text = render_hint(hits, recall_query(prompt, weights)) if hits else ""
    _record(kb, session, text, without_secret_words(decision, prompt))
    if hits:
        from mage_engine.recall.standing.session_notes import remember_hinted

        remember_hinted(kb, session, decision["hinted"], transcript, context)
    if weights is not None and not is_probe_session(session):
        everyday_words.count_prompt(kb, counts, [t for word in weights.words for t in word[0]], prompt)
    return text or None


def _decide(kb, prompt: str, config, everyday, standing, log):
    from mage_engine.kbs.attached import others  # the personal KB and `kbs:`: one stat when there are none
    from mage_engine.recall.index import store

    try:
        attached = others(kb, config)
        if not attached:  # one KB: the multi-KB merge is not even imported (each module costs the hook)
            from mage_engine.recall.hint.decide import decide

            return decide(kb, prompt, config.hint_min_score, config.hint_count, everyday, standing,
                          scan_budget_ms=HOOK_SCAN_BUDGET_MS)
        from mage_engine.recall.hint.across import decide_across

        return decide_across(kb, attached, prompt, config.hint_min_score, config.hint_count,
                             everyday, standing, scan_budget_ms=HOOK_SCAN_BUDGET_MS)
    except BaseException as error:
        if not store.is_index_failure(error):
            raise
        log(f"hint skipped, search index unusable ({type(error).__name__}: {error}); "
            "`mage recall` or `mage index` rebuilds it")
        return None, None


def render_hint(hits, query: str) -> str:
    """The injected text: plain statements, one line per note, then the follow-up query."""
    lines = ["Notes from this project's mage memory that match the prompt (files in mage/notes/<id>.md):"]
    for hit in hits:
        label = f"[{hit.kb}] " if getattr(hit, "kb", "project") != "project" else ""  # another KB's (kbs/)
        lines.append(f"- {label}{clip(hit.id, 80)}: {clip(hit.title, TITLE_CHARS)} — {clip(hit.summary, SUMMARY_CHARS)}"
                     .rstrip(" —"))
    if any(getattr(hit, "kb", "project") != "project" for hit in hits):
        from mage_engine.recall.hint.across import elsewhere_line

        lines.append(elsewhere_line(hits))
    if query:
        lines.append(f'More with: mage recall "{query}"')
    return "\n".join(lines)


def recall_query(prompt: str, weights) -> str:
    """The prompt's most specific words, in prompt order: a query a person could retype."""
    from mage_engine.terms.analysis import terms
    from mage_engine.terms.words import words_any_script

    if weights is None:
        return ""
    picked = {}
    for position, word in enumerate(words_any_script(prompt[:4000])):
        word_terms = terms(word)
        known = [t for t in word_terms if weights.df.get(t)]  # a word no note holds finds nothing
        weight = max((weights.weight.get(t, 0.0) for t in known), default=0.0)
        key = tuple(word_terms)
        if weight >= QUERY_WORD_WEIGHT and key not in picked:
            picked[key] = (weight, position, word.lower())
    best = sorted(picked.values(), key=lambda item: -item[0])[:QUERY_WORDS]
    return " ".join(word for _, _, word in sorted(best, key=lambda item: item[1]))


def without_secret_words(decision: dict, prompt: str) -> dict:
    """The decision with each candidate's shared words that the scrub redacts in `prompt` left out:
    the ledger (.mage/injections.jsonl) keeps no piece of a secret (`hunter2` in a URL) even when a
    note happens to hold the same word."""
    from mage_engine.recall.search.everyday import scrubbed_words_window, without_marks

    if not any(row.get("words") for row in decision.get("candidates", [])):
        return decision  # no word to leave out: the prompt need not be scrubbed for the ledger
    scrubbed = scrubbed_words_window(prompt)
    if scrubbed is None:
        return decision
    kept = without_marks(scrubbed).lower()
    for row in decision.get("candidates", []):
        row["words"] = [word for word in row.get("words", []) if str(word[0]).lower() in kept]
    return decision


def _record(kb, session: str, text: str, decision: dict) -> None:
    from mage_engine.usage.ledger import record_injection

    record_injection(kb, session, EVENT, len(text), decision["hinted"], decision)
    if decision["hinted"]:
        from mage_engine.trail.session_state import session_chapter
        from mage_engine.usage.events import record_usage

        own = [note for note in decision["hinted"] if ":" not in note]  # another KB's note counts in its own metrics
        record_usage(kb, "hinted", own, session, session_chapter(kb, session))
