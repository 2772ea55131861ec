"""The secret scrub (SPEC 3.4): everything bound for `.mage/` or `mage/` passes through here.

`scrub(text)` replaces each secret with `[REDACTED:kind]` and leaves look-alikes
(git SHAs, UUIDs, digests, lockfile hashes, `${VAR}`, `<placeholder>`) alone.
It is pure, idempotent, never raises, and linear in the input: it runs on the
hook path for every tool call, so it uses only `re`, and it is cheap to import:
a rule whose substring pre-check fails costs one `in` test, and its pattern is
compiled only the first time a text passes that pre-check (scrub_rule.LazyPattern).

Rules run in order: key blocks and vendor-prefixed tokens first (their shape
is proof), then shapes that need a look at the value (URL credentials, auth
headers, CLI flags, JWTs), then secrets known by the name they are assigned to,
then random strings next to a secret-ish word.
"""

from mage_engine.capture.scrub_assign import ASSIGN_RULES
from mage_engine.capture.scrub_commands import COMMAND_RULES
from mage_engine.capture.scrub_rule import LazyPattern
from mage_engine.capture.scrub_shapes import KEY_BLOCK_RULES, SHAPE_RULES
from mage_engine.capture.scrub_vendors import VENDOR_RULES

RULES = (*KEY_BLOCK_RULES, *VENDOR_RULES, *SHAPE_RULES, *COMMAND_RULES, *ASSIGN_RULES)
FAILED = "[REDACTED:scrub-failed]"
_NEWLINE = LazyPattern("\n")


def scrub(text: str) -> str:
    """`text` with every secret replaced by `[REDACTED:kind]`."""
    return scrub_report(text)[0]


def scrub_report(text: str) -> tuple[str, list[str]]:
    """The scrubbed text and the kind of each secret replaced, in the order found."""
    kinds: list[str] = []
    try:
        scrubbed = _run(_as_text(text), lambda kind, where, current: kinds.append(kind), keep_lines=False)
    except Exception:  # never raise on the hook path; fail closed rather than leak
        return FAILED, ["scrub-failed"]
    return scrubbed, kinds


def find_secrets(text: str) -> list[tuple[int, str]]:
    """(line number, kind) of each secret in `text`, lines counted from 1, sorted."""
    import bisect  # `mage redact` needs it, the hook path does not

    found: list[tuple[int, str]] = []
    seen = ["", []]  # the text version last seen and its newline offsets

    def record(kind: str, where: int, current: str) -> None:
        if seen[0] is not current:
            seen[:] = [current, [m.start() for m in _NEWLINE.finditer(current)]]
        found.append((bisect.bisect_left(seen[1], where) + 1, kind))

    _run(_as_text(text), record, keep_lines=True)
    return sorted(found)


def _as_text(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    return "" if value is None else str(value)


def _run(text: str, record, keep_lines: bool) -> str:
    """Apply every rule in turn; `record(kind, offset, text)` is told of each redaction.

    With `keep_lines`, a redacted span keeps its newlines so line numbers hold.
    """
    lowered = text.lower()
    for rule in RULES:
        if rule.applies_to(text, lowered):
            changed = _apply(rule, text, lowered, record, keep_lines)
            if changed is not text:
                text, lowered = changed, changed.lower()
    return text


def _matches(rule, text: str, lowered: str):
    """The rule's non-overlapping matches, left to right."""
    if rule.starts is None or len(lowered) != len(text):  # lower() may change lengths (rare scripts)
        yield from rule.pattern.finditer(text)
        return
    end, pattern = 0, None
    for start in rule.starts(lowered):
        if start >= end:
            pattern = pattern or rule.pattern.compiled()  # compiled only when there is somewhere to try it
            match = pattern.match(text, start)
            if match:
                end = max(match.end(), start + 1)
                yield match


def _apply(rule, text: str, lowered: str, record, keep_lines: bool) -> str:
    """`text` with the rule's redactions made (the same object when nothing changed)."""
    pieces, cursor = [], 0
    for match in _matches(rule, text, lowered):
        for start, end, kind in sorted(rule.judge(match)):
            if start < cursor:
                continue  # overlapping spans: the first one wins
            record(kind, start, text)
            newlines = "\n" * text.count("\n", start, end) if keep_lines else ""
            pieces += [text[cursor:start], f"[REDACTED:{kind}]", newlines]
            cursor = end
    if not pieces:
        return text
    pieces.append(text[cursor:])
    return "".join(pieces)
