"""Families of payment, commerce, shipping and finance platforms."""

from mage_engine.scrub.families import ALNUM, B64, HEX, URLSAFE, UUID, WORD, Family, fmt, shape

_UUID_BODY = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

FAMILIES = [
    Family("stripe-key", [*(fmt(f"{k}k_{mode}_", ALNUM, (10, 247), 2.0) for k in "sr" for mode in ("live", "test", "prod")),
                          fmt("pi_", WORD, (56, 60), pattern=r"pi_[a-zA-Z0-9]{24}_secret_[a-zA-Z0-9]{25}")]),
    Family("stripe-webhook-secret", [fmt("whsec_", B64, (20, 100))]),
    Family("square-token", [fmt("sq0atp-", URLSAFE, (22, 60), 2.0), fmt("sq0csp-", URLSAFE, (40, 60), 2.0),
                            fmt("EAAA", URLSAFE, (22, 60), 2.0)]),
    Family("shopify-token", [fmt(p, HEX, (32, 32), 2.0) for p in ("shpat_", "shpca_", "shppa_", "shpss_")]),
    Family("paypal-secret", keywords=("paypal", "braintree"),
           shapes=[shape(URLSAFE + ".", (44, 80), 3.5), shape(ALNUM, 32, 3.5)]),
    Family("plaid-token", [fmt(f"access-{env}-", HEX + "-", 36, pattern=rf"access-{env}-{_UUID_BODY}")
                           for env in ("sandbox", "development", "production")],
           keywords=("plaid",), shapes=[shape(ALNUM, 24, 3.5), shape(ALNUM, 30, 3.5)]),
    Family("flutterwave-key", [fmt(p, URLSAFE, (12, 40), 2.0, fold=True,
                                   pattern=r"(?i)FLW(?:SECK|PUBK)(?:_TEST|_LIVE)?-?[a-h0-9]{12,32}(?:-X)?")
                               for p in ("FLWSECK_TEST", "FLWPUBK_TEST", "FLWSECK_LIVE", "FLWPUBK_LIVE", "FLWSECK-",
                                         "FLWPUBK-")]),
    Family("gocardless-token", keywords=("gocardless",),
           shapes=[shape(URLSAFE + "=", 45, pattern=r"live_[a-zA-Z0-9\-_=]{40}", weak=False)]),
    Family("lob-key", keywords=("lob_", "lob-", "lobkey", "lob_api", "lobapi"),
           shapes=[shape(WORD, 40, pattern=r"(?:live|test)_[a-f0-9]{35}", weak=False),
                   shape(WORD, 40, pattern=r"(?:live|test)_pub_[a-f0-9]{31}", weak=False)]),
    Family("coinbase-key", keywords=("coinbase",), shapes=[shape(URLSAFE, 64)]),
    Family("kraken-key", keywords=("kraken",), shapes=[shape(URLSAFE + "/=+", (80, 90))]),
    Family("kucoin-key", keywords=("kucoin",), shapes=[shape(HEX, 24), UUID]),
    Family("bittrex-key", keywords=("bittrex",), shapes=[shape(ALNUM, 32)]),
    Family("binance-key", keywords=("binance",), shapes=[shape(ALNUM, 64, 3.5)]),
    Family("easypost-token", [fmt("EZAK", ALNUM, (54, 54), 2.0, fold=True), fmt("EZTK", ALNUM, (54, 54), 2.0, fold=True)]),
    Family("shippo-token", [fmt(p, HEX, (40, 40), 2.0) for p in ("shippo_live_", "shippo_test_")]),
    Family("duffel-token", [fmt(p, URLSAFE + "=", (43, 43), 2.0) for p in ("duffel_test_", "duffel_live_")]),
    Family("finicity-key", keywords=("finicity",), shapes=[shape(HEX, 32), shape(ALNUM, 20)]),
    Family("razorpay-key", [fmt("rzp_live_", ALNUM, (14, 14), 3.0), fmt("rzp_test_", ALNUM, (14, 14), 3.0)],
           keywords=("razorpay",), shapes=[shape(ALNUM, 24, 3.5)]),
    Family("pagarme-key", [fmt("ak_live_", ALNUM, (30, 30), 3.0)]),
    Family("ramp-key", [fmt("ramp_id_", ALNUM, (40, 40), 3.0), fmt("ramp_sec_", ALNUM, (48, 48), 3.0)]),
    Family("klaviyo-key", [fmt("pk_", HEX, (34, 34), 3.0)]),
    Family("robinhood-key", [fmt("rh-api-", HEX + "-", 36, pattern=rf"rh-api-{_UUID_BODY}")]),
    Family("adyen-key", [fmt("AQE", B64 + "=-", (80, 300), 4.0)], keywords=("adyen",)),
    Family("checkout-key", [fmt("sk_sbox_", URLSAFE, (26, 40), 3.0)]),
]
