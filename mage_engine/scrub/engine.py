"""The scrub's run: gate each rule by its keywords, gather every span, redact every copy, render.

The text is lowercased once. Each rule runs only where one of its keywords
occurs (most texts wake none), and every rule reads the original text, so
the order of rules only decides the kind a span is named by when two rules
find the same secret: key blocks, then vendor formats, then shapes, commands,
files and names. A value found once is redacted everywhere it occurs in the
text (the same token in a command and in its output).
"""

from mage_engine.scrub.rule_index import INDEX

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


TOKEN_PASS = (TokenPass(),)
# The rules, in order, by the tuple each family module keeps them in. A short text loads only the
# families whose keywords it holds (rule_index.py says which without importing them: importing
# them all cost every hook 0.7 ms, and most texts wake none).
FAMILIES = (("mage_engine.scrub.shapes", "KEY_BLOCK_RULES"), ("mage_engine.scrub.engine", "TOKEN_PASS"),
            ("mage_engine.scrub.shapes", "SHAPE_RULES"), ("mage_engine.scrub.vendor_shapes", "VENDOR_SHAPE_RULES"),
            ("mage_engine.scrub.command_lines", "COMMAND_RULES"), ("mage_engine.scrub.files", "FILE_RULES"),
            ("mage_engine.scrub.assign", "ASSIGN_RULES"))
_FAMILY_RULES = {}  # family index -> its rules, once loaded


def family_rules(family: int) -> tuple:
    """The rules of FAMILIES[family], its module imported on first use."""
    rules = _FAMILY_RULES.get(family)
    if rules is None:
        name, attribute = FAMILIES[family]
        rules = _FAMILY_RULES[family] = tuple(getattr(__import__(name, fromlist=[attribute]), attribute))
    return rules


def rule_at(order: int):
    family, position = INDEX[order][:2]
    return family_rules(family)[position]


def all_rules() -> tuple:
    """Every rule, in order (each family loaded)."""
    return tuple(rule for family in range(len(FAMILIES)) for rule in family_rules(family))


def __getattr__(name: str):
    if name == "RULES":  # the whole list, for whoever asks for it by name (tests, rule_index.py)
        return all_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
        for order, (_, _, fold_case, words, _) in enumerate(INDEX):
            if not words:
                always.append(order)
            for word in words:
                (folded if fold_case else written).setdefault(word, []).append(order)
        _KEYWORDS.append((folded, written, always))
    return _KEYWORDS[0]


def _rules_for(text: str, lowered: str) -> list:
    """(order, rule) of the rules whose keywords (and context words) the text holds."""
    if len(text) > SHORT_TEXT:
        return [(order, rule) for order, rule in enumerate(all_rules()) if rule.applies_to(text, lowered)]
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
        context = INDEX[order][4]
        if context and not any(word in text for word in context):
            continue
        rule = rule_at(order)
        if context or rule.applies_to(text, lowered):
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
