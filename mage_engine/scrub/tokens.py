"""The token pass: every long run of token characters, judged against the vendor families.

One scan finds the candidates (runs of letters, digits and `_-+/.~`, 14 or
more), so the cost grows with the text, not with the number of vendors. Each
candidate is then looked up: by prefix (`ghp_`, `xoxb-`, `AKIA`: a dict, longest
prefix first) and by infix (`Q~`, `.atlasv1.`); failing that, a random-looking
candidate is matched against the vendor names in the 48 characters before it
(`mailgun 'gRtZ…'`, `onesignal_app = e8b1…`). scrub/formats.py and
scrub/context.py hold those two judgements.

Short texts (every hook call) are scanned with str.translate and split, so an
ordinary command never imports `re`; long texts use one regular expression,
which finds exactly the same runs faster.
"""

from mage_engine.scrub.context import context_span
from mage_engine.scrub.families import TOKEN
from mage_engine.scrub.formats import format_span
from mage_engine.scrub.patterns import LazyPattern

MIN_TOKEN = 14
REGEX_ABOVE = 16_384  # texts longer than this are scanned by _RUNS (re is worth loading for them)
_TABLE = {code: " " for code in range(128) if chr(code) not in TOKEN}
_RUNS = LazyPattern(r"[A-Za-z0-9_\-+/.~]{%d,}" % MIN_TOKEN)
_LEAD, _TRAIL = "/.+-", "."


def candidates(text: str):
    """(start, end) of every run of token characters at least MIN_TOKEN long, left to right."""
    if len(text) > REGEX_ABOVE:
        for match in _RUNS.finditer(text):
            yield match.span()
        return
    runs, at = text.translate(_TABLE), 0
    for run in runs.split():
        if len(run) < MIN_TOKEN:
            continue
        at = runs.find(run, at)
        if run.isascii():
            yield at, at + len(run)
        else:
            yield from _ascii_runs(run, at)
        at += len(run)


def _ascii_runs(run: str, offset: int):
    start = None
    for i, char in enumerate(run + " "):
        if char.isascii() and char != " ":
            start = i if start is None else start
        elif start is not None:
            if i - start >= MIN_TOKEN:
                yield offset + start, offset + i
            start = None


def token_spans(text: str, lowered: str) -> list:
    """(start, end, kind) of every candidate a vendor family claims."""
    spans, table = [], None
    for start, end in candidates(text):
        while start < end and text[start] in _LEAD:
            start += 1
        while end > start and text[end - 1] in _TRAIL:
            end -= 1
        if end - start < MIN_TOKEN:
            continue
        if table is None:
            from mage_engine.scrub.families.index import index  # the hook path: built only for a candidate token

            table = index()
        span = format_span(table, text, lowered, start, end) or context_span(table, text, lowered, start, end)
        if span:
            spans.append(span)
    return spans
