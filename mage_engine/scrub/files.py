"""Secrets whose place in a file or an output says "credential", with no secret-ish name on them.

`.pgpass` lines (`host:port:db:user:password`), `.netrc` (`machine … password …`),
name/value pairs (`{"name": "DB_PASSWORD", "value": "…"}`, a Kubernetes `env:`
entry, an SSM `SecureString`), the `data:` of a Kubernetes Secret (YAML or
JSON), the `Data` table of `vault kv get`, the keys `az … keys list` prints, and
the `SecretString` of `aws secretsmanager get-secret-value`.
"""

from mage_engine.scrub.names import PASSWORD, tier, value_is_secret
from mage_engine.scrub.patterns import LazyPattern
from mage_engine.scrub.rule import Rule, Span, at_needles, token_rule
from mage_engine.scrub.values import is_plausible, looks_like_password

_K8S_SECRET_KIND = LazyPattern(r"(?m)^[ \t]*kind:[ \t]*[\"']?secret[\"']?[ \t]*$")  # on lowercased text
_K8S_DATA_KEY = LazyPattern(r"(?m)^[ \t]*(?:data|stringdata):[ \t]*\r?$")
_YAML_SEPARATOR = LazyPattern(r"(?m)^---")
_K8S_DATA_LINE = LazyPattern(r"(?m)^[ \t]+[\w.\-]{1,253}:[ \t]*(?P<v>\S[^\n]*?)[ \t]*\r?$")
_JSON_PAIR = LazyPattern(r"\"[\w.\-]{1,253}\"[ \t\r\n]*:[ \t\r\n]*\"(?P<v>[^\"\n]{1,8000})\"")
_TABLE_ROW = LazyPattern(r"(?m)^(?P<k>[\w.\-/]{1,120})[ \t]{2,}(?P<v>\S[^\n]{0,400}?)[ \t]*\r?$")


def _secret_data_starts(lowered: str) -> list[int]:
    """Line starts of `data:`/`stringData:` blocks inside YAML documents of `kind: Secret`."""
    import bisect  # only YAML with a `kind:` gets here

    kinds = [m.start() for m in _K8S_SECRET_KIND.finditer(lowered)]
    if not kinds:
        return []
    separators = [m.start() for m in _YAML_SEPARATOR.finditer(lowered)]
    secret_docs = {bisect.bisect(separators, at) for at in kinds}
    return [block.start() for block in _K8S_DATA_KEY.finditer(lowered)
            if bisect.bisect(separators, block.start()) in secret_docs]


def _secret_data(match: "re.Match", lines=_K8S_DATA_LINE) -> "list[Span]":
    spans = []
    for line in lines.finditer(match.group("body")):
        value = line.group("v").strip("'\"")
        if value not in ("|", ">", "|-", ">-", "") and len(value.rstrip("=")) >= 10 and is_plausible(value):
            start = match.start("body") + line.start("v") + line.group("v").index(value)
            spans.append((start, start + len(value), "k8s-secret"))
    return spans


def _json_secret_data(match: "re.Match") -> "list[Span]":
    around = match.string[max(0, match.start() - 2000): match.end() + 2000]
    if '"secret"' not in around.lower().replace(" ", ""):
        return []
    return _secret_data(match, _JSON_PAIR)


def _pgpass_starts(lowered: str) -> list[int]:
    """Starts of the lines shaped `host:port:database:user:password` (four colons, a port or `*` second)."""
    if lowered.count(":") < 4:
        return []
    starts, begin = [], 0
    while begin < len(lowered):
        end = lowered.find("\n", begin)
        end = len(lowered) if end < 0 else end
        if lowered.count(":", begin, end) == 4:
            port = lowered[begin:end].split(":")[1]
            if port == "*" or (port.isdigit() and len(port) <= 5):
                starts.append(begin)
        begin = end + 1
    return starts


def _pgpass_line(match: "re.Match") -> "list[Span]":
    value = match.group("v")
    return [(match.start("v"), match.end("v"), "password")] if looks_like_password(value, 4) else []


def _name_value(match: "re.Match") -> "list[Span]":
    """`{"name": "DB_PASSWORD", "value": "…"}` or a YAML `- name: …` / `value: …` entry."""
    value = match.group("v").strip().strip("'\"")
    secure = "securestring" in match.group(0).lower()
    name_tier = PASSWORD if secure else tier(match.group("key").rpartition("/")[2])
    if name_tier is None or not value or not value_is_secret(name_tier, value):
        return []
    start = match.start("v") + match.group("v").index(value)
    return [(start, start + len(value), "password" if name_tier == PASSWORD else "secret-assignment")]


def _vault_data(match: "re.Match") -> "list[Span]":
    spans = []
    for row in _TABLE_ROW.finditer(match.group("body")):
        value = row.group("v")
        if row.group("k") not in ("Key", "---") and not value.startswith("-----") and is_plausible(value):
            start = match.start("body") + row.start("v")
            spans.append((start, start + len(value), "vault-secret"))
    return spans


def _az_key(match: "re.Match") -> "list[Span]":
    value = match.group("v")
    return [(match.start("v"), match.end("v"), "azure-key")] if len(value) >= 16 and is_plausible(value) else []


FILE_RULES = [
    Rule("kubernetes secret data",
         r"(?m)^(?P<i>[ \t]*)(?:data|stringData):[ \t]*\r?\n(?P<body>(?:(?P=i)[ \t]+\S[^\n]*(?:\n|$)|[ \t]*#[^\n]*\n)+)",
         _secret_data, ("kind:",), fold_case=True, starts=_secret_data_starts, context=("ecret", "ECRET")),
    Rule("kubernetes secret json", r"\"(?:data|stringData)\"[ \t\r\n]*:[ \t\r\n]*\{(?P<body>[^{}]{1,20000})\}",
         _json_secret_data, ('"data"', '"stringData"')),
    Rule("pgpass line", r"[ \t]*(?:\*|[A-Za-z0-9][A-Za-z0-9.\-]{0,252}):(?:\d{1,5}|\*):[\w.\-*$]{1,120}:[\w.\-*@$]{1,120}:"
                        r"(?P<v>[^\s:]\S{0,400}?)"
                        r"[ \t]*\r?(?:\n|$)", _pgpass_line, (":",), starts=_pgpass_starts),
    token_rule("netrc password", "password",
               r"(?i)(?<!\S)(?:machine[ \t]+\S{1,253}|default)(?:\s+(?:login|account|port)\s+\S{1,253}){0,3}"
               r"\s+(?:password|passwd)\s+(?P<v>\S{3,400})", ("machine", "default"), group="v", fold_case=True,
               check=lambda value: looks_like_password(value, 4), starts=at_needles("machine", "default")),
    Rule("name and value pair", (
        r"(?i)\"name\"[ \t]*:[ \t]*\"(?P<key>[^\"\n]{1,120})\"[ \t\r\n]*,[ \t\r\n]*"
        r"(?:\"type\"[ \t]*:[ \t]*\"[^\"\n]{0,40}\"[ \t\r\n]*,[ \t\r\n]*)?"
        r"\"value\"[ \t]*:[ \t]*\"(?P<v>(?:[^\"\\\n]|\\.){1,400})\""), _name_value, ('"value"',), fold_case=True),
    Rule("name and value entry", (
        r"(?m)^[ \t]*-?[ \t]*name:[ \t]*[\"']?(?P<key>[\w.\-/]{1,120})[\"']?[ \t]*\r?\n[ \t]*value:[ \t]*"
        r"(?P<v>[^\s#][^\n]{0,400}?)[ \t]*\r?$"), _name_value, ("value:",), fold_case=True),
    Rule("vault data table", r"(?m)^=+ (?:Secret )?Data =+[ \t]*\r?\n(?P<body>(?:[^\n]*\S[^\n]*(?:\n|$)){1,200})",
         _vault_data, ("data ==",), fold_case=True),
    Rule("az keys list", r"\"keyName\"[ \t]*:[ \t]*\"[^\"\n]{0,80}\"[^{}]{0,300}?\"value\"[ \t]*:[ \t]*\"(?P<v>[^\"\n]{8,400})\"",
         _az_key, ('"keyName"',)),
    token_rule("aws secret string", "aws-secret",
               r"\"SecretString\"[ \t]*:[ \t]*\"(?P<v>(?:[^\"\\]|\\.){4,20000})\"", ('"SecretString"',), group="v",
               check=lambda value: is_plausible(value) or value.startswith("{")),
]
