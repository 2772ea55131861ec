"""Secrets typed on a command line or passed as arguments: `curl -u`, `--password`, `-p`, auth tuples.

Short flags such as `-p` mean a password only in some commands (`docker login
-p`, `mysql -p…`), never in `mkdir -p` or `docker run -p 8080:80`, so those
rules look at the rest of the line before deciding.
"""

from __future__ import annotations  # the re.Match annotations stay text: no `re` import

from mage_engine.capture.scrub_rule import LazyPattern, Rule, Span, token_rule
from mage_engine.capture.scrub_values import is_plausible, looks_like_password

_HTTP_CLIENT = LazyPattern(r"\b(?:curl|wget|http|httpie|xh)\b")
_PASSWORD_COMMAND = LazyPattern(r"\blogin\b|(?:^|\s)(?:-u|--username|--user)\b|\b(?:mysql\w*|mariadb|twine|sshpass"
                               r"|redis-cli|psql|mongo\w*)\b")
_MYSQL = LazyPattern(r"\b(?:mysql\w*|mariadb\w*)\b")
_KEY_VALUE = LazyPattern(r"=[^=]")
_LONG_FLAGS = ("password", "passwd", "pass", "client-secret", "secret-key", "access-key", "secret-access-key",
               "token", "api-key", "apikey", "auth-token", "access-token", "private-key", "key-password")
# Every match of the flag rule holds one of these, so `mkdir -p` or `--verbose` compiles nothing.
_FLAG_LITERALS = (*(f"--{flag}" for flag in _LONG_FLAGS), "storepass", "keypass",
                 *(f"-{flag}{sep}" for flag in "pa" for sep in " \t="))


def _line_of(match: re.Match, reach: int = 400) -> str:
    """The line around the match, at most `reach` characters each side (bounded work per match)."""
    text, start = match.string, match.start()
    begin = text.rfind("\n", max(0, start - reach), start) + 1 or max(0, start - reach)
    end = text.find("\n", start, start + reach)
    return text[begin: end if end >= 0 else min(len(text), start + reach)]


def _curl_user(match: re.Match) -> list[Span]:
    password = match.group("pw")
    if not _HTTP_CLIENT.search(_line_of(match)) or password.isdigit() or not is_plausible(password):
        return []
    return [(match.start("pw"), match.end("pw"), "basic-auth")]


def _flag_value(match: re.Match) -> list[Span]:
    value, flag = match.group("v"), match.group("flag")
    if flag in ("p", "a") and not _PASSWORD_COMMAND.search(_line_of(match)):
        return []  # asked first: `mkdir -p build` then never compiles the value tests
    if _KEY_VALUE.search(value) or not looks_like_password(value, 6):
        return []  # `--secret id=npmrc,src=…` names a secret, it is not one
    return [(match.start("v"), match.end("v"), "cli-secret")]


def _attached_password(match: re.Match) -> list[Span]:
    value = match.group("v")
    if not _MYSQL.search(_line_of(match)) or not looks_like_password(value, 4):
        return []
    return [(match.start("v"), match.end("v"), "cli-secret")]


COMMAND_RULES = [
    Rule("curl user", r"-(?<![\w-]-)(?:u|-user)(?:[ \t]+|=)?(?P<q>[\"']?)(?P<user>[^\s:\"'$]{1,200}):"
                      r"(?P<pw>[^\s\"']{1,400})(?P=q)", _curl_user, ("-u", "--user"),
         context=("curl", "wget", "http", "xh")),
    Rule("secret cli flag",
         r"-(?<![\w-]-)(?P<flag>-(?:" + "|".join(_LONG_FLAGS) + r")|-?(?:src|dest)?(?:storepass|keypass)|p|a)"
         r"(?:[ \t]+|=)(?P<q>[\"']?)(?P<v>[^\s\"']{3,400})(?P=q)", _flag_value, ("-",),
         exact=_FLAG_LITERALS),
    Rule("attached mysql password", r"-(?<![\w-]-)p(?P<v>[^\s\"'\-][^\s\"']{3,200})",
         _attached_password, ("-p",), context=("mysql", "mariadb")),
    token_rule("credentials tuple", "basic-auth",
               r"(?i)(?<![\w.])(?:auth|basicauth|httpbasicauth|httpdigestauth|credentials)[ \t]*(?:=[ \t]*)?\("
               r"[ \t]*(?P<q1>[\"'])[^\"'\n]{0,200}(?P=q1)[ \t]*,[ \t]*(?P<q2>[\"'])(?P<v>[^\"'\n]{1,400})(?P=q2)"
               r"[ \t]*\)", ("auth", "credentials"), check=lambda value: looks_like_password(value, 6), group="v",
               fold_case=True),
    token_rule("vault login", "vault-token",
               r"vault login[ \t]+(?:-method=token[ \t]+)?(?:token=)?(?P<v>[^\s\"'-]\S{7,})", ("vault login",),
               check=lambda value: looks_like_password(value, 8), group="v"),
]
