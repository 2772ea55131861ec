"""The scrub's run: gate each rule by its keywords, gather every span, redact every copy, render.

The text is lowercased once. Each rule runs only where one of its keywords
occurs (most texts wake none), and every rule reads the original text, so
the order of rules only decides the kind a span is named by when two rules
find the same secret: key blocks, then vendor formats, then shapes, commands,
files and names. A value found once is redacted everywhere it occurs in the
text (the same token in a command and in its output).
"""

from mage_engine.scrub.assign import ASSIGN_RULES
from mage_engine.scrub.command_lines import COMMAND_RULES
from mage_engine.scrub.files import FILE_RULES
from mage_engine.scrub.shapes import KEY_BLOCK_RULES, SHAPE_RULES
from mage_engine.scrub.vendor_shapes import VENDOR_SHAPE_RULES

MARK = "[REDACTED:"
COPY_MIN = 8  # shorter values are too likely to occur by chance elsewhere in the text
COPY_BUDGET = 200_000_000  # characters the copy search may scan in one text (a bound, not a target)


class TokenPass:
    """The vendor families as one rule (scrub/tokens.py): it gates itself by its own scan."""

    name = "vendor token"

    @staticmethod
    def applies_to(text: str, lowered: str) -> bool:
        """A candidate is a run of 14 token characters, so some word between spaces is that long
        (a long text is not split to find out: it surely has one)."""
        return len(text) > SHORT_TEXT or (len(text) >= 14 and any(len(word) >= 14 for word in text.split()))

    @staticmethod
    def spans(text: str, lowered: str) -> list:
        from mage_engine.scrub.tokens import token_spans

        return token_spans(text, lowered)


RULES = (*KEY_BLOCK_RULES, TokenPass(), *SHAPE_RULES, *VENDOR_SHAPE_RULES, *COMMAND_RULES, *FILE_RULES, *ASSIGN_RULES)


def as_text(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    return "" if value is None else str(value)


def lowercase(text: str) -> str:
    """`text.lower()`, one character for one, so offsets in it are offsets in `text` (İ lowers to two)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(low if len(low) == 1 else char for char, low in ((c, c.lower()) for c in text))


SHORT_TEXT = 4096  # below this, each keyword is looked for once and only the rules it names run
_KEYWORDS = []


def _keywords() -> tuple:
    """(lowercased keyword -> rules, keyword as written -> rules, rules with no keyword), rules by order."""
    if not _KEYWORDS:
        folded, written, always = {}, {}, []
        for order, rule in enumerate(RULES):
            words = getattr(rule, "keywords", ())
            if not words:
                always.append(order)
            for word in words:
                (folded if rule.fold_case else written).setdefault(word, []).append(order)
        _KEYWORDS.append((folded, written, always))
    return _KEYWORDS[0]


def _rules_for(text: str, lowered: str) -> list:
    """(order, rule) of the rules whose keywords (and context words) the text holds."""
    if len(text) > SHORT_TEXT:
        return [(order, rule) for order, rule in enumerate(RULES) if rule.applies_to(text, lowered)]
    folded, written, always = _keywords()
    orders = set(always)
    for word, rules in folded.items():
        if word in lowered:
            orders.update(rules)
    for word, rules in written.items():
        if word in text:
            orders.update(rules)
    chosen = []
    for order in sorted(orders):
        rule = RULES[order]
        context = getattr(rule, "context", ())
        if (not context or any(word in text for word in context)) and (context or rule.applies_to(text, lowered)):
            chosen.append((order, rule))
    return chosen


def find_spans(text: str) -> list:
    """Every secret in `text` as sorted, non-overlapping (start, end, kind)."""
    lowered = lowercase(text)
    found = []
    for order, rule in _rules_for(text, lowered):
        found += [(start, end, kind, order) for start, end, kind in rule.spans(text, lowered) if end > start]
    if not found:
        return []
    merged = _merge(found)
    spans = _merge(merged + _copies(text, merged))
    if MARK in text:
        spans = _outside_marks(text, spans)
    return [(start, end, kind) for start, end, kind, _ in spans]


def _outside_marks(text: str, spans: list) -> list:
    """The spans that touch no `[REDACTED:kind]` already in the text: scrubbing twice is scrubbing once."""
    marks, at = [], text.find(MARK)
    while at >= 0:
        end = text.find("]", at)
        end = len(text) if end < 0 else end + 1
        marks.append((at, end))
        at = text.find(MARK, end)
    kept, index = [], 0
    for span in spans:  # both lists are sorted and the marks do not overlap: one sweep
        while index < len(marks) and marks[index][1] <= span[0]:
            index += 1
        if index == len(marks) or marks[index][0] >= span[1]:
            kept.append(span)
    return kept


def _merge(spans: list) -> list:
    """Overlapping spans become one, named by the earliest rule among them."""
    merged = []
    for start, end, kind, order in sorted(spans):
        if merged and start < merged[-1][1]:
            first, last_end, named, named_order = merged[-1]
            if order < named_order:
                named, named_order = kind, order
            merged[-1] = (first, max(last_end, end), named, named_order)
        else:
            merged.append((start, end, kind, order))
    return merged


def _copies(text: str, spans: list) -> list:
    """Every other occurrence of each value found (a secret printed twice is redacted twice)."""
    values = {}
    for start, end, kind, order in spans:
        if COPY_MIN <= end - start <= 4096:
            values.setdefault(text[start:end], (kind, order))
    copies, budget = [], COPY_BUDGET
    for value, (kind, order) in values.items():
        budget -= len(text)
        if budget < 0:
            break
        at = text.find(value)
        while at >= 0:
            copies.append((at, at + len(value), kind, order))
            at = text.find(value, at + len(value))
    return copies


def render(text: str, spans: list) -> str:
    """`text` with each span replaced by `[REDACTED:kind]`."""
    pieces, cursor = [], 0
    for start, end, kind in spans:
        pieces += [text[cursor:start], f"[REDACTED:{kind}]"]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
