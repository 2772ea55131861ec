"""Secrets recognised by their name: `KEY=value`, `key: value`, `"key": "value"`, XML, and prose.

The name decides how sure the scrub must be (scrub_keys): a password-named
value only has to look typed rather than referenced, a `...KEY` or `auth` value
must look machine-made. Prose like "using api token nq83y6…" is caught when a
random-looking string follows a secret-ish word.
"""

from __future__ import annotations  # the re.Match annotations stay text: no `re` import

from mage_engine.capture.scrub_keys import kind_for, tier, value_is_secret
from mage_engine.capture.scrub_rule import LazyPattern, Rule, Span, needle_offsets
from mage_engine.capture.scrub_values import is_plausible, looks_like_password, looks_random

_SECRET_WORDS = "pass|pw|secret|token|key|auth|cred|sig|sess|sid"
_NEEDLES = tuple(_SECRET_WORDS.split("|"))
_PROSE_NEEDLES = ("pass", "secret", "token", "key", "cred")
_CLOSERS = {")": "(", "]": "[", "}": "{"}


def _name_starts(lowered: str) -> list[int]:
    """Where each setting name holding a secret-ish word begins (walk left over name characters)."""
    starts = set()
    for at in needle_offsets(lowered, _NEEDLES):
        start = at
        while start > 0 and at - start < 80 and (lowered[start - 1].isalnum() or lowered[start - 1] in "_.-"):
            start -= 1
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


def _named_value(match: re.Match, key_group="key", value_groups=("qv", "uv")) -> list[Span]:
    name_tier = tier(match.group(key_group))
    if name_tier is None:
        return []
    group = next(g for g in value_groups if match.group(g) is not None)
    value = _trim(match.group(group).strip())
    if not value_is_secret(name_tier, value):
        return []
    start = match.start(group) + match.group(group).index(value)
    return [(start, start + len(value), kind_for(match.group(key_group), name_tier))]


def _secret_data_starts(lowered: str) -> list[int]:
    """Line starts of `data:`/`stringData:` blocks inside YAML documents of `kind: Secret`."""
    import bisect  # only YAML with a `kind:` gets here

    separators = [m.start() for m in _YAML_SEPARATOR.finditer(lowered)]
    secret_docs = {bisect.bisect(separators, m.start()) for m in _K8S_SECRET_KIND.finditer(lowered)}
    starts = []
    for block in _K8S_DATA_KEY.finditer(lowered):
        if bisect.bisect(separators, block.start()) in secret_docs:
            starts.append(block.start())
    return starts


def _k8s_secret_data(match: re.Match) -> list[Span]:
    spans = []
    for line in _K8S_DATA_LINE.finditer(match.group("body")):
        value = line.group("v").strip("'\"")
        if value not in ("|", ">", "|-", ">-", "") and is_plausible(value):
            start = match.start("body") + line.start("v") + line.group("v").index(value)
            spans.append((start, start + len(value), "k8s-secret"))
    return spans


def _near_secret_word(match: re.Match) -> list[Span]:
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


_K8S_SECRET_KIND = LazyPattern(r"(?m)^kind:[ \t]*[\"']?secret[\"']?[ \t]*$")  # on lowercased text
_K8S_DATA_KEY = LazyPattern(r"(?m)^[ \t]*(?:data|stringdata):[ \t]*\r?$")
_YAML_SEPARATOR = LazyPattern(r"(?m)^---")
_K8S_DATA_LINE = LazyPattern(r"(?m)^[ \t]+[\w.\-]{1,253}:[ \t]*(?P<v>\S[^\n]*?)[ \t]*$")

ASSIGN_RULES = [
    Rule("kubernetes secret data",
         r"(?m)^(?P<i>[ \t]*)(?:data|stringData):[ \t]*\r?\n(?P<body>(?:(?P=i)[ \t]+\S[^\n]*(?:\n|$))+)",
         _k8s_secret_data, ("kind:",), fold_case=True, starts=_secret_data_starts),
    Rule("xml element", r"<(?P<key>[\w:.\-]{1,60})>(?P<qv>[^<>\n]{1,400})</(?P=key)>",
         lambda m: _named_value(m, value_groups=("qv",)), ("</",)),
    Rule("key/value attributes", (
        r"(?:key|name)=(?P<kq>[\"'])(?P<key>[^\"'\n]{1,80})(?P=kq)[ \t]+value=(?P<vq>[\"'])"
        r"(?P<qv>[^\"'\n]{1,400})(?P=vq)"), lambda m: _named_value(m, value_groups=("qv",)), ("value=",)),
    Rule("secret assignment", (
        r"(?<![\w.\-])(?P<key>(?=[\w.\-]{0,80}?(?i:" + _SECRET_WORDS + r"))[A-Za-z_][\w.\-]{0,80}?)"
        r"\\?[\"']?\]?[ \t]*(?::=|=>|=(?!=)|:(?![:/]))[ \t]*"
        r"(?:(?P<q>\\?[\"'`])(?P<qv>[^\"'`\n\\]{1,400})(?P=q)"
        r"|(?P<uv>(?:[^\s\"'`,;&\\]|&(?![\w.\-]{1,40}=)){1,400}))"), _named_value, _NEEDLES, fold_case=True,
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
