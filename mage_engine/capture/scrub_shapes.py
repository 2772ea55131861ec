"""Secrets recognised by their shape: key blocks, JWTs, URL credentials, authorization headers.

Each rule finds a candidate by structure, then asks scrub_values whether the
value is real (placeholders such as `<your-token>`, `${TOKEN}` or `changeme`
stay as they are).
"""

from __future__ import annotations  # the re.Match annotations stay text: no `re` import

from mage_engine.capture.scrub_rule import LazyPattern, Rule, Span, at_needles, token_rule
from mage_engine.capture.scrub_values import is_plausible, looks_like_password, looks_random

_KEY_MATERIAL = LazyPattern(r"[A-Za-z0-9+/=]{20,}")
_PEM_HEAD = r"-----BEGIN[A-Z0-9 ]{0,30} PRIVATE KEY(?: BLOCK)?-----"
_PEM_TAIL = r"-----END[A-Z0-9 ]{0,30} PRIVATE KEY(?: BLOCK)?-----"


def _whole(kind: str, test):
    def judge(match: re.Match) -> list[Span]:
        return [(match.start(), match.end(), kind)] if test(match.group(0)) else []
    return judge


def _has_key_material(block: str) -> bool:
    return bool(_KEY_MATERIAL.search(block.replace("\\n", "\n")))


def _b64():
    """base64 and binascii, imported when a candidate needs decoding (not on every hook call)."""
    import base64
    import binascii

    return base64, binascii.Error


def _base64_pem(text: str) -> bool:
    base64, b64_error = _b64()
    try:
        head = base64.b64decode(text[:64] + "=" * (-len(text[:64]) % 4))
    except (b64_error, ValueError):
        return False
    return b"PRIVATE KEY" in head


def _jwt(token: str) -> bool:
    header, payload = token.split(".")[:2]
    if payload.startswith("eyJ"):
        return True
    base64, b64_error = _b64()
    try:
        decoded = base64.urlsafe_b64decode(header + "=" * (-len(header) % 4))
    except (b64_error, ValueError):
        return False
    return any(word in decoded for word in (b'"alg"', b'"typ"', b'"enc"'))


_HOST = LazyPattern(r"[^/\s]{0,253}")


def _url_credentials(match: re.Match) -> list[Span]:
    spans = []
    user, password = match.group("user"), match.group("pw")
    host = _HOST.match(match.string, match.end()).group(0)
    if user and looks_random(user, 20) and not host.endswith(".sentry.io"):  # a DSN's key is public
        spans.append((match.start("user"), match.end("user"), "url-token"))
    if password and len(password) >= 3 and is_plausible(password):
        spans.append((match.start("pw"), match.end("pw"), "url-password"))
    return spans


def _basic_placeholder(value: str) -> bool:
    """`Basic dXNlcjpwYXNzd29yZA==` is documentation: it decodes to user:password."""
    base64, b64_error = _b64()
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (b64_error, ValueError):
        return False
    user, colon, password = decoded.partition(":")
    return bool(colon) and not is_plausible(password)


def _authorization(match: re.Match) -> list[Span]:
    value, scheme = match.group("v"), (match.group("scheme") or "").lower()
    if not looks_like_password(value, 8) or (scheme == "basic" and _basic_placeholder(value)):
        return []
    kind = {"bearer": "bearer", "basic": "basic-auth"}.get(scheme, "authorization")
    return [(match.start("v"), match.end("v"), kind)]


KEY_BLOCK_RULES = [
    Rule("private key block", _PEM_HEAD + r"(?:(?!-----BEGIN)[\s\S]){0,65536}?" + _PEM_TAIL,
         _whole("private-key", _has_key_material), ("PRIVATE KEY",)),
    Rule("truncated private key block", _PEM_HEAD + r"(?:[A-Za-z0-9+/=:,\-\s]|\\[nrt])*",
         _whole("private-key", _has_key_material), ("PRIVATE KEY",)),
    token_rule("base64 private key", "private-key", r"LS0tLS1CRUdJTi[A-Za-z0-9+/=]{40,}", ("LS0tLS1CRUdJTi",),
               check=_base64_pem),
]

SHAPE_RULES = [
    token_rule("masked ci value", "masked-secret", r"::add-mask::(?P<v>\S{4,})", ("::add-mask::",),
               check=lambda value: True, group="v"),
    token_rule("jwt", "jwt", r"eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}(?:\.[A-Za-z0-9_\-]*){1,3}",
               ("eyJ",), check=_jwt, unglued=True),
    Rule("url credentials",
         r"://(?P<user>[^\s:/?#@'\"<>\[\]\\]{0,200})(?::(?P<pw>[^\s/?#'\"<>\\]{1,400}))?@(?=[A-Za-z0-9\[])",
         _url_credentials, ("://",), context=("@",)),
    token_rule("twilio auth token", "twilio-token",
               r"AC[0-9a-f]{32}[\"']?[ \t]*[,:][ \t]*[\"']?(?P<s>[0-9a-f]{32})(?![0-9a-f])", ("AC",), group="s",
               check=lambda value: looks_random(value, 32)),
    Rule("authorization header", (
        r"(?i)(?<!\w)authorization\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?"
        r"(?:(?P<scheme>bearer|basic|token|apikey|api-key|sso-key|key|hmac|splunk|aws4-hmac-sha256)[ \t]+)?"
        r"(?P<v>[A-Za-z0-9\-._~+/=:,]{8,4000})"), _authorization, ("authorization",), fold_case=True,
         starts=at_needles("authorization")),
    token_rule("bearer token", "bearer", r"(?i)(?<![A-Za-z])bearer[ \t]+(?P<v>[A-Za-z0-9\-._~+/]{16,4000}=*)",
               ("bearer",), check=lambda value: looks_like_password(value, 16), group="v", fold_case=True,
               starts=at_needles("bearer")),
]
