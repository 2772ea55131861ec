"""Secrets recognised by their name: `KEY=value`, `key: value`, `"key": "value"`, XML, and prose.

The grammar covers the ways code and config assign (gitleaks' 26 sample
syntaxes among them): `=`, `:`, `:=`, `::=`, `:::=`, `?=`, `.=`, `+=`, `=>`,
a type between name and operator (`var xToken string = "…"`, `apiKey: string = …`),
a quoted name and a comma (`System.setProperty("X_TOKEN", "…")`, `define('DB_PASSWORD', …)`),
quoted values holding backslash escapes, `\\"…\\"` inside JSON strings, and an XML
element whose value sits on a line of its own.

The name decides how sure the scrub must be (scrub/names.py): a password-named
value only has to look typed rather than referenced, a `...KEY` or `auth` value
must look machine-made. Prose like "using api token nq83y6…" is caught when a
random-looking string follows a secret-ish word.
"""

from mage_engine.scrub.names import kind_for, tier, value_is_secret
from mage_engine.scrub.rule import Rule, Span, at_needles, needle_offsets
from mage_engine.scrub.masks import AsciiMask
from mage_engine.scrub.values import looks_like_password, looks_random

_SECRET_WORDS = "pass|pw|secret|token|key|auth|cred|sig|sess|sid"
_NEEDLES = tuple(_SECRET_WORDS.split("|"))
_PROSE_NEEDLES = ("pass", "secret", "token", "key", "cred")
_CLOSERS = {")": "(", "]": "[", "}": "{"}
_VALUE_GROUPS = ("dq", "sq", "bq", "eq", "uv")
_VALUE = (r"(?:(?:[rbfuRBFU]{1,2}|@)?\"(?P<dq>(?:[^\"\\\n]|\\.){1,400})\"|(?:[rbfuRBFU]{1,2})?'(?P<sq>(?:[^'\\\n]|\\.){1,400})'"
          r"|`(?P<bq>[^`\n]{1,400})`"
          r"|\\\"(?P<eq>(?:[^\"\\\n]|\\[^\"]){1,400})\\\"|(?P<uv>(?:[^\s\"'`,;&\\]|&(?![\w.\-]{1,40}=)|\\(?![nrt\"'\\/])){1,400}))")


# Name characters (letters, digits, `_.-`) stay, every other ASCII character becomes a space.
_NAME_MASK = AsciiMask({code: " " for code in range(128) if not (chr(code).isalnum() or chr(code) in "_.-")})


_LAST_STARTS = [None, []]  # the lowered text last asked about, and its name starts (two rules ask)


def _name_starts(lowered: str) -> list[int]:
    """Where each setting name holding a secret-ish word begins (the name characters left of the word)."""
    if _LAST_STARTS[0] is lowered:
        return _LAST_STARTS[1]
    _LAST_STARTS[:] = [lowered, _find_name_starts(lowered)]
    return _LAST_STARTS[1]


def _find_name_starts(lowered: str) -> list[int]:
    starts, mask = set(), None
    for at in needle_offsets(lowered, _NEEDLES):
        mask = mask if mask is not None else _NAME_MASK.apply(lowered)
        start = max(mask.rfind(" ", max(0, at - 80), at) + 1, at - 80, 0)
        while start < at and lowered[start] in ".-":
            start += 1
        starts.add(start)
    return sorted(starts)


def _word_starts(lowered: str) -> list[int]:
    """Where a secret-ish word (or a two-word form such as "api key") may begin."""
    starts = set()
    for at in needle_offsets(lowered, _PROSE_NEEDLES):
        for start in range(at, max(at - 9, -1), -1):
            if start == 0 or not lowered[start - 1].isalpha():
                starts.add(start)
            if start > 0 and not (lowered[start - 1].isalpha() or lowered[start - 1] in " _-"):
                break
    return sorted(starts)


def _trim(value: str) -> str:
    """Drop trailing punctuation and closing brackets that belong to the surrounding code or sentence."""
    while value and (value[-1] in ":.," or (value[-1] in _CLOSERS and
                                           value.count(value[-1]) > value.count(_CLOSERS[value[-1]]))):
        value = value[:-1]
    return value


def _named_value(match: "re.Match", key_group="key") -> "list[Span]":
    if match.groupdict().get("op") == "," and (not match.group("quoted") or
                                               match.string[match.end("quoted"): match.start("op")].strip()):
        return []  # `f(token, x)`: arguments, not an assignment; `setProperty("X_TOKEN", "…")` is one
    name_tier = tier(match.group(key_group))
    if name_tier is None:
        return []
    group = next(g for g in _VALUE_GROUPS if match.groupdict().get(g) is not None)
    raw = match.group(group).strip()
    if raw.rstrip(")]};:,").endswith(("...", "…")):
        return []  # `ops_eyJzaWdu...`: a value cut short in documentation
    value = _trim(raw)
    if group == "uv" and match.groupdict().get("quoted") and match.group("op") == ",":
        return []
    if not value or not value_is_secret(name_tier, value):
        return []
    start = match.start(group) + match.group(group).index(value)
    return [(start, start + len(value), kind_for(match.group(key_group), name_tier))]


def _xml_value(match: "re.Match") -> "list[Span]":
    name_tier = tier(match.group("key").rpartition(":")[2])
    value = match.group("qv").strip()
    if name_tier is None or not value_is_secret(name_tier, value):
        return []
    start = match.start("qv") + match.group("qv").index(value)
    return [(start, start + len(value), kind_for(match.group("key"), name_tier))]


def _near_secret_word(match: "re.Match") -> "list[Span]":
    if match.group("v").endswith(("...", "…")):
        return []  # a value cut short in documentation
    value, word = _trim(match.group("v")), match.group("word").lower()
    if match.string[match.end("v"): match.end("v") + 1] in ("(", "["):
        return []  # `password = make_password(...)`: a call, not a value
    if word.startswith("pass"):
        value = value.rstrip("?!")  # prose: "password provision?"
        typed = any(c.isdigit() or not (c.isalnum() or c in "-_.") for c in value)
        ok, kind = typed and looks_like_password(value, 8), "password"
    else:
        ok, kind = looks_random(value, 16), "high-entropy"
    return [(match.start("v"), match.start("v") + len(value), kind)] if ok else []


ASSIGN_RULES = [
    Rule("xml element", r"<(?P<key>[\w:.\-]{1,60})(?:[ \t][^<>\n]{0,200})?>[ \t\r\n]{0,200}?"
                        r"(?P<qv>[^<>\s][^<>\n]{0,400}?)[ \t\r\n]{0,200}</(?P=key)>", _xml_value, ("</",)),
    Rule("key/value attributes", (
        r"(?:key|name)=(?P<quoted>[\"'])(?P<key>[^\"'\n]{1,80})(?P=quoted)[ \t]+value=(?P<vq>[\"'])"
        r"(?P<dq>[^\"'\n]{1,400})(?P=vq)"), _named_value, ("value=",), starts=at_needles("key=", "name=")),
    Rule("secret assignment", (
        r"(?P<key>[A-Za-z0-9_][\w.\-]{0,80}?)(?P<quoted>\\?[\"'`])?\]?"
        r"(?:[ \t]*:[ \t]*[&*]{0,2}(?:'\w+[ \t]+)?[A-Za-z_][\w.\[\]<>|]{0,30}(?=[ \t]*=[^=>]))?"  # `apiKey: string = …`
        r"(?:[ \t]+[A-Za-z_][\w.\[\]*]{0,20}){0,2}?"  # a type or modifier after the name: `var xToken string = …`
        r"[ \t]*(?P<op>:::=|::=|:=|\?=|\.=|\+=|=>|=(?![=~])|:(?![:/\\])|,)[ \t]*" + _VALUE),
         _named_value, _NEEDLES, fold_case=True, starts=_name_starts),
    Rule("yaml block scalar", (
        r"(?m)(?P<key>[A-Za-z0-9_][\w.\-]{0,80}?)(?P<quoted>[\"']?)[ \t]*:[ \t]*[|>][+\-]?[ \t]*\r?\n[ \t]+"
        r"(?P<uv>\S[^\n]{0,400}?)[ \t]*\r?$"), _named_value, (": |", ":|", ": >", ":>"), fold_case=True,
         starts=_name_starts),
    Rule("random string after a secret word", (
        r"(?i)(?<![a-z])(?P<word>password|passwd|passphrase|secret|token|api[ _\-]?key|access[ _\-]?key"
        r"|secret[ _\-]?key|private[ _\-]?key|client[ _\-]?secret|credentials?|auth[ _\-]?token)"
        r"(?![a-z])(?=[ \t:=])(?:[ \t]*(?:(?:is|was|=|:|=>|->)[ \t]*)?"  # "token: X", "password is X"
        r"|(?:[ \t]+[\w.\-/@]+){1,5}?(?:[ \t]+(?:is|was|are)[ \t]+|[ \t]*(?:=|:|=>|->)[ \t]*))"  # "key for X is Y"
        r"[\"'`]?"
        r"(?P<v>[^\s\"'`,;()\[\]<>{}\\]{6,400})"), _near_secret_word, _PROSE_NEEDLES, fold_case=True,
         starts=_word_starts),
]
