"""Vendors' secrets in shapes the token pass cannot see whole: webhook URLs, connection-string keys,
`digits:AA…` bot tokens, `digits|token` app tokens, a Twilio auth token beside its account SID.

The token pass reads runs of token characters; these secrets hold `:`, `|`, `%`,
`=` or `@`, or are known only by what stands next to them, so each is a
keyword-gated rule of its own.
"""

from mage_engine.scrub.placeholders import is_placeholder
from mage_engine.scrub.rule import at_needles, needle_offsets, token_rule
from mage_engine.scrub.values import looks_random


def _digits_before(*needles: str):
    """A `starts` function: where the run of digits before each of `needles` begins (`123456789:AA…`)."""
    def starts(lowered: str) -> list[int]:
        found = []
        for at in sorted(needle_offsets(lowered, needles)):
            begin = at
            while begin > 0 and at - begin < 16 and lowered[begin - 1].isdigit():
                begin -= 1
            if at - begin >= 5:
                found.append(begin)
        return found
    return starts


VENDOR_SHAPE_RULES = [
    token_rule("twilio auth token", "twilio-token",
               r"AC[0-9a-f]{32}[\"']?[ \t]*[,:][ \t]*[\"']?(?P<s>[0-9a-f]{32})(?![0-9a-f])", ("AC",), group="s",
               check=lambda value: looks_random(value, 32)),
    token_rule("twitter bearer token", "twitter-token", r"A{22}[A-Za-z0-9%]{80,200}", ("AAAAAAAAAAAAAAAAAAAAAA",),
               check=lambda value: not is_placeholder(value.lstrip("A"))),
    token_rule("sentry org token", "sentry-token", r"sntrys_eyJ[A-Za-z0-9+/=_]{30,600}", ("sntrys_",)),
    token_rule("fly.io macaroon", "flyio-token", r"(?:FlyV1[ \t]+)?fm[12][ar]?_[A-Za-z0-9+/=,_\-]{50,4000}", ("fm1", "fm2"),
               unglued=True, starts=at_needles("flyv1", "fm1", "fm2")),
    token_rule("facebook app token", "facebook-token", r"(?<!\d)\d{15,16}(?:\||%7[Cc])[0-9A-Za-z\-_]{27,40}",
               ("|", "%7c"), fold_case=True, context=("acebook", "ACEBOOK", "fb_", "FB_", "graph."),
               starts=_digits_before("|", "%7c")),
    token_rule("telegram bot token", "telegram-token", r"(?<![0-9])\d{5,16}:A[A-Za-z0-9_\-]{34}(?![A-Za-z0-9_\-])",
               (":A",), check=lambda value: ":AA" in value or any(c.isdigit() for c in value.partition(":")[2]),
               starts=_digits_before(":a")),
    token_rule("sidekiq credentials", "sidekiq-secret",
               r"(?i)(?:bundle_enterprise__contribsys__com|bundle_gems__contribsys__com)[^\n]{0,20}?[=:,][ \t\"'`]*"
               r"(?P<v>[a-f0-9]{8}:[a-f0-9]{8})", ("contribsys__com",), group="v", fold_case=True),
    token_rule("slack webhook", "slack-webhook",
               r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[A-Za-z0-9_/+\-]{20,})", ("hooks.slack.com",),
               group="s"),
    token_rule("discord webhook", "discord-webhook",
               r"discord(?:app)?\.com/api/webhooks/\d+/(?P<s>[A-Za-z0-9_\-]{20,})", ("discord",), group="s"),
    token_rule("teams webhook", "teams-webhook", r"https://[A-Za-z0-9\-]+\.webhook\.office\.com/webhookb2/[A-Za-z0-9@/\-]{40,}",
               ("webhook.office.com",)),
    token_rule("zapier webhook", "zapier-webhook", r"hooks\.zapier\.com/hooks/catch/(?P<s>[A-Za-z0-9/]{8,})",
               ("hooks.zapier.com",), group="s"),
    token_rule("azure storage key", "azure-key", r"AccountKey=(?P<s>[A-Za-z0-9+/]{20,}={0,2})", ("AccountKey=",),
               group="s"),
    token_rule("azure shared access key", "azure-key", r"SharedAccess(?:Key|Signature)=(?P<s>[A-Za-z0-9+/%]{20,}={0,2})",
               ("SharedAccess",), group="s"),
    token_rule("azure sas signature", "azure-sas", r"[?&;]sig=(?P<s>[A-Za-z0-9%+/=]{20,})", ("sig=",), group="s"),
]
