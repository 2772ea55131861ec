"""Which setting names hold secrets, and how sure the scrub must be about their values.

A name is split into words (`AWS_SECRET_ACCESS_KEY`, `clientSecret`, `x-api-key`)
and judged by its last word, so `stripe_key_secret_arn`, `secretName` and
`password_reset_timeout` are not secrets while `DB_PASSWORD` and `SessionToken` are.
Numbers around the words do not count (`sumoKey1`, `1passwordToken`, `key2`), and
only the word just before the last can say "this key is an identifier"
(`cache_key`, `public_key`), so `message_birdToken` is still a token.
"""

from mage_engine.scrub.patterns import LazyPattern
from mage_engine.scrub.values import looks_like_password, looks_random

PASSWORD, SECRET, WEAK = "password", "secret", "weak"

_WORDS = LazyPattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_PASSWORD_ENDINGS = ("password", "passwd", "passphrase", "passwort")
_SECRET_ENDINGS = ("secret", "token", "apikey", "accesskey", "secretkey", "privatekey", "credential",
                   "credentials", "creds", "authtoken", "appkey", "masterkey")
_WEAK_WORDS = frozenset({"auth", "authorization", "sig", "session", "sessionid", "sid"})
# A "...key" is a secret when a word before it says so (DD_APP_KEY, SecretAccessKey).
_KEY_QUALIFIERS = frozenset({"api", "app", "access", "secret", "private", "server", "client", "master",
                             "signing", "encryption", "enc", "license", "account", "auth", "service",
                             "restricted", "admin", "subscription", "webhook", "ingest", "write",
                             "integration", "hmac", "shared", "storage", "deploy", "sdk", "consumer"})
# A "...key" or "...token" that is an identifier, not a credential.
_NOT_SECRET_QUALIFIERS = frozenset({"public", "pub", "publishable", "idempotency", "cache", "sort",
                                    "partition", "routing", "object", "foreign", "dedupe",
                                    "dedup", "lookup", "message", "row", "hash", "shard", "group",
                                    "bucket", "map", "index", "unique", "join", "search", "site",
                                    "next", "page", "pagination", "continuation", "sync", "cancel",
                                    "cancellation", "resume", "kms", "host", "known", "composite",
                                    "natural", "surrogate"})

_SECRET_WORDS = frozenset({"password", "passwd", "secret", "token", "apikey", "credential", "credentials"})
# Last words that make a secret-ish name a description of the secret, not the secret itself.
_NOT_SECRET_LAST = frozenset("""
    id ids name names arn path file files dir url uri endpoint host type ttl expiry expires expiration timeout
    length len count version versions region ref label hash hashed digest policy prefix suffix header field env
    enabled disabled required rotation days seconds minutes hours age format algorithm alg scope scopes provider
    kind mode store manager backend issuer audience source location key_id fingerprint reset min max size
""".split())


def words(name: str) -> list[str]:
    """`AWS_SECRET_ACCESS_KEY` -> aws secret access key; `clientSecret` -> client secret; `key2` -> key."""
    return [word.lower() for word in _WORDS.findall(name) if not word.isdigit()]


def tier(name: str) -> str | None:
    """PASSWORD, SECRET or WEAK for a name that holds a secret; None for any other name."""
    from mage_engine.scrub.placeholders import remembered

    return remembered("tier", _tier, name) or None


def _tier(name: str) -> str:
    parts = words(name)
    if not parts:
        return ""
    last, before = parts[-1], set(parts[:-1])
    if (len(parts) > 1 and parts[-2] in _NOT_SECRET_QUALIFIERS) or (last == "sid" and "account" in before):
        return ""  # an identifier (TWILIO_ACCOUNT_SID, cache_key), not a credential
    if last in ("pass", "pwd", "pw") or last.endswith(_PASSWORD_ENDINGS):
        return PASSWORD
    if last.endswith(_SECRET_ENDINGS) or (last == "key" and before & _KEY_QUALIFIERS):
        return SECRET
    if last in _WEAK_WORDS or last.endswith("key"):
        return WEAK
    if before & _SECRET_WORDS and last not in _NOT_SECRET_LAST:
        return WEAK  # secret_key_base, api_token_value: only a machine-made value counts
    return ""


def value_is_secret(name_tier: str, value: str) -> bool:
    """Whether `value`, assigned to a name of `name_tier`, should be redacted."""
    if name_tier == PASSWORD:
        return looks_like_password(value, 6)
    if name_tier == SECRET:
        return looks_like_password(value, 8)
    # CamelCase code names (`xmlSecKeysMngrGetKey`) look random to entropy; real keys carry digits
    return looks_random(value, letters_only_ok=False)


def kind_for(name: str, name_tier: str) -> str:
    """The redaction kind for a secret held under `name`."""
    parts = set(words(name))
    if "aws" in parts and "session" in parts:
        return "aws-session-token"
    if "aws" in parts and "secret" in parts:
        return "aws-secret"
    return "password" if name_tier == PASSWORD else "secret-assignment"
