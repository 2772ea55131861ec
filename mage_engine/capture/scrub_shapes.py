"""Secrets recognised by their shape: key blocks, JWTs, URL credentials, auth headers, CLI flags.

Each rule finds a candidate by structure, then asks scrub_values whether the
value is real (placeholders such as `<your-token>`, `${TOKEN}` or `changeme`
stay as they are).
"""

import base64
import binascii
import re

from mage_engine.capture.scrub_rule import Rule, Span, needle_offsets, token_rule
from mage_engine.capture.scrub_values import is_plausible, looks_like_password, looks_random

_KEY_MATERIAL = re.compile(r"[A-Za-z0-9+/=]{20,}")
_PEM_HEAD = r"-----BEGIN[A-Z0-9 ]{0,30} PRIVATE KEY(?: BLOCK)?-----"
_PEM_TAIL = r"-----END[A-Z0-9 ]{0,30} PRIVATE KEY(?: BLOCK)?-----"


def _whole(kind: str, test):
    def judge(match: re.Match) -> list[Span]:
        return [(match.start(), match.end(), kind)] if test(match.group(0)) else []
    return judge


def _has_key_material(block: str) -> bool:
    return bool(_KEY_MATERIAL.search(block.replace("\\n", "\n")))


def _base64_pem(text: str) -> bool:
    try:
        head = base64.b64decode(text[:64] + "=" * (-len(text[:64]) % 4))
    except (binascii.Error, ValueError):
        return False
    return b"PRIVATE KEY" in head


def _jwt(token: str) -> bool:
    header, payload = token.split(".")[:2]
    if payload.startswith("eyJ"):
        return True
    try:
        decoded = base64.urlsafe_b64decode(header + "=" * (-len(header) % 4))
    except (binascii.Error, ValueError):
        return False
    return any(word in decoded for word in (b'"alg"', b'"typ"', b'"enc"'))


_HOST = re.compile(r"[^/\s]{0,253}")


def _url_credentials(match: re.Match) -> list[Span]:
    spans = []
    user, password = match.group("user"), match.group("pw")
    host = _HOST.match(match.string, match.end()).group(0)
    if user and looks_random(user, 20) and not host.endswith(".sentry.io"):  # a DSN's key is public
        spans.append((match.start("user"), match.end("user"), "url-token"))
    if password and len(password) >= 3 and is_plausible(password):
        spans.append((match.start("pw"), match.end("pw"), "url-password"))
    return spans


def _line_of(match: re.Match, reach: int = 400) -> str:
    """The line around the match, at most `reach` characters each side (bounded work per match)."""
    text, start = match.string, match.start()
    begin = text.rfind("\n", max(0, start - reach), start) + 1 or max(0, start - reach)
    end = text.find("\n", start, start + reach)
    return text[begin: end if end >= 0 else min(len(text), start + reach)]


_HTTP_CLIENT = re.compile(r"\b(?:curl|wget|http|httpie|xh)\b")
_PASSWORD_CONTEXT = re.compile(r"\blogin\b|(?:^|\s)(?:-u|--username|--user)\b|\b(?:mysql\w*|mariadb|twine|sshpass"
                               r"|redis-cli|psql|mongo\w*)\b")


_MYSQL = re.compile(r"\b(?:mysql\w*|mariadb\w*)\b")


def _curl_user(match: re.Match) -> list[Span]:
    password = match.group("pw")
    if not _HTTP_CLIENT.search(_line_of(match)) or password.isdigit() or not is_plausible(password):
        return []
    return [(match.start("pw"), match.end("pw"), "basic-auth")]


def _flag_value(match: re.Match) -> list[Span]:
    value, flag = match.group("v"), match.group("flag")
    if re.search(r"=[^=]", value) or not looks_like_password(value, 6):
        return []
    if flag in ("p", "a") and not _PASSWORD_CONTEXT.search(_line_of(match)):
        return []
    return [(match.start("v"), match.end("v"), "cli-secret")]


def _attached_password(match: re.Match) -> list[Span]:
    value = match.group("v")
    if not _MYSQL.search(_line_of(match)) or not looks_like_password(value, 4):
        return []
    return [(match.start("v"), match.end("v"), "cli-secret")]


def _bearer(match: re.Match) -> list[Span]:
    value = match.group("v")
    return [(match.start("v"), match.end("v"), "bearer")] if looks_like_password(value, 16) else []


def _authorization(match: re.Match) -> list[Span]:
    value, scheme = match.group("v"), (match.group("scheme") or "").lower()
    if not looks_like_password(value, 8):
        return []
    kind = {"bearer": "bearer", "basic": "basic-auth"}.get(scheme, "authorization")
    return [(match.start("v"), match.end("v"), kind)]


SHAPE_RULES = [
    Rule("private key block", re.compile(_PEM_HEAD + r"(?:(?!-----BEGIN)[\s\S]){0,65536}?" + _PEM_TAIL),
         _whole("private-key", _has_key_material), ("PRIVATE KEY",)),
    Rule("truncated private key block", re.compile(_PEM_HEAD + r"(?:[A-Za-z0-9+/=:,\-\s]|\\[nrt])*"),
         _whole("private-key", _has_key_material), ("PRIVATE KEY",)),
    token_rule("base64 private key", "private-key", r"LS0tLS1CRUdJTi[A-Za-z0-9+/=]{40,}", ("LS0tLS1CRUdJTi",),
               check=_base64_pem),
    token_rule("masked ci value", "masked-secret", r"::add-mask::(?P<v>\S{4,})", ("::add-mask::",),
               check=lambda value: True, group="v"),
    token_rule("jwt", "jwt", r"eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}(?:\.[A-Za-z0-9_\-]*){1,3}",
               ("eyJ",), check=_jwt, unglued=True),
    Rule("url credentials", re.compile(
        r"://(?P<user>[^\s:/?#@'\"<>\[\]\\]{0,200})(?::(?P<pw>[^\s/?#'\"<>\\]{1,400}))?@(?=[A-Za-z0-9\[])"),
        _url_credentials, ("://",)),
    Rule("curl user", re.compile(r"-(?<![\w-]-)(?:u|-user)(?:[ \t]+|=)?(?P<q>[\"']?)(?P<user>[^\s:\"'$]{1,200}):"
                                 r"(?P<pw>[^\s\"']{1,400})(?P=q)"), _curl_user, ("-u", "--user")),
    Rule("secret cli flag", re.compile(
        r"-(?<![\w-]-)(?P<flag>-(?:password|passwd|pass|client-secret|secret-key|access-key|secret-access-key|token"
        r"|api-key|apikey|auth-token|access-token|private-key|key-password)|-?(?:src|dest)?(?:storepass|keypass)|p|a)"
        r"(?:[ \t]+|=)(?P<q>[\"']?)(?P<v>[^\s\"']{3,400})(?P=q)"), _flag_value, ("-",)),
    Rule("attached mysql password", re.compile(r"-(?<![\w-]-)p(?P<v>[^\s\"'\-][^\s\"']{3,200})"),
         _attached_password, ("-p",)),
    Rule("authorization header", re.compile(
        r"(?i)(?<!\w)authorization\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?"
        r"(?:(?P<scheme>bearer|basic|token|apikey|api-key|sso-key|key|hmac|splunk|aws4-hmac-sha256)[ \t]+)?"
        r"(?P<v>[A-Za-z0-9\-._~+/=:,]{8,4000})"), _authorization, ("authorization",), fold_case=True,
         starts=lambda lowered: sorted(needle_offsets(lowered, ("authorization",)))),
    Rule("bearer token", re.compile(r"(?i)(?<![A-Za-z])bearer[ \t]+(?P<v>[A-Za-z0-9\-._~+/]{16,4000}=*)"),
         _bearer, ("bearer",), fold_case=True, starts=lambda lowered: sorted(needle_offsets(lowered, ("bearer",)))),
]
