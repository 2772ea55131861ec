"""A prompt read as the person wrote it: their own sentences, without what they pasted.

Code blocks, quoted lines (`> …`), log, test-run and traceback lines, shell
prompts and indented text are someone else's words and are set aside; in a long
prompt (a pasted spec or plan) so are list items. Quoted and backticked text is
masked while markers are looked for, so "add a 'save to memory' button" and
"the tooltip says \"Never show again\"" ask for nothing.
"""

import re

_QUOTES = {'"': '"', "“": "”", "`": "`"}
_SET_ASIDE = re.compile(r"^(?:\s{2,}|\t|>|#|//|\$\s|\[?\d{4}-\d\d-\d\d|\[?\d\d:\d\d:\d\d|"
                        r"(?:WARN|WARNING|ERROR|INFO|DEBUG|TRACE|FATAL|E)\b\s|npm\s+(?:WARN|ERR)|Traceback|"
                        r"\w*(?:Error|Exception|Warning):\s)|\b(?:PASSED|FAILED)\s*$")
_LOG_MARKS = ("═", "✓", "✔", "✗", "[INFO", "[WARN", "[ERROR", "[*]", "│", "┃")


def sentences(text: str, document: bool) -> list:
    """The person's own sentences in `text` (`document`: a long prompt, whose list items are pasted)."""
    lines = []
    outside_code = "\n".join(text.split("```")[::2])  # the text between fenced blocks, never inside one
    for line in outside_code.splitlines():
        if not line.strip() or _SET_ASIDE.search(line) or any(mark in line for mark in _LOG_MARKS):
            continue
        if document and (line.lstrip().startswith(("-", "*", "|", "+")) or _numbered(line)):
            continue  # a pasted spec's points are not the person asking
        lines.append(line.strip())
    return [part.strip() for line in lines for part in re.split(r"(?<=[.!?])\s+", line) if part.strip()]


def _numbered(line: str) -> bool:
    head = line.lstrip()[:4]
    return bool(head[:1].isdigit() and ("." in head or ")" in head))


def mask(sentence: str) -> str:
    """The sentence with quoted and backticked text blanked, same length (positions stay valid).
    Plain code, not a pattern: compiling one costs the hook more than this loop."""
    chars, index = list(sentence.replace("’", "'")), 0
    while index < len(chars):
        close = _QUOTES.get(chars[index])
        end = sentence.find(close, index + 1, index + 202) if close else -1
        if end > 0:
            chars[index + 1:end] = "_" * (end - index - 1)
            index = end
        index += 1
    return "".join(chars)
