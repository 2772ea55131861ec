"""The secret scrub: everything bound for `.mage/` or `mage/` passes through here.

`scrub(text)` replaces each secret with `[REDACTED:kind]` and leaves look-alikes
(git SHAs, UUIDs, digests, lockfile hashes, `${VAR}`, `<placeholder>`) alone.
It is pure, idempotent, never raises, and linear in the input. It runs on the
hook path for every tool call, so importing it compiles nothing and loads no
`re`: a rule runs only where one of its keywords occurs, and its pattern is
compiled the first time a text holds one (docs/scrub.md). The rules load with
the first call, so a hook that only reads `RULES_VERSION` pays for none of them.

`RULES_VERSION` changes whenever the rules find more: a knowledge base written
under an older version is re-scrubbed (`mage redact --rescrub`).
"""

from mage_engine.scrub.version import RULES_VERSION

__all__ = ["FAILED", "RULES_VERSION", "find_secrets", "scrub", "scrub_report"]
FAILED = "[REDACTED:scrub-failed]"


def scrub(text) -> str:
    """`text` with every secret replaced by `[REDACTED:kind]`."""
    return scrub_report(text)[0]


_LAST = [None, None]  # the text last scrubbed and its result: a prompt is asked about three times


def scrub_report(text) -> tuple[str, list[str]]:
    """The scrubbed text and the kind of each secret replaced, in the order they occur.

    One hook run scrubs the same prompt for its trail line, its everyday-word counts and its
    ledger line; the last text's result is kept, so the two later asks cost nothing (an equal
    copy, such as the same slice of a long paste, too)."""
    if text is not None and (text is _LAST[0] or (isinstance(text, str) and text == _LAST[0])):  # a copy too
        return _LAST[1][0], list(_LAST[1][1])
    report = _scrubbed(text)
    if isinstance(text, str):
        _LAST[:] = [text, report]
    return report[0], list(report[1])


def _scrubbed(text) -> tuple[str, list[str]]:
    try:
        from mage_engine.scrub.engine import as_text, find_spans, render

        text = as_text(text)
        spans = find_spans(text)
    except Exception:  # never raise on the hook path; fail closed rather than leak
        return FAILED, ["scrub-failed"]
    return (render(text, spans) if spans else text), [kind for _, _, kind in spans]


def find_secrets(text) -> list[tuple[int, str]]:
    """(line number, kind) of each secret in `text`, lines counted from 1, sorted; the text is not changed."""
    from mage_engine.scrub.engine import as_text, find_spans

    text = as_text(text)
    found, line, cursor = [], 1, 0
    for start, _, kind in find_spans(text):
        line += text.count("\n", cursor, start)
        cursor = start
        found.append((line, kind))
    return found
