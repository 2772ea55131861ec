"""The line a person must fix, from a PyYAML error: the construct that was left open, not where
the parser gave up.

PyYAML reports two marks. `problem_mark` is where parsing failed; for a flow
collection, a quoted scalar or a key that is never closed, that is the line
*after* the mistake (`tags: [a, b` on line 6 fails on line 7). `context_mark`
is where the unclosed construct began, which is the line to fix. For block
structure (a bad indent, a stray `]`), the problem mark is the line. A mark
past the text's last line (the end of the stream) is the last line that holds
text.
"""

OPENED_CONTEXTS = ("while parsing a flow", "while scanning a quoted scalar", "while scanning a simple key")


def error_line(error, text: str) -> int:
    """The 1-based line of `text` that holds the mistake PyYAML's `error` describes."""
    problem = getattr(error, "problem_mark", None)
    context = getattr(error, "context_mark", None)
    opened = str(getattr(error, "context", "") or "").startswith(OPENED_CONTEXTS)
    if context is not None and opened and (problem is None or context.line <= problem.line):
        line = context.line
    elif problem is not None:
        line = problem.line
    else:
        return 1
    lines = text.splitlines()
    line = min(line, max(len(lines) - 1, 0))
    while line > 0 and not lines[line].strip():
        line -= 1  # past the end, or on a blank line: the mistake is on the last line with text
    return line + 1


OPENERS = {"flow sequence": "[", "flow mapping": "{", "flow node": "[ or {", "quoted scalar": "quote"}


def error_problem(error) -> str:
    """What is wrong, said of the line `error_line` names."""
    problem = str(getattr(error, "problem", None) or "not valid YAML")
    context = str(getattr(error, "context", "") or "")
    if not context.startswith(OPENED_CONTEXTS):
        return problem
    if context.startswith("while scanning a simple key"):
        return f"this line is not a `key: value` pair ({problem})"
    opener = OPENERS.get(context.split(" a ", 1)[-1], context.split(" a ", 1)[-1])
    return f"the {opener} on this line is never closed ({problem})"
