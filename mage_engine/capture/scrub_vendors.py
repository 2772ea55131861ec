"""Credentials whose format gives them away: a vendor prefix and a known alphabet.

These are matched anywhere, whatever surrounds them (a URL, a header, a log
line), because the prefix alone is evidence. Each needle is a literal that
every match contains, so text without it costs one substring search.
"""

from mage_engine.capture.scrub_rule import needle_offsets, token_rule, vendor_shaped
from mage_engine.capture.scrub_values import looks_random

_E = r"(?![A-Za-z0-9_\-])"  # nor on the right
# Exact enough that ordinary words ("github", "glob") don't compile the rule's pattern.
_GITLAB_PREFIXES = tuple(f"gl{kind}-" for kind in "pat dt rt ptt ft imt oas soat cbt agent ffct".split())


def _mailchimp_starts(lowered: str) -> list[int]:
    """Only a `-us` followed by a digit can end a Mailchimp key (`--user` wakes no regex)."""
    return [at for at in needle_offsets(lowered, ("-us",)) if lowered[at + 3: at + 4].isdecimal()]


def _random(token: str) -> bool:
    """For prefixes short or common enough to occur in prose: the rest must look machine-made."""
    return vendor_shaped(token) and looks_random(token, 20)


VENDOR_RULES = [
    token_rule("aws access key id", "aws-key", r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])",
               ("AKIA", "ASIA", "ABIA", "ACCA", "A3T"), unglued=True),
    token_rule("aws session token", "aws-session-token", r"(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE)[A-Za-z0-9/+=]{20,}",
               ("IQoJb3JpZ2luX2Vj", "FwoGZXIvYXdzE")),
    token_rule("github token", "github-token", r"gh[pousr]_[A-Za-z0-9]{30,255}" + _E,
               ("gh",), unglued=True, exact=("ghp_", "gho_", "ghu_", "ghs_", "ghr_")),
    token_rule("github fine-grained token", "github-token", r"github_pat_[A-Za-z0-9_]{30,255}", ("github_pat_",)),
    token_rule("gitlab token", "gitlab-token",
               r"gl(?:pat|dt|rt|ptt|ft|imt|oas|soat|cbt|agent|ffct)-[A-Za-z0-9_\-]{20,}",
               ("gl",), unglued=True, exact=_GITLAB_PREFIXES),
    token_rule("gitlab runner token", "gitlab-token", r"GR1348941[A-Za-z0-9_\-]{20,}", ("GR1348941",)),
    token_rule("slack token", "slack-token", r"xox[abposre]-[A-Za-z0-9\-]{10,}", ("xox",), unglued=True),
    token_rule("slack app token", "slack-token", r"xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+", ("xapp-",)),
    token_rule("slack webhook", "slack-webhook",
               r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[A-Za-z0-9_/\-]{20,})",
               ("hooks.slack.com",), group="s"),
    token_rule("discord webhook", "discord-webhook",
               r"discord(?:app)?\.com/api/webhooks/\d+/(?P<s>[A-Za-z0-9_\-]{20,})", ("discord",), group="s"),
    token_rule("stripe secret key", "stripe-key", r"[sr]k_(?:live|test)_[A-Za-z0-9]{16,}",
               ("k_live_", "k_test_"), unglued=True),
    token_rule("stripe webhook secret", "stripe-webhook-secret", r"whsec_[A-Za-z0-9+/=]{20,}", ("whsec_",)),
    token_rule("anthropic key", "anthropic-key", r"sk-ant-[A-Za-z0-9_\-]{20,}", ("sk-ant-",)),
    token_rule("openai key", "openai-key", r"sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}",
               ("sk-",), check=_random, unglued=True),
    token_rule("google api key", "google-api-key", r"AIza[0-9A-Za-z_\-]{30,}", ("AIza",)),
    token_rule("google oauth secret", "google-oauth", r"GOCSPX-[A-Za-z0-9_\-]{20,}", ("GOCSPX-",)),
    token_rule("google oauth token", "google-oauth", r"ya29\.[0-9A-Za-z_\-]{20,}", ("ya29.",), unglued=True),
    token_rule("npm token", "npm-token", r"npm_[A-Za-z0-9]{30,}", ("npm_",), unglued=True),
    token_rule("pypi token", "pypi-token", r"pypi-AgE[A-Za-z0-9_\-]{30,}", ("pypi-AgE",)),
    token_rule("hugging face token", "huggingface-token", r"hf_[A-Za-z0-9]{30,}", ("hf_",), check=_random,
               unglued=True),
    token_rule("docker hub token", "docker-token", r"dckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}", ("dckr_",)),
    token_rule("docker config", "docker-config", r"eyJhdXRocyI6[A-Za-z0-9+/=]{20,}", ("eyJhdXRocyI6",)),
    token_rule("sendgrid key", "sendgrid-key", r"SG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}", ("SG.",), unglued=True),
    token_rule("mailgun key", "mailgun-key", r"key-[0-9a-f]{32}" + _E, ("key-",), unglued=True),
    token_rule("mailchimp key", "mailchimp-key", r"(?<=[0-9a-f]{32})-us\d{1,2}(?![0-9])", ("-us",),
               unglued=True, back=32, starts=_mailchimp_starts),
    token_rule("shopify token", "shopify-token", r"shp(?:at|ca|pa|ss)_[A-Fa-f0-9]{32}", ("shp",)),
    token_rule("terraform cloud token", "terraform-token", r"(?<=[A-Za-z0-9]{14})\.atlasv1\.[A-Za-z0-9_\-]{60,}",
               (".atlasv1.",), back=14),
    token_rule("vault token", "vault-token", r"hv[sbr]\.[A-Za-z0-9_\-]{20,}", ("hvs.", "hvb.", "hvr."), unglued=True),
    token_rule("azure storage key", "azure-key", r"AccountKey=(?P<s>[A-Za-z0-9+/]{20,}={0,2})", ("AccountKey=",),
               group="s"),
    token_rule("azure sas signature", "azure-sas", r"[?&;]sig=(?P<s>[A-Za-z0-9%+/=]{20,})", ("sig=",), group="s"),
    token_rule("azure client secret", "azure-secret",
               r"(?<=[A-Za-z0-9_~.\-]{3}\d)Q~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])", ("Q~",),
               unglued=True, back=4),
    token_rule("heroku key", "heroku-key", r"HRKU-[A-Za-z0-9_\-]{40,}", ("HRKU-",)),
    token_rule("atlassian token", "atlassian-token", r"ATATT3[A-Za-z0-9_\-=]{50,}", ("ATATT3",)),
    token_rule("bitbucket token", "bitbucket-token", r"ATBB[A-Za-z0-9_=.\-]{28,}", ("ATBB",), check=_random),
    token_rule("digitalocean token", "digitalocean-token", r"do[por]_v1_[a-f0-9]{64}", ("_v1_",)),
    token_rule("linear key", "linear-key", r"lin_api_[A-Za-z0-9]{30,}", ("lin_api_",)),
    token_rule("notion token", "notion-token", r"(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})" + _E,
               ("secret_", "ntn_"), check=_random, unglued=True),
    token_rule("sentry token", "sentry-token", r"sntry[su]_[A-Za-z0-9+/=_]{30,}", ("sntrys_", "sntryu_")),
    token_rule("postman key", "postman-key", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}", ("PMAK-",)),
    token_rule("grafana token", "grafana-token", r"(?:glc_[A-Za-z0-9+/=]{32,}|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8})",
               ("glc_", "glsa_")),
    token_rule("new relic key", "newrelic-key", r"NR(?:AK|JS|II)-[A-Za-z0-9]{19,}", ("NRAK-", "NRJS-", "NRII-")),
    token_rule("databricks token", "databricks-token", r"dapi[a-f0-9]{32}(?:-\d)?", ("dapi",), unglued=True),
    token_rule("supabase token", "supabase-token", r"sbp_[a-f0-9]{40}", ("sbp_",)),
    token_rule("telegram bot token", "telegram-token", r"(?<![0-9])\d{8,10}:AA[A-Za-z0-9_\-]{33}", (":AA",)),
    token_rule("groq key", "groq-key", r"gsk_[A-Za-z0-9]{40,}", ("gsk_",)),
    token_rule("xai key", "xai-key", r"xai-[A-Za-z0-9]{60,}", ("xai-",), unglued=True),
    token_rule("replicate token", "replicate-token", r"r8_[A-Za-z0-9]{30,}", ("r8_",), check=_random, unglued=True),
    token_rule("perplexity key", "perplexity-key", r"pplx-[A-Za-z0-9]{40,}", ("pplx-",)),
    token_rule("langsmith key", "langsmith-key", r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}", ("lsv2_",)),
    token_rule("tailscale key", "tailscale-key", r"tskey-[a-z]+-[A-Za-z0-9]+-[A-Za-z0-9]{10,}", ("tskey-",)),
    token_rule("age secret key", "age-secret-key", r"AGE-SECRET-KEY-1[A-Z0-9]{50,}", ("AGE-SECRET-KEY-1",)),
    token_rule("square token", "square-token", r"sq0(?:atp|csp)-[A-Za-z0-9_\-]{22,}", ("sq0atp-", "sq0csp-")),
    token_rule("planetscale token", "planetscale-token", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_\-.]{30,}", ("pscale_",)),
    token_rule("doppler token", "doppler-token", r"dp\.(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9]{30,}", ("dp.",)),
    token_rule("pulumi token", "pulumi-token", r"pul-[a-f0-9]{40}", ("pul-",), unglued=True),
    token_rule("rubygems key", "rubygems-key", r"rubygems_[a-f0-9]{48}", ("rubygems_",)),
    token_rule("figma token", "figma-token", r"figd_[A-Za-z0-9_\-]{30,}", ("figd_",)),
    token_rule("buildkite token", "buildkite-token", r"bkua_[a-f0-9]{40}", ("bkua_",)),
    token_rule("netlify token", "netlify-token", r"nfp_[A-Za-z0-9]{30,}", ("nfp_",)),
    token_rule("jfrog key", "jfrog-key", r"AKCp[A-Za-z0-9]{60,}", ("AKCp",), unglued=True),
    token_rule("mapbox secret token", "mapbox-token", r"sk\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}", ("sk.eyJ",)),
    token_rule("firebase server key", "firebase-key", r"AAAA[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{100,}",
               (":APA91b",)),
    token_rule("alibaba key", "alibaba-key", r"LTAI[A-Za-z0-9]{12,20}" + _E, ("LTAI",), check=_random, unglued=True),
    token_rule("dynatrace token", "dynatrace-token", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}", ("dt0c01.",)),
    token_rule("shippo token", "shippo-token", r"shippo_(?:live|test)_[a-f0-9]{40}", ("shippo_",)),
    token_rule("flutterwave key", "flutterwave-key", r"FLWSECK_(?:TEST|LIVE)?-[a-h0-9]{32}-X", ("FLWSECK",)),
]
