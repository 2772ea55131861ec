"""Signatures: normalised, stable keys for a recurring situation with an outcome (docs/recurrence.md#what-a-signature-is).

Everything that changes from one occurrence to the next (paths, numbers,
hashes, ids, temp names, line numbers, quoted values) becomes a placeholder,
so the same situation in different chapters yields the same key:

    fix: pytest | ModuleNotFoundError: No module named <name> | pip install -e .
    retry: pytest | ConnectionResetError: [Errno <n>] Connection reset by peer | with --reruns <n>
    correction: npm install | use pnpm

A key always carries what went wrong and what made it right (or, for a
correction, what was overruled and what the user wanted): a tool or file name
alone never makes one.
"""

import re

MAX_ERROR_CHARS = 140
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_QUOTED = re.compile(r"'([^'\n]{1,160})'|\"([^\"\n]{1,160})\"|`([^`\n]{1,160})`|‘([^’\n]{1,160})’|“([^”\n]{1,160})”")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.IGNORECASE)
_TEMP = re.compile(r"(?:/private)?/(?:tmp|var/folders|var/tmp)/\S*|\bpytest-of-\S+|\btmp[A-Za-z0-9_]{5,}(?:/\S*)?")
_EXTENSIONS = ("py|pyi|js|mjs|cjs|ts|tsx|jsx|json|toml|ya?ml|md|txt|cfg|ini|lock|sh|rs|go|java|rb|c|h|cc|cpp|hpp"
               "|css|scss|html|sql|xml|csv|log|env|vue|svelte|kt|swift|php|ipynb|gradle|tf|proto|conf")
_PATH_LINE = re.compile(r"(?:[\w.~-]*/)*[\w.-]+\.(?:%s):\d+(?::\d+)?" % _EXTENSIONS)
_PATH = re.compile(r"(?<![\w<])(?:~|\.{1,2})?(?:/[\w.@+-]+)+/?|\b(?:[\w.@+-]+/)+[\w.@+-]*"
                   r"|\b[\w-]+(?:\.[\w-]+)*\.(?:%s)\b" % _EXTENSIONS)
_LINE_WORD = re.compile(r"\b(line|lines|col|column|offset|pos|position)\s+\d+", re.IGNORECASE)
_HEX = re.compile(r"\b(?:0x[0-9a-f]+|(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64})\b", re.IGNORECASE)
_ID = re.compile(r"\b(?:[A-Za-z]+_[A-Za-z0-9]{8,}|(?=[A-Za-z0-9]*\d[A-Za-z0-9]*\d[A-Za-z0-9]*\d)[A-Za-z0-9]{12,})\b")
_VERSION = re.compile(r"\bv\d+(?:\.\d+)+\b")
_NUMBER = re.compile(r"(?<![A-Za-z_\d.<])[-+]?\d+(?:[.,:]\d+)*")
_SPACE = re.compile(r"\s+")
_NAMEISH = re.compile(r"^[\w.:@-]+$")
_PLACEHOLDER = re.compile(r"<(?:name|value|path|line|tmp|url|id|hash|n)>")
_SHELL_PREFIX = re.compile(r"^(?:(?:/usr)?/bin/)?(?:ba|z|da|fi)?sh:\s*(?:line\s+)?(?:<n>:\s*)?", re.IGNORECASE)


def normalise_text(text: str) -> str:
    """`text` with volatile parts replaced by placeholders, on one line."""
    text = _ANSI.sub("", str(text or ""))
    text = _QUOTED.sub(_quoted, text)
    text = _URL.sub("<url>", text)
    text = _UUID.sub("<id>", text)
    text = _TEMP.sub("<tmp>", text)
    text = _PATH_LINE.sub("<path>:<line>", text)
    text = _PATH.sub("<path>", text)
    text = _LINE_WORD.sub(lambda m: f"{m.group(1)} <n>", text)
    text = _HEX.sub("<hash>", text)
    text = _ID.sub("<id>", text)
    text = _VERSION.sub("v<n>", text)
    text = _NUMBER.sub("<n>", text)
    return _SPACE.sub(" ", text).strip()


def _quoted(match: re.Match) -> str:
    inner = next(group for group in match.groups() if group is not None)
    if _TEMP.search(inner):
        return "<tmp>"
    if _PATH.fullmatch(inner.strip()) or _PATH_LINE.fullmatch(inner.strip()):
        return "<path>"
    if _NAMEISH.match(inner):
        return "<name>"
    return "<value>"


def error_class(error: str, exit_code=None) -> str:
    """The normalised class of a failure: `ModuleNotFoundError: No module named <name>`,
    `exit 127: rg: command not found`. Empty when the failure says nothing."""
    from mage_engine.hosts.claude_code.noise import is_warning_line, noise_class

    text = re.sub(r"^E\s+", "", str(error or "").strip())
    if noise_class(text):
        return ""  # a refusal, an interruption or a tool-usage slip: nothing went wrong with the work
    if is_warning_line(text):
        text = ""  # a warning is never the error (older trails kept `W: GPG error …` as the error line)
    text = normalise_text(text)
    text = _SHELL_PREFIX.sub("", text).strip()
    if re.fullmatch(r"exit code <n>", text, re.IGNORECASE):
        text = ""
    exception = re.match(r"^[A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit|Warning)\b", text)
    if isinstance(exit_code, int) and exit_code != 0 and not exception:
        text = f"exit {exit_code}: {text}" if text else f"exit {exit_code}"
    return _cap(text, MAX_ERROR_CHARS)


def _cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def fix_signature(head: str, error: str, fix: str) -> str:
    """`fix: <failing command> | <error class> | <the step after which it succeeded>`."""
    return f"fix: {head} | {error} | {fix}"


def retry_signature(command: str, error: str, delta: str) -> str:
    """`retry: <command> | <error class> | <flags or environment changed>`."""
    return f"retry: {command} | {error} | {delta}"


def correction_signature(overruled: str, wanted: str) -> str:
    """`correction: <the agent's overruled action> | <what the user wanted>`."""
    return f"correction: {overruled} | {wanted}"


def family_of(signature: str) -> str:
    """fix | retry | correction, read from the key itself."""
    return signature.split(":", 1)[0]


def signature_id(signature: str) -> str:
    """A short, stable handle for a signature (10 hex chars), for listings and the TUI."""
    import hashlib  # here: the nudge reads fixes through this module, and the hook path loads no hashlib

    return hashlib.sha256(signature.encode("utf-8")).hexdigest()[:10]


def strip_placeholders(text: str) -> str:
    """The words of a signature part without its placeholders (for recall queries)."""
    return _SPACE.sub(" ", _PLACEHOLDER.sub(" ", text)).strip()


def is_placeholder_only(text: str) -> bool:
    """True when nothing but placeholders and punctuation is left: no evidence at all."""
    return not re.search(r"[A-Za-z]", _PLACEHOLDER.sub("", text))
