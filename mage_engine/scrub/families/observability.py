"""Families of monitoring, logging, feature-flag and incident platforms."""

from mage_engine.scrub.families import ALNUM, B64, HEX, LOWER, UPPER, URLSAFE, UUID, WORD, Family, fmt, shape

FAMILIES = [
    Family("sentry-token", [fmt("sntrys_eyJ", B64 + "_=", (30, 400), 3.5), fmt("sntryu_", HEX, (64, 64), 3.5)],
           keywords=("sentry",), shapes=[shape(HEX, 64, 3.0)]),
    Family("grafana-token", [fmt("glc_", B64 + "=", (32, 400), 3.0, fold=True),
                             fmt("glsa_", WORD, (41, 41), 3.0, pattern=r"glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
                             fmt("eyJrIjoi", B64 + "=", (70, 400), 3.0, fold=True)]),
    Family("newrelic-key", [fmt("NRAK-", UPPER, (27, 27)), fmt("NRJS-", HEX, (19, 19)), fmt("NRBR-", HEX, (19, 19)),
                            fmt("NRII-", URLSAFE, (25, 32)), fmt("NRIQ-", URLSAFE, (25, 32)),
                            fmt("", ALNUM, (40, 40), infix="FFFFNRAL", pattern=r"(?:[0-9a-f]{32}|eu01xx[0-9a-f]{26})FFFFNRAL"),
                            fmt("", URLSAFE, (47, 47), infix="-NRMA", pattern=r"(?:AA[0-9a-f]{40}|eu01xx[0-9a-f]{36})-NRMA")],
           keywords=("new-relic", "newrelic", "new_relic"), shapes=[shape(LOWER, 64)]),
    Family("datadog-key", keywords=("datadog", "dd_api_key", "dd_app_key", "dd-api-key", "dd-application-key"),
           shapes=[shape(ALNUM, 40), shape(HEX, 32, 3.0)]),
    Family("dynatrace-token", [fmt("dt0c01.", ALNUM + ".", (89, 89), 4.0, fold=True,
                                   pattern=r"(?i)dt0c01\.[a-z0-9]{24}\.[a-z0-9]{64}")]),
    Family("sumologic-key", keywords=("sumo",),
           shapes=[shape(ALNUM, 14, 3.0, pattern=r"su[a-zA-Z0-9]{12}", weak=False), shape(ALNUM, 64, 3.0)],
           strict=True),
    Family("launchdarkly-key", [fmt(p, LOWER + "-", (32, 40), pattern=r"(?:api|sdk|mob)-[a-z0-9]{8}-[a-z0-9]{4}-4[a-z0-9]{3}"
                                                                       r"-[a-z0-9]{4}-[a-z0-9]{12}")
                                for p in ("api-", "sdk-", "mob-")],
           keywords=("launchdarkly",), shapes=[shape(URLSAFE + "=", 40)]),
    Family("rootly-key", [fmt("rootly_", HEX, (64, 64), 3.0)]),
    Family("honeycomb-key", [fmt("hcaik_", ALNUM, (58, 80), 3.0), fmt("hcxik_", ALNUM, (58, 80), 3.0)],
           keywords=("honeycomb",), shapes=[shape(ALNUM, (22, 32), 3.0)]),
    Family("pagerduty-key", keywords=("pagerduty",), shapes=[shape(URLSAFE + "+", 20, 3.0), shape(HEX, 32, 3.0)]),
    Family("opsgenie-key", keywords=("opsgenie",), shapes=[UUID]),
    Family("bugsnag-key", keywords=("bugsnag",), shapes=[shape(HEX, 32, 3.0)]),
    Family("rollbar-token", keywords=("rollbar",), shapes=[shape(HEX, 32, 3.0)]),
    Family("splunk-token", keywords=("splunk",), shapes=[UUID]),
    Family("loggly-token", keywords=("loggly",), shapes=[UUID]),
    Family("logzio-token", keywords=("logz.io", "logzio", "logz_"), shapes=[shape(ALNUM, 32)]),
    Family("statuspage-key", keywords=("statuspage",), shapes=[UUID, shape(HEX, 32)]),
    Family("checkly-key", [fmt("cu_", HEX, (32, 32), 3.0)], keywords=("checkly",)),
]
