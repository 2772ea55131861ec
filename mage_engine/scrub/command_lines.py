"""Secrets on a command line, and in what commands print: `curl -u`, `--password`, `-p`, `gcloud secrets …`.

Short flags such as `-p` mean a password only in some commands (`docker login
-p`, `mysql -p…`), never in `mkdir -p` or `docker run -p 8080:80`, so those
rules look at the rest of the line before deciding. Commands whose output is a
secret (`gcloud secrets versions access`, `vault kv get -field=…`, `aws
secretsmanager get-secret-value --output text`, `kubectl get secret -o jsonpath=…`,
`gh auth token`, `openssl rand -hex 32`, …) have the lines they print redacted,
up to the next prompt or blank line.
"""

from mage_engine.scrub.placeholders import is_placeholder
from mage_engine.scrub.patterns import LazyPattern
from mage_engine.scrub.rule import Rule, Span, at_needles, needle_offsets, token_rule
from mage_engine.scrub.values import is_plausible, looks_like_password

_HTTP_CLIENT = LazyPattern(r"\b(?:curl|wget|http|httpie|xh)\b")
_PASSWORD_COMMAND = LazyPattern(r"\blogin\b|(?:^|\s)(?:-u|--username|--user)\b|\b(?:mysql\w*|mariadb|twine|sshpass"
                               r"|redis-cli|psql|mongo\w*|htpasswd|smbclient|rabbitmqctl)\b")
_MYSQL = LazyPattern(r"\b(?:mysql\w*|mariadb\w*)\b")
_KEY_VALUE = LazyPattern(r"=[^=]")
_LONG_FLAGS = ("password", "passwd", "pass", "client-secret", "secret-key", "access-key", "secret-access-key",
               "token", "api-key", "apikey", "auth-token", "access-token", "private-key", "key-password", "secret",
               "api-token", "bearer-token", "refresh-token", "docker-password", "registry-password", "db-password",
               "admin-password", "passphrase", "account-key", "sas-token", "client-key", "app-secret", "webhook-secret")
_FLAG_KEYWORDS = ("--", "storepass", "keypass", *(f"-{flag}{sep}" for flag in "pa" for sep in " \t="))
# Commands that print a secret, and the shell prompts that end what they print. What a command line
# holds between its words is bounded (400 characters, as _line_of reads it): an unbounded run before a
# word it must end in is tried again at every start on the line, quadratic on a crafted one.
_PRINTS_A_SECRET = (
    r"gcloud\s+secrets\s+versions\s+access|vault\s+(?:kv\s+get|read|token\s+create|write)\s[^\n]{0,400}-field[= ]"
    r"|aws\s+secretsmanager\s+get-secret-value[^\n]{0,400}--output[= ]text|aws\s+ecr\s+get-login-password"
    r"|aws\s+ssm\s+get-parameters?\s[^\n]{0,400}--output[= ]text"
    r"|kubectl\s+get\s+secrets?\s[^\n]{0,400}(?:jsonpath|go-template|template)"
    r"|gh\s+auth\s+token|heroku\s+auth:token|op\s+read\s|pass\s+show\s|security\s+find-[a-z]+-password\s[^\n]{0,400}-w"
    r"|doppler\s+secrets\s+get[^\n]{0,400}--plain|terraform\s+output\s[^\n]{0,400}-raw|gcloud\s+auth\s+print-[a-z\-]+token"
    r"|az\s+account\s+get-access-token[^\n]{0,400}(?:tsv|--query)|kubectl\s+create\s+token|openssl\s+rand\s"
    r"|secrets\.token_(?:hex|urlsafe|bytes)|pwgen\s|cat[ \t]+[^\s][^\n]{0,400}(?:\.secret|secret\.txt|token\.txt|\.token|password\.txt)")
_COMMAND_WORDS = ("gcloud", "vault ", "aws ", "kubectl ", "gh auth", "heroku auth", "op read", "pass show", "security find",
                  "doppler ", "terraform output", "az account", "openssl rand", "secrets.token", "pwgen", "cat ")
_SECRETISH_LINE = LazyPattern(r"(?i)secret|token|passw|kubectl|credential")
_PROMPT = LazyPattern(r"^\s*(?:[$#%>❯]|[\w.\-]+@[\w.\-]+[^\n$#]{0,80}[$#]|\[[^\]\n]{1,80}\][$#]|PS [^>\n]{0,80}>)\s")
_MESSAGE = LazyPattern(r"(?i)^(?:error|warning|warn|usage|info|note|hint|fatal|created|success|no |could|failed|"
                       r"unable|invalid|permission|denied|[\w.\-]+: (?:command )?not found)")


def _line_of(match: "re.Match", reach: int = 400) -> str:
    """The command line around the match (lines continued with a backslash count as one),
    at most `reach` characters each side: bounded work per match."""
    text, start = match.string, match.start()
    floor = max(0, start - reach)
    begin = text.rfind("\n", floor, start)
    while begin > floor and text[begin - 1: begin] == "\\":
        begin = text.rfind("\n", floor, begin - 1)
    begin = begin + 1 if begin >= 0 else floor
    end = text.find("\n", start, start + reach)
    return text[begin: end if end >= 0 else min(len(text), start + reach)]


def _name_of(*needles: str):
    """A `starts` function: where the word holding one of `needles` begins (`HTTPBasicAuth(`)."""
    def starts(lowered: str) -> list[int]:
        found = set()
        for at in needle_offsets(lowered, needles):
            begin = at
            while begin > 0 and at - begin < 12 and lowered[begin - 1].isalpha():
                begin -= 1
            found.add(begin)
        return sorted(found)
    return starts


def _curl_user(match: "re.Match") -> "list[Span]":
    """`curl -u user:password`; a lone `-u ":key"` or `-u "key:"` is an API key used as one half."""
    if not _HTTP_CLIENT.search(_line_of(match)):
        return []
    user, password = match.group("user"), match.group("pw")
    if password and not password.isdigit() and is_plausible(password):
        return [(match.start("user" if user else "pw"), match.end("pw"), "basic-auth")]
    if not password and looks_like_password(user, 8):
        return [(match.start("user"), match.end("user"), "basic-auth")]
    return []


def _flag_value(match: "re.Match") -> "list[Span]":
    value, flag = match.group("v"), match.group("flag")
    if flag in ("p", "a") and not _PASSWORD_COMMAND.search(_line_of(match)):
        return []  # `mkdir -p build` is not a password
    if _KEY_VALUE.search(value) or not looks_like_password(value, 6):
        return []  # `--secret id=npmrc,src=…` names a secret, it is not one
    return [(match.start("v"), match.end("v"), "cli-secret")]


def _named_flag_value(match: "re.Match") -> "list[Span]":
    """`--dbpassword X`, `--webhook-secret=X`: any long flag whose name holds a secret."""
    from mage_engine.scrub.names import tier, value_is_secret

    name_tier, value = tier(match.group("flag").replace("-", "_")), match.group("v")
    if name_tier is None or _KEY_VALUE.search(value) or not value_is_secret(name_tier, value):
        return []
    return [(match.start("v"), match.end("v"), "cli-secret")]


def _attached_password(match: "re.Match") -> "list[Span]":
    value = match.group("v")
    if not _MYSQL.search(_line_of(match)) or not looks_like_password(value, 4):
        return []
    return [(match.start("v"), match.end("v"), "cli-secret")]


def _printed_secret(match: "re.Match") -> "list[Span]":
    """Each line the command printed, up to a prompt, a blank line or 30 lines."""
    text, spans = match.string, []
    at = text.find("\n", match.end())
    while at >= 0 and text[at - 1: at] == "\\":  # a command continued over several lines
        at = text.find("\n", at + 1)
    for _ in range(30):
        if at < 0:
            break
        end = text.find("\n", at + 1)
        line_end = end if end >= 0 else len(text)
        line = text[at + 1: line_end]
        value = line.strip()
        if value.endswith(("$", "#", "%")) and len(value) > 8:
            value = value[:-1].rstrip()  # the output ran into the next prompt: `s3cr3t$ `
        value = value.strip("'\"")
        if not value or _PROMPT.match(line):
            break
        if " " not in value and len(value) >= 6 and not _MESSAGE.match(value) and not is_placeholder(value):
            start = at + 1 + line.index(value)
            spans.append((start, start + len(value), "command-output"))
        at = end
    return spans


COMMAND_RULES = [
    Rule("curl user", r"-(?<![\w-]-)(?:u|-user)(?:[ \t]+|=)?(?P<q>[\"']?)(?P<user>[^\s:\"'`$]{0,200}):"
                      r"(?P<pw>[^\s\"'`]{0,400})(?P=q)", _curl_user, ("-u", "--user"),
         context=("curl", "wget", "http", "xh")),
    Rule("secret cli flag",
         r"-(?<![\w-]-)(?P<flag>-(?:" + "|".join(_LONG_FLAGS) + r")|-?(?:src|dest)?(?:storepass|keypass)|p|a)"
         r"(?:[ \t]+|=)(?P<q>[\"']?)(?P<v>[^\s\"'`]{3,400})(?P=q)", _flag_value, _FLAG_KEYWORDS),
    Rule("secret-named cli flag", r"--(?P<flag>[A-Za-z][\w\-]{1,60})(?:[ \t]+|=)(?P<q>[\"']?)(?P<v>[^\s\"'`]{3,400})(?P=q)",
         _named_flag_value, ("--",)),
    Rule("attached mysql password", r"-(?<![\w-]-)p(?P<v>[^\s\"'`\-][^\s\"'`]{3,200})",
         _attached_password, ("-p",), context=("mysql", "mariadb")),
    token_rule("openssl passphrase", "cli-secret", r"-pass(?:in|out)?[ \t]+pass:(?P<v>[^\s\"']{3,400})", ("pass:",),
               group="v", check=lambda value: is_plausible(value)),
    token_rule("credentials tuple", "basic-auth",
               r"(?i)(?<![\w.])(?:auth|basicauth|httpbasicauth|httpdigestauth|credentials)[ \t]*(?:=[ \t]*)?\("
               r"[ \t]*(?P<q1>[\"'])[^\"'\n]{0,200}(?P=q1)[ \t]*,[ \t]*(?P<q2>[\"'])(?P<v>[^\"'\n]{1,400})(?P=q2)"
               r"[ \t]*\)", ("auth", "credentials"), check=lambda value: looks_like_password(value, 6), group="v",
               fold_case=True, starts=_name_of("auth", "credentials")),
    token_rule("vault login", "vault-token",
               r"vault login[ \t]+(?:-method=token[ \t]+)?(?:token=)?(?P<v>[^\s\"'-]\S{7,})", ("vault login",),
               check=lambda value: looks_like_password(value, 8), group="v"),
    Rule("command that prints a secret", _PRINTS_A_SECRET, _printed_secret,
         ("secrets", "vault", "secretsmanager", "ecr", "ssm", "kubectl", "auth", "op read", "pass show",
          "security", "terraform", "openssl rand", "pwgen", "cat "), fold_case=True, starts=at_needles(*_COMMAND_WORDS)),
    Rule("secret decoded from base64", r"\|[ \t]*base64[ \t]+(?:-d|--decode)\b",
         lambda match: _printed_secret(match) if _SECRETISH_LINE.search(_line_of(match)) else [],
         ("base64 -d", "base64 --decode")),
]
