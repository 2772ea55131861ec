"""Secrets recognised by their structure: key blocks, JWTs, credentials in URLs, authorization headers.

Each rule finds a candidate by structure, then asks scrub/values whether the
value is real (placeholders such as `<your-token>`, `${TOKEN}` or `changeme`
stay as they are). A private key is found however it is wrapped: CRLF line
ends, indented in YAML, `\\n`-escaped inside JSON, cut short, or base64-encoded.
"""

from mage_engine.scrub.placeholders import is_common_password, is_placeholder
from mage_engine.scrub.patterns import LazyPattern
from mage_engine.scrub.rule import Rule, Span, at_needles, token_rule
from mage_engine.scrub.values import is_plausible, looks_like_password, looks_random

_KEY_MATERIAL = LazyPattern(r"[A-Za-z0-9+/=]{20,}")
_PEM_HEAD = r"-----BEGIN[ A-Z0-9_\-]{0,40}PRIVATE KEY(?: BLOCK)?-----"
_PEM_TAIL = r"-----END[ A-Z0-9_\-]{0,40}PRIVATE KEY(?: BLOCK)?-----"
_B64_LINES = r"[A-Za-z0-9+/=\-_]{20,}(?:(?:\\r|\\n|[\r\n \t\\\"'+,])+[A-Za-z0-9+/=\-_]{4,}){0,400}"


def _whole(kind: str, test):
    def judge(match: "re.Match") -> "list[Span]":
        return [(match.start(), match.end(), kind)] if test(match.group(0)) else []
    return judge


def _has_key_material(block: str) -> bool:
    return bool(_KEY_MATERIAL.search(block.replace("\\n", "\n")))


def _b64decode(value: str, urlsafe=False) -> bytes | None:
    """The decoded bytes, or None (base64 is imported only when a candidate needs it)."""
    import base64
    import binascii

    value = "".join(value.split()).replace("\\n", "").replace("\\r", "")
    try:
        decode = base64.urlsafe_b64decode if urlsafe else base64.b64decode
        return decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return None


def _base64_pem(text: str) -> bool:
    return b"PRIVATE KEY" in (_b64decode(text[:64]) or b"")


def _jwt(token: str) -> bool:
    header, payload = token.split(".")[:2]
    if payload.startswith(("eyJ", "ewo")):
        return True
    decoded = _b64decode(header, urlsafe=True) or b""
    return any(word in decoded for word in (b'"alg"', b'"typ"', b'"enc"'))


def _wrapped_jwt(value: str) -> bool:
    """Base64 of a JWT (`ZXlK…` is `eyJ…` encoded once more): the decoded head is a JWT's."""
    head = _b64decode(value[:64].replace("\\", "")) or b""
    return head.startswith(b"eyJ") and head[3:40].replace(b"-", b"").replace(b"_", b"").replace(b".", b"").isalnum()


_HOST = LazyPattern(r"[^/\s]{0,253}")


def _url_credentials(match: "re.Match") -> "list[Span]":
    spans = []
    user, password = match.group("user"), match.group("pw")
    host = _HOST.match(match.string, match.end()).group(0)
    if user and looks_random(user, 20) and not host.endswith(".sentry.io"):  # a DSN's key is public
        spans.append((match.start("user"), match.end("user"), "url-token"))
    if password and len(password) >= 3 and (is_plausible(password) or is_common_password(password)):
        if user and len(user) == 8 and len(password) == 8 and _all_hex(user + password):
            spans.append((match.start("user"), match.end("pw"), "url-password"))  # a key pair (contribsys)
        else:
            spans.append((match.start("pw"), match.end("pw"), "url-password"))
    return spans


def _all_hex(value: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in value)


def _basic_placeholder(value: str) -> bool:
    """`Basic dXNlcjpwYXNzd29yZA==` is documentation: it decodes to user:password."""
    try:
        decoded = (_b64decode(value) or b"").decode("utf-8")
    except UnicodeDecodeError:
        return False
    user, colon, password = decoded.partition(":")
    return bool(colon) and bool(password) and not is_plausible(password) and not is_common_password(password)


def _authorization(match: "re.Match") -> "list[Span]":
    value, scheme = match.group("v"), (match.group("scheme") or "").lower()
    if scheme == "basic":
        ok = len(value) >= 8 and not is_placeholder(value) and not _basic_placeholder(value)
    else:
        ok = looks_like_password(value, 8) or (len(value) >= 20 and looks_random(value, 20))
    kind = {"bearer": "bearer", "basic": "basic-auth"}.get(scheme, "authorization")
    return [(match.start("v"), match.end("v"), kind)] if ok else []


_SCHEMES = r"bearer|basic|token|ssws|apikey|api-key|sso-key|key|hmac|splunk|genie[ _-]?key|digest|aws4-hmac-sha256"

KEY_BLOCK_RULES = [
    Rule("private key block", _PEM_HEAD + r"(?:(?!-----BEGIN)[\s\S]){0,65536}?" + _PEM_TAIL,
         _whole("private-key", _has_key_material), ("PRIVATE KEY",)),
    Rule("truncated private key block", _PEM_HEAD + r"(?:[A-Za-z0-9+/=:,\-\s]|\\[nrt])*",
         _whole("private-key", lambda block: "-----END" not in block and _has_key_material(block)), ("PRIVATE KEY",)),
    token_rule("base64 private key", "private-key", r"LS0tLS1CRUdJTi[A-Za-z0-9+/=]{40,}", ("LS0tLS1CRUdJTi",),
               check=_base64_pem),
    token_rule("putty private key", "private-key", r"Private-Lines:[ \t]*\d+\r?\n(?P<v>" + _B64_LINES + ")",
               ("Private-Lines:",), group="v", check=lambda value: True),
]

SHAPE_RULES = [
    token_rule("masked ci value", "masked-secret", r"::add-mask::(?P<v>[^\s`]{4,})", ("::add-mask::",),
               check=lambda value: not is_placeholder(value), group="v"),
    # Tried only where a token starts (token_rule: `unglued` with `starts`), never inside a long run.
    token_rule("jwt", "jwt", r"(?:eyJ|ewo)[A-Za-z0-9_\-]{8,}={0,2}\.(?:eyJ|ewo)?[A-Za-z0-9_\-/\\]{8,}={0,2}"
                             r"(?:\.[A-Za-z0-9_\-/\\]*={0,2}){1,3}", ("eyJ", "ewo"), check=_jwt, unglued=True,
               starts=at_needles("eyj", "ewo")),
    token_rule("base64 jwt", "jwt", r"ZXlK[A-Za-z0-9/+_\-]{20,}(?:(?:\\r|\\n|\r?\n)?[A-Za-z0-9/+_\-]{4,}){0,200}={0,2}",
               ("ZXlK",), check=_wrapped_jwt, unglued=True),
    Rule("url credentials",
         r"://(?P<user>[^\s:/?#@'\"<>\[\]\\]{0,200})(?::(?P<pw>[^\s/?#'\"<>\\]{1,400}))?@(?=[A-Za-z0-9\[])",
         _url_credentials, ("://",), context=("@",)),
    token_rule("okta ssws token", "okta-token", r"(?<![A-Za-z])SSWS[ \t]+(?P<v>[A-Za-z0-9\-._~+/=]{16,400})",
               ("SSWS",), check=lambda value: looks_like_password(value, 16), group="v",
               starts=at_needles("ssws")),
    Rule("authorization header", (
        r"(?i)(?<!\w)(?:proxy-)?authori[sz]ation\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?"
        r"(?:(?P<scheme>" + _SCHEMES + r")[ \t]+)?"
        r"(?P<v>[A-Za-z0-9\-._~+/=:,%]{8,4000})"), _authorization, ("authori",), fold_case=True,
         starts=at_needles("authoriz", "authoris", "proxy-authori")),
    token_rule("bearer token", "bearer", r"(?i)(?<![A-Za-z])bearer[ \t]+(?P<v>[A-Za-z0-9\-._~+/]{16,4000}=*)",
               ("bearer",), check=lambda value: looks_like_password(value, 16), group="v", fold_case=True,
               starts=at_needles("bearer")),
    token_rule("token scheme", "authorization",
               r"(?<![A-Za-z\-])Token[ \t]+(?:token=)?(?P<v>[A-Za-z0-9\-._~+/=:]{20,400})",
               ("Token ",), check=lambda value: looks_random(value, 20), group="v", starts=at_needles("token ", "token\t")),
    token_rule("basic credentials", "basic-auth", r"(?<![A-Za-z])Basic[ \t]+(?P<v>[A-Za-z0-9+/]{8,400}={0,2})(?![\w+/=])",
               ("Basic ",), check=lambda value: not is_placeholder(value) and not _basic_placeholder(value)
               and (_b64decode(value) or b"").count(b":") >= 1, group="v", starts=at_needles("basic ", "basic\t")),
]
