"""Families of cloud platforms and managed data services."""

from mage_engine.scrub.families import ALNUM, B64, HEX, LOWER, UPPER, URLSAFE, UUID, WORD, Family, fmt, shape

_AWS_ID = UPPER  # gitleaks: [A-Z2-7]{16}; older ids hold other digits too

FAMILIES = [
    Family("aws-key", [*(fmt(p, _AWS_ID, (16, 16), 3.0) for p in ("AKIA", "ASIA", "ABIA", "ACCA")),
                       fmt("A3T", _AWS_ID, (17, 17), 3.0)]),
    Family("aws-session-token", [fmt("IQoJb3JpZ2luX2Vj", B64, (20, 4000)), fmt("FwoGZXIvYXdzE", B64, (20, 4000))]),
    Family("aws-bedrock-key", [fmt("ABSK", B64, (109, 269), 3.0),
                               fmt("bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t", B64 + "%", (0, 4000))]),
    Family("google-api-key", [fmt("AIza", URLSAFE, (35, 40), 3.5)]),
    Family("google-oauth", [fmt("GOCSPX-", URLSAFE, (20, 60)), fmt("ya29.", URLSAFE + ".", (20, 4000)),
                            fmt("1//0", URLSAFE, (40, 400), 3.5)]),
    Family("azure-secret", [fmt("", URLSAFE + "~.", (37, 40), 3.0, infix="Q~",
                                pattern=r"[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.\-]{31,34}"),
                            fmt("", B64, (52, 52), 3.5, infix="+ACR", pattern=r"[a-zA-Z0-9+/]{42}\+ACR[a-zA-Z0-9]{6}")],
           keywords=("azure", "storageaccount", "cosmosdb", "servicebus", "eventhub"),
           shapes=[shape(B64, (86, 88), 4.0), shape(B64, 44, 4.0, weak=True)]),
    Family("alibaba-key", [fmt("LTAI", ALNUM, (12, 21), 2.0)], keywords=("alibaba", "aliyun"), shapes=[shape(ALNUM, 30, 2.0)]),
    Family("digitalocean-token", [fmt(p, HEX, (64, 64), 3.0) for p in ("dop_v1_", "doo_v1_", "dor_v1_")]),
    Family("cloudflare-key", [fmt("v1.0-", HEX + "-", (171, 171), 2.0, pattern=r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}"),
                              fmt("cfut_", ALNUM, (48, 48), 3.0), fmt("cfat_", ALNUM, (48, 48), 3.0),
                              fmt("cfk_", ALNUM, (48, 48), 3.0)],
           keywords=("cloudflare",), shapes=[shape(URLSAFE, 40, 2.0), shape(HEX, 37, 2.0, weak=False)]),
    Family("yandex-key", [fmt("AQVN", URLSAFE, (35, 38), 3.0), fmt("t1.", URLSAFE + ".=", (90, 300), 3.0)],
           keywords=("yandex",), shapes=[shape(URLSAFE, 40, pattern=r"YC[a-zA-Z0-9_\-]{38}")]),
    Family("ibm-key", keywords=("ibm_cloud", "ibmcloud", "ibm-cloud", "bluemix", "ibm_api", "ibm-api"),
           shapes=[shape(URLSAFE, 44, 3.5)]),
    Family("databricks-token", [fmt("dapi", HEX + "-", (32, 34), 3.0, pattern=r"dapi[a-f0-9]{32}(?:-\d)?")]),
    Family("supabase-token", [fmt("sbp_", LOWER, (40, 40), 3.0), fmt("sb_secret_", URLSAFE, (20, 80), 3.0)]),
    Family("planetscale-token", [fmt(p, WORD + "=.-", (32, 64), 3.0) for p in ("pscale_tkn_", "pscale_oauth_",
                                                                              "pscale_pw_")]),
    Family("clickhouse-key", [fmt("4b1d", ALNUM, (38, 38), 3.0)]),
    Family("confluent-key", keywords=("confluent",), shapes=[shape(ALNUM, 16), shape(ALNUM, 64)]),
    Family("scaleway-key", keywords=("scaleway", "scw_secret"), shapes=[UUID]),
    Family("mongodb-atlas-key", keywords=("mongodb_atlas", "atlas_private_key", "mongodbatlas"), shapes=[UUID]),
    Family("snowflake-token", keywords=("snowflake",), shapes=[shape(WORD + ".-", (60, 4000), 4.0)], strict=True),
]
