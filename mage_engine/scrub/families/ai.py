"""Families of model and AI platforms."""

from mage_engine.scrub.families import ALNUM, HEX, URLSAFE, WORD, Family, fmt, shape

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

FAMILIES = [
    Family("openai-key", [*(fmt(p, URLSAFE, (20, 300), 3.0) for p in ("sk-proj-", "sk-svcacct-", "sk-admin-",
                                                                     "sk-None-", "sk-service-")),
                          fmt("sk-", URLSAFE, (20, 300), 3.2),
                          fmt("", URLSAFE, (40, 400), 3.0, infix="T3BlbkFJ", pattern=r"sk-[\w\-]+T3BlbkFJ[\w\-]+")]),
    Family("anthropic-key", [fmt("sk-ant-", URLSAFE, (20, 300), 3.0)]),
    Family("openrouter-key", [fmt("sk-or-v1-", HEX, (64, 64), 3.0)]),
    Family("elevenlabs-key", [fmt("sk_", HEX, (48, 48), 3.0)], keywords=("elevenlabs", "xi-api-key", "xi_api_key"),
           shapes=[shape(HEX, 32, 3.0)]),
    Family("huggingface-token", [fmt("hf_", ALNUM, (30, 40), 2.0), fmt("api_org_", _LETTERS, (34, 34), 2.0)]),
    Family("cohere-key", keywords=("cohere", "co_api_key"), shapes=[shape(ALNUM, 40, 4.0)]),
    Family("groq-key", [fmt("gsk_", ALNUM, (40, 60), 3.0)]),
    Family("perplexity-key", [fmt("pplx-", ALNUM, (40, 60), 3.5)]),
    Family("replicate-token", [fmt("r8_", URLSAFE, (30, 40), 3.0)]),
    Family("xai-key", [fmt("xai-", WORD, (60, 90), 3.0)]),
    Family("langsmith-key", [fmt("lsv2_", WORD, (40, 60), pattern=r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}")]),
    Family("nvidia-key", [fmt("nvapi-", URLSAFE, (64, 64), 3.0)]),
    Family("pinecone-key", [fmt("pcsk_", WORD, (70, 70), 3.0, pattern=r"pcsk_[A-Za-z0-9]{5,6}_[A-Za-z0-9]{63}")]),
    Family("privateai-key", keywords=("privateai", "private_ai", "private-ai"), shapes=[shape(ALNUM, 32, 3.0)]),
    Family("mistral-key", keywords=("mistral",), shapes=[shape(ALNUM, 32, 3.0)]),
    Family("deepgram-key", keywords=("deepgram",), shapes=[shape(HEX, 40, 3.0)]),
]
