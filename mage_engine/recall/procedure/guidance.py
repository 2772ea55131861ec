"""Next and Then: the declared step's outgoing transitions, two hops out.

Outgoing only (what precedes the step is what the agent has already done), a
few per hop, the most successful first, each `step — when …; do …; avoid …
[3 ok / 1 failed]`, well under 1,500 characters. Silence when the session
declared nothing, has ended, or stands at a step the graph does not know.
`with_guidance` is the prompt hook's one call: it puts the block before the
lexical hint, in the same additionalContext, and logs it in the ledger.
"""

from mage_engine.recall.procedure.position import declared

EVENT = "UserPromptSubmit"
PER_HOP = 3
MAX_CHARS = 1400
PART_CHARS = 160


def with_guidance(ctx, hint: str | None, position: dict | None = None) -> str | None:
    """The hint with the guidance block before it (the hint alone when there is no position, or when
    drawing the guidance failed: that is logged, and never costs the prompt its hint). `position`:
    the session's declared one, when the caller has read it already."""
    position = position or declared(ctx.kb, ctx.session_id)
    if position is None:
        return hint
    try:
        return _guided(ctx, position, hint)
    except Exception as error:
        ctx.log(f"guidance skipped ({type(error).__name__}: {error})")
        return hint


def _guided(ctx, position: dict, hint: str | None) -> str | None:
    from mage_engine.recall.procedure.graph import for_hook

    cache = for_hook(ctx.kb)
    text, named = render(cache, position["key"]) if cache else ("", [])
    if not text:
        return hint
    from mage_engine.usage.ledger import record_injection

    record_injection(ctx.kb, ctx.session_id, EVENT, len(text), named)
    return f"{text}\n\n{hint}" if hint else text


def render(cache: dict, key: str) -> tuple:
    """(the block, the transition note ids it names); ('', []) for a step with nothing to say."""
    from mage_engine.recall.procedure.graph import edges, outgoing

    names = StepNames(cache)
    if key not in names:
        return "", []
    all_edges = edges(cache)
    following = outgoing(cache, key, all_edges)[:PER_HOP]
    if not following:
        return "", []
    lines = [f'Where you are (declared with `mage session turn`): "{_clip(names[key])}". '
             "What sessions of this project did from here:", "Next:"]
    named = []
    lines += [_line(edge, names, named) for edge in following]
    beyond = {key} | {edge["to"] for edge in following}
    then = [edge for step in following for edge in outgoing(cache, step["to"], all_edges) if edge["to"] not in beyond]
    if then:
        lines.append("Then:")
        lines += [_line(edge, names, named, after=True) for edge in then[:PER_HOP]]
    return _fit(lines), named


class StepNames:
    """The graph's step names, looked up as they are needed (graph.step_name), each once."""

    def __init__(self, cache: dict):
        self.cache, self.known = cache, {}

    def get(self, key: str, default=None):
        if key not in self.known:
            from mage_engine.recall.procedure.graph import step_name

            self.known[key] = step_name(self.cache, key)
        name = self.known[key]
        return default if name is None else name

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def __getitem__(self, key: str) -> str:
        name = self.get(key)
        if name is None:
            raise KeyError(key)
        return name


def _line(edge: dict, names, named: list, after: bool = False) -> str:
    from mage_engine.recall.procedure.outcomes import counts_text
    from mage_engine.recall.index.transitions import is_advice

    advice = next((t for t in edge["transitions"] if is_advice(t)), None)
    target = _clip(names.get(edge["to"], edge["to"]))
    head = f"- {target} (after {_clip(names.get(edge['from'], edge['from']))})" if after else f"- {target}"
    parts = []
    if advice:
        named.append(advice["id"])
        parts = [f"{word} {_clip(advice[field])}" for word, field in (("when", "when"), ("do", "do"),
                                                                     ("avoid", "avoid")) if advice[field]]
    tail = counts_text(edge["outcomes"])
    return f"{head} — {'; '.join(parts)} {tail}" if parts else f"{head} {tail}"


def _clip(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= PART_CHARS else text[: PART_CHARS - 1].rstrip() + "…"


def _fit(lines: list) -> str:
    """Whole lines within MAX_CHARS: the last ones go first (Then before Next), never the first item."""
    while len("\n".join(lines)) > MAX_CHARS and len(lines) > 3:
        lines = lines[:-1]
        if lines[-1] == "Then:":
            lines = lines[:-1]
    return "\n".join(lines)
