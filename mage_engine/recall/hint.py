"""UserPromptSubmit: hint the notes that match the prompt (SPEC 6.7).

The prompt is decided on (decide.py): notes whose hint score clears
`hint.min_score` and whose evidence is strong are named, at most `hint.count`,
each as `- <id>: <title> — <summary>`, followed by the `mage recall` query that
fetches more. Nothing qualifies: silence. Every decision, hinted or silent, goes
to the injection ledger with its candidates and reasons; a hint also counts in
the usage metrics. The prompt's terms then join the project's everyday-word
counts (everyday.py). A failure (a corrupt index, a read-only disk) is logged to
.mage/errors.log and the prompt goes on without a hint.
"""

from mage_engine.clip import TITLE_CHARS, clip
from mage_engine.recall.index import HOOK_SCAN_BUDGET_MS

EVENT = "UserPromptSubmit"
SUMMARY_CHARS = 180
QUERY_WORDS = 6
QUERY_WORD_WEIGHT = 0.3  # words rarer than this (see score.py) make the follow-up query


def handle(ctx):
    """The hook handler: a hint string, or None for silence; the declared position's guidance goes first."""
    from mage_engine.procedure.guidance import with_guidance

    prompt = ctx.payload.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        return None
    return with_guidance(ctx, _hint(ctx, prompt))


def _hint(ctx, prompt: str):
    config = ctx.config
    if config.hint_count <= 0:
        return None
    from mage_engine.kb.probe import is_probe_session
    from mage_engine.recall import everyday as everyday_words
    from mage_engine.recall.decide import standing_in_session

    counts = everyday_words.load(ctx.kb)
    decision, weights = _decide(ctx, prompt, config, counts.everyday_terms(), standing_in_session(ctx.kb, ctx.session_id))
    if decision is None:
        return None
    hits = decision["hits"]
    text = render_hint(hits, recall_query(prompt, weights)) if hits else ""
    _record(ctx, text, decision)
    if weights is not None and not is_probe_session(ctx.session_id):
        everyday_words.count_prompt(ctx.kb, counts, [t for word in weights.words for t in word[0]])
    return text or None


def _decide(ctx, prompt: str, config, everyday, standing):
    from mage_engine.recall import store
    from mage_engine.recall.decide import decide

    try:
        return decide(ctx.kb, prompt, config.hint_min_score, config.hint_count, everyday, standing,
                      scan_budget_ms=HOOK_SCAN_BUDGET_MS)
    except BaseException as error:
        if not store.is_index_failure(error):
            raise
        from mage_engine.hooks import log_error

        log_error(ctx.kb, EVENT, f"hint skipped, search index unusable ({type(error).__name__}: {error}); "
                                 "`mage recall` or `mage index` rebuilds it")
        return None, None


def render_hint(hits, query: str) -> str:
    """The injected text: plain statements, one line per note, then the follow-up query."""
    lines = ["Notes from this project's mage memory that match the prompt (files in mage/notes/<id>.md):"]
    for hit in hits:
        lines.append(f"- {clip(hit.id, 80)}: {clip(hit.title, TITLE_CHARS)} — {clip(hit.summary, SUMMARY_CHARS)}"
                     .rstrip(" —"))
    if query:
        lines.append(f'More with: mage recall "{query}"')
    return "\n".join(lines)


def recall_query(prompt: str, weights) -> str:
    """The prompt's most specific words, in prompt order: a query a person could retype."""
    from mage_engine.recall.analysis import terms
    from mage_engine.recall.words import plain_words

    if weights is None:
        return ""
    picked = {}
    for position, word in enumerate(plain_words(prompt[:4000])):  # [A-Za-z0-9][A-Za-z0-9_-]*
        word_terms = terms(word)
        known = [t for t in word_terms if weights.df.get(t)]  # a word no note holds finds nothing
        weight = max((weights.weight.get(t, 0.0) for t in known), default=0.0)
        key = tuple(word_terms)
        if weight >= QUERY_WORD_WEIGHT and key not in picked:
            picked[key] = (weight, position, word.lower())
    best = sorted(picked.values(), key=lambda item: -item[0])[:QUERY_WORDS]
    return " ".join(word for _, _, word in sorted(best, key=lambda item: item[1]))


def _record(ctx, text: str, decision: dict) -> None:
    from mage_engine.recall.ledger import record_injection

    record_injection(ctx.kb, ctx.session_id, EVENT, len(text), decision["hinted"], decision)
    if decision["hinted"]:
        from mage_engine.recall.usage_events import record_usage, session_chapter

        record_usage(ctx.kb, "hinted", decision["hinted"], ctx.session_id, session_chapter(ctx.kb, ctx.session_id))
