"""The vendor families: one entry per vendor, as data (gitleaks' `cmd/generate/config/rules/` is the model).

A `Family` names the kind a secret is redacted as and says how its secrets look:

- `formats`: bare tokens known by a literal prefix and a body of known
  characters and length (`ghp_` + 36 letters and digits), recognised anywhere,
  whatever surrounds them;
- `keywords` and `shapes`: the vendor's name near a value of a known shape
  (`mailgun … 32 hex`, `discord … 18 digits`), the way gitleaks' keyword rules and
  trufflehog's detectors find secrets that have no prefix of their own.

The modules beside this one hold the table, grouped by trade; `VENDOR_NAMES`
adds vendors known only by name, whose secrets are random tokens. Below: what an
entry holds; index.py builds, on first use, the plain dicts the token
pass (scrub/tokens.py) looks prefixes and keywords up in. Nothing here compiles
a pattern or imports `re`.
"""



from mage_engine.scrub.patterns import LazyPattern

DIGITS = "0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz" + DIGITS
UPPER = LOWER.upper()
ALNUM = "abcdefghijklmnopqrstuvwxyz" + UPPER
HEX = "0123456789abcdefABCDEF"
WORD = ALNUM + "_"
URLSAFE = ALNUM + "_-"
B64 = ALNUM + "+/"
TOKEN = ALNUM + "_-+/.~"  # every character a candidate token may hold (tokens.py scans for runs of them)


class Format:
    """A bare token: `prefix` (as written, or any case with `fold`), then a body of `body`
    characters whose length is within `size`; `pattern`, when given, must match the whole token.

    A format with no prefix has an `infix`, a literal every such token holds
    (`Q~`, `.atlasv1.`), followed by a digit when `infix_digit` (`-us14`); its
    `size` is then the whole token's length."""

    __slots__ = ("prefix", "body", "least", "most", "entropy", "pattern", "fold", "runs_ok", "infix", "infix_digit",
                 "family")

    def __init__(self, prefix: str, body: str, size, entropy=0.0, pattern=None, fold=False, runs_ok=False,
                 infix="", infix_digit=False):
        self.prefix, self.body, self.fold, self.entropy = prefix, frozenset(body), fold, entropy
        self.least, self.most = (size, size) if isinstance(size, int) else size
        self.pattern = LazyPattern(pattern) if pattern else None
        self.runs_ok, self.infix, self.infix_digit, self.family = runs_ok, infix, infix_digit, None


class Shape:
    """A value of a vendor near its name: `body` characters, a length within `size`, or a `pattern`.

    `weak` shapes (hex, digits, UUIDs: what ids and digests look like too) count only
    when the value is assigned to a name holding the vendor's keyword."""

    __slots__ = ("body", "least", "most", "entropy", "pattern", "weak")

    def __init__(self, body: str, size, entropy=0.0, pattern=None, weak=None):
        self.body, self.entropy = frozenset(body), entropy
        self.least, self.most = (size, size) if isinstance(size, int) else size
        self.pattern = LazyPattern(pattern) if pattern else None
        self.weak = weak if weak is not None else self.body <= frozenset(HEX + "-") or self.body <= frozenset(DIGITS)


UUID = Shape(HEX + "-", 36, pattern=r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")


class Family:
    """One vendor: the kind its secrets are redacted as, its bare formats, its names and value shapes.

    `strict`: the keyword is an everyday word (`linear`, `sonar`), so only a value
    assigned to a name holding it counts, never one merely nearby."""

    __slots__ = ("kind", "formats", "keywords", "shapes", "strict")

    def __init__(self, kind: str, formats=(), keywords=(), shapes=(), strict=False):
        self.kind, self.formats, self.keywords = kind, tuple(formats), tuple(keywords)
        self.shapes, self.strict = tuple(shapes), strict
        for item in self.formats:
            item.family = self


def fmt(prefix: str, body: str, size, entropy=0.0, pattern=None, fold=False, runs_ok=False, infix="",
        infix_digit=False) -> Format:
    return Format(prefix, body, size, entropy, pattern, fold, runs_ok, infix, infix_digit)


def shape(body: str, size, entropy=0.0, pattern=None, weak=None) -> Shape:
    return Shape(body, size, entropy, pattern, weak)
