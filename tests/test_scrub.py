"""The secret scrub (docs/scrub.md): every kind it knows, the look-alikes it leaves, its guarantees.

Fake credentials are assembled at run time from a seeded RNG (so this file holds
no token-shaped literal for scanners to flag); the eval corpora live in
tests/fixtures/secrets/ (see SOURCES.md there).
"""

import importlib
import json
import os
import random
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mage_engine.scrub import find_secrets, scrub, scrub_report

SECRETS = Path(__file__).parent / "fixtures" / "secrets"
RNG = random.Random(7)
UPPER_DIGITS = string.ascii_uppercase + string.digits
ALNUM = string.ascii_letters + string.digits


def fake(alphabet: str, size: int) -> str:
    """A random string with at least one digit and one letter (as real tokens have)."""
    while True:
        value = "".join(RNG.choice(alphabet) for _ in range(size))
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            return value


def _jsonl(name: str) -> list[dict]:
    return [json.loads(line) for line in (SECRETS / name).read_text(encoding="utf-8").splitlines() if line]


# kind -> (text holding the secret, the secret)
def _kind_samples() -> dict:
    aws_id, aws_secret = "AKIA" + fake(UPPER_DIGITS, 16), fake(ALNUM + "+/", 40)
    jwt = "eyJhbGciOiJIUzI1NiJ9." + "eyJzdWIiOiJ" + fake(ALNUM, 30) + "." + fake(ALNUM + "-_", 43)
    pem_body = "\n".join(fake(ALNUM + "+/", 64) for _ in range(4))
    url_pw, bearer, secret = fake(ALNUM + "-_.~", 20), fake(ALNUM, 40), fake(ALNUM, 32)
    samples = {
        "aws-key": (f"aws_access_key_id = {aws_id}", aws_id),
        "aws-secret": (f"AWS_SECRET_ACCESS_KEY={aws_secret}", aws_secret),
        "aws-session-token": ("token: IQoJb3JpZ2luX2VjE" + fake(ALNUM + "/+", 200), None),
        "github-token": ("origin https://" + (t := "ghp_" + fake(ALNUM, 36)) + "@github.com/o/r.git", t),
        "gitlab-token": ("PRIVATE-TOKEN: " + (t := "glpat-" + fake(ALNUM + "-_", 20)), t),
        "slack-token": ("SLACK=" + (t := "xoxb-1234567890-0987654321-" + fake(ALNUM, 24)), t),
        "slack-webhook": ("https://hooks.slack.com/services/T0ABC/B0DEF/" + (t := fake(ALNUM, 24)), t),
        "stripe-key": ("stripe.api_key = '" + (t := "sk_live_" + fake(ALNUM, 24)) + "'", t),
        "openai-key": ("OPENAI=" + (t := "sk-proj-" + fake(ALNUM + "-_", 80)), t),
        "anthropic-key": ("key " + (t := "sk-ant-api03-" + fake(ALNUM + "-_", 90)), t),
        "google-api-key": ("?key=" + (t := "AIza" + fake(ALNUM + "-_", 35)), t),
        "npm-token": ("//registry.npmjs.org/:_authToken=" + (t := "npm_" + fake(ALNUM, 36)), t),
        "pypi-token": ("password = " + (t := "pypi-AgEIcHlwaS5vcmc" + fake(ALNUM + "-_", 60)), t),
        "huggingface-token": ("login --token " + (t := "hf_" + fake(ALNUM, 34)), t),
        "sendgrid-key": ("SendGridAPIClient('" + (t := "SG." + fake(ALNUM, 22) + "." + fake(ALNUM, 43)) + "')", t),
        "jwt": (f"Cookie: session={jwt}; theme=dark", jwt),
        "private-key": ("-----BEGIN RSA PRIVATE KEY-----\n" + pem_body + "\n-----END RSA PRIVATE KEY-----",
                        pem_body.splitlines()[2]),
        "url-password": (f"postgresql://app:{url_pw}@db.internal:5432/app", url_pw),
        "bearer": (f"curl -H 'Authorization: Bearer {bearer}' https://api.example.net", bearer),
        "basic-auth": ("Authorization: Basic " + (t := fake(ALNUM, 30) + "=="), t),
        "password": ("DB_PASSWORD=" + (t := "Quay-" + fake(ALNUM, 8) + "!"), t),
        "secret-assignment": (f'{{"client_secret": "{secret}"}}', secret),
        "high-entropy": ("INFO using api token " + (t := fake(string.ascii_lowercase + string.digits, 36)), t),
        "cli-secret": ("docker login -u bot -p " + (t := fake(ALNUM, 20)), t),
        "azure-key": ("AccountName=x;AccountKey=" + (t := fake(ALNUM + "+/", 86) + "==") + ";", t),
        "k8s-secret": ("kind: Secret\ndata:\n  DATABASE_URL: " + (t := fake(ALNUM, 40) + "=") + "\n", t),
        "vault-token": ("VAULT_TOKEN=" + (t := "hvs." + fake(ALNUM, 90)), t),
        "mailgun-key": ("auth=('api', '" + (t := "key-" + fake("0123456789abcdef", 32)) + "')", t),
    }
    return samples


KIND_SAMPLES = _kind_samples()


@pytest.mark.parametrize("kind", sorted(KIND_SAMPLES))
def test_every_kind_is_redacted_and_named(kind):
    text, secret = KIND_SAMPLES[kind]
    scrubbed, kinds = scrub_report(text)
    assert f"[REDACTED:{kind}]" in scrubbed
    assert kind in kinds
    if secret:
        assert secret not in scrubbed


def test_a_private_key_block_goes_whole():
    text, _ = KIND_SAMPLES["private-key"]
    assert scrub("key:\n" + text + "\ndone") == "key:\n[REDACTED:private-key]\ndone"


def _case_id(prefix: str, index: int, case: dict) -> str:
    return f"{prefix}-{index:02d}-{case.get('kind', 'benign')}"


CASES = [(_case_id(p, i, c), c) for p in ("cases", "extra_cases") for i, c in enumerate(_jsonl(f"{p}.jsonl"))]
BENIGN = [(_case_id(p, i, c), c) for p in ("benign", "extra_benign") for i, c in enumerate(_jsonl(f"{p}.jsonl"))]


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[i for i, _ in CASES])
def test_eval_case_leaks_nothing(case):
    scrubbed = scrub(case["text"])
    assert [s for s in case["secrets"] if s in scrubbed] == []
    assert "[REDACTED:" in scrubbed


@pytest.mark.parametrize("case", [c for _, c in BENIGN], ids=[i for i, _ in BENIGN])
def test_benign_look_alike_passes_unchanged(case):
    assert scrub(case["text"]) == case["text"]


def test_real_claude_code_transcripts_and_payloads_pass_unchanged():
    """545 real lines (transcripts, hook payloads) hold JSON-escaped text, ids and token counts, no secrets."""
    fixtures = Path(__file__).parent / "fixtures" / "claude-code"
    files = sorted(fixtures.rglob("*.json*"))
    lines = [line for path in files for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(lines) > 500
    assert [line[:120] for line in lines if scrub(line) != line] == []


def test_corpora_are_big_enough_to_mean_something():
    assert len(_jsonl("extra_cases.jsonl")) >= 40 and len(_jsonl("extra_benign.jsonl")) >= 40
    assert len(CASES) >= 100 and len(BENIGN) >= 80


@pytest.mark.parametrize("text", [
    "export NPM_TOKEN=$NPM_TOKEN", "password: ${DB_PASSWORD}", "token: ${{ secrets.GITHUB_TOKEN }}",
    "API_KEY=<your-api-key>", "API_KEY=your-api-key-here", "SECRET=xxxxxxxxxxxxxxxx", "DB_PASSWORD=changeme",
    "GITHUB_TOKEN=", "the password reset link expires in 30 minutes", "sha512-" + fake(ALNUM + "+/", 86) + "==",
    "image@sha256:" + fake("0123456789abcdef", 64), "commit " + fake("0123456789abcdef", 40),
    "request_id=0b0c8e0e-4f1d-4c7a-9a31-6f3e2d1c0b9a", "requests==2.32.3", "/srv/app/.env.production",
    "https://github.com/org/repo.git", "password = os.environ['DB_PASSWORD']", "api_key: SecretStr",
])
def test_placeholders_references_and_ids_are_left_alone(text):
    assert scrub(text) == text


def test_scrubbing_twice_is_scrubbing_once():
    texts = [c["text"] for _, c in CASES + BENIGN] + [t for t, _ in KIND_SAMPLES.values()]
    for text in texts:
        once = scrub(text)
        assert scrub(once) == once


def test_find_secrets_gives_the_line_of_each_secret():
    text, _ = KIND_SAMPLES["private-key"]
    note = "# Deploy\n\nkey below\n" + text + "\n\nand " + KIND_SAMPLES["aws-key"][0] + "\n"
    assert find_secrets(note) == [(4, "private-key"), (11, "aws-key")]


JUNK = {
    "random bytes": os.urandom(200_000).decode("latin-1"), "lone surrogates": "\udcff\x00\ufffd" * 1000,
    "empty": "", "equals": "=" * 10_000, "colons": ":" * 10_000, "bare key header": "-----BEGIN PRIVATE KEY-----",
    "jwt prefixes": "eyJ" * 10_000, "schemes": "://" * 10_000, "userinfo": "a:b@" * 10_000,
    "dotless turkish i": "\u0130password=Harbor-2026!" * 100,
}


@pytest.mark.parametrize("junk", list(JUNK.values()), ids=list(JUNK))
def test_never_raises_on_junk(junk):
    assert isinstance(scrub(junk), str)


def test_text_whose_lowercase_changes_length_is_still_scrubbed():
    password = "Quay-" + fake(ALNUM, 8) + "!"
    scrubbed = scrub(f"\u0130stanbul office: DB_PASSWORD={password}")
    assert scrubbed == "\u0130stanbul office: DB_PASSWORD=[REDACTED:password]"


def test_non_text_input_is_handled_not_raised():
    aws_line = KIND_SAMPLES["aws-key"][0]
    assert scrub(aws_line.encode()) == "aws_access_key_id = [REDACTED:aws-key]"
    assert scrub(None) == ""


def _five_megabytes(unit: str) -> str:
    return (unit * (5_000_000 // len(unit) + 1))[:5_000_000]


MIXED = "\n".join(c["text"] for _, c in BENIGN) + "\n" + "\n".join(c["text"] for _, c in CASES[:20])


HUGE = {
    "mixed corpus": lambda: _five_megabytes(MIXED),
    "random printable": lambda: "".join(random.Random(3).choices(string.printable, k=5_000_000)),
    "one long word": lambda: "a" * 5_000_000,
    "repeated assignments": lambda: _five_megabytes("password="),
    "repeated key headers": lambda: _five_megabytes("-----BEGIN RSA PRIVATE KEY-----\n"),
    "repeated url userinfo": lambda: _five_megabytes("x://u:p"),
    # a cloned repository's note: the JWT rule scanned the run to its end at every `eyJ` (minutes for 300 KB)
    "repeated jwt headers": lambda: _five_megabytes("eyJ"),
    "repeated jwt headers apart": lambda: _five_megabytes("ewo_"),
    # a command that prints a secret: `cat <anything> .token` tried the rest of the line at every `cat `
    "repeated cat commands": lambda: _five_megabytes("cat "),
    "cat and a line of spaces": lambda: "cat " + " " * 5_000_000,
}


@pytest.mark.parametrize("name", list(HUGE))
def test_five_megabytes_scrub_in_linear_time(name):
    text = HUGE[name]()
    tail = "\nAWS_SECRET_ACCESS_KEY=" + KIND_SAMPLES["aws-secret"][1]
    started = time.perf_counter()
    scrubbed = scrub(text + tail)
    elapsed = time.perf_counter() - started
    assert scrubbed.endswith("[REDACTED:aws-secret]")
    assert elapsed < 30, f"{name}: {elapsed:.1f}s for 5 MB (a quadratic pattern would take minutes)"


def test_scrub_imports_no_yaml_and_nothing_heavy():
    code = "import sys, mage_engine.scrub as s; s.scrub('x'); print(' '.join(sorted(sys.modules)))"
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split())
    assert not loaded & {"yaml", "tantivy", "click", "rich", "textual", "dataclasses", "inspect"}
    assert not loaded & {"base64", "bisect", "math"}  # needed only by candidates, `mage redact` and YAML


# The hook path: `mage-hook PostToolUse` imports the scrub and scrubs a few short fields in a fresh
# process, so compiling ~90 patterns up front would cost more than the scrub itself.
COUNT_COMPILES = """
import json, re, sys
compiled = []
real_compile = re._compiler.compile  # what re.compile/re.search/... call on a cache miss


def counting_compile(pattern, flags):
    compiled.append(str(pattern)[:60])
    return real_compile(pattern, flags)


re._compiler.compile = counting_compile
import mage_engine.scrub as scrub_module
on_import = list(compiled)
compiled.clear()
for text in json.loads(sys.argv[1]):
    scrub_module.scrub(text)
print(json.dumps({"import": on_import, "scrub": compiled}))
"""
BASH_PAYLOAD = next(payload for payload in (json.loads(line) for line in (
    Path(__file__).parent / "fixtures" / "claude-code" / "claude-code-2.1.328-local-capture" /
    "hook_stdin_payloads.jsonl").read_text(encoding="utf-8").splitlines())
    if payload.get("hook_event_name") == "PostToolUse" and payload.get("tool_name") == "Bash")
# What the capture hook scrubs for ordinary Bash calls: the tool name, the command, paths, an error line.
ORDINARY_BASH_FIELDS = [
    "Bash", BASH_PAYLOAD["tool_input"]["command"], BASH_PAYLOAD["cwd"],
    "cd /srv/app && python -m pytest -q tests/test_quotes.py", "mkdir -p build/out && cp -r dist/ build/out/",
    "git commit -am 'quote cutoff rolls to the next business day' && git push -u origin main",
    "ls -la /home/dev/work/proj", "npm run build -- --watch", "curl -sS https://api.github.com/repos/org/repo",
    "FAILED tests/test_quotes.py::TestQuotes::test_quote_for_oversized_parcel - assert 422 == 200",
]


def _compiles(texts: list) -> dict:
    done = subprocess.run([sys.executable, "-c", COUNT_COMPILES, json.dumps(texts)], capture_output=True,
                          text=True, check=True, cwd=Path(__file__).parent.parent)
    return json.loads(done.stdout)


def test_importing_the_scrub_compiles_no_pattern():
    assert _compiles([])["import"] == []


def test_a_first_scrub_of_ordinary_bash_fields_compiles_next_to_nothing():
    compiled = _compiles(ORDINARY_BASH_FIELDS)
    assert compiled["import"] == [] and len(compiled["scrub"]) <= 3, compiled


def test_a_first_scrub_of_a_secret_still_compiles_what_it_needs():
    """The counter is real: a text that needs rules compiles their patterns."""
    compiled = _compiles([KIND_SAMPLES["bearer"][0], KIND_SAMPLES["password"][0]])
    assert len(compiled["scrub"]) >= 3


def test_every_pattern_compiles():
    """Compiling is deferred, so a broken pattern would only show up as `scrub-failed` on some rare text."""
    import pkgutil

    import mage_engine.scrub
    from mage_engine.scrub.engine import RULES
    from mage_engine.scrub.families.index import index
    from mage_engine.scrub.patterns import LazyPattern

    names = [info.name for info in pkgutil.walk_packages(mage_engine.scrub.__path__, "mage_engine.scrub.")]
    modules = [importlib.import_module(name) for name in names]
    patterns = [rule.pattern for rule in RULES if hasattr(rule, "pattern")]
    patterns += [value for module in modules for value in vars(module).values() if isinstance(value, LazyPattern)]
    table = index()
    patterns += [item.pattern for items in table.prefixes.values() for item in items if item.pattern]
    patterns += [item.pattern for item in table.infixes]
    patterns += [shape.pattern for families in table.keywords.values() for family in families
                 for shape in family.shapes if shape.pattern]
    patterns.append(table.keyword_pattern())
    assert len(patterns) > 150
    for pattern in patterns:
        assert pattern.compiled().pattern == pattern.source


# Texts for the rules whose gates are tighter than "the regex finds something" (a literal such as
# `-p ` or `glpat-`, a word the judge needs such as `mysql`): secrets, then look-alikes.
PRE_CHECKED_SECRETS = [
    "docker login -u bot -p " + fake(ALNUM, 20), "docker login -u bot -p=" + fake(ALNUM, 20),
    "docker login -u bot -p\t" + fake(ALNUM, 20), "redis-cli -h cache -a " + fake(ALNUM, 24),
    "keytool -list -storepass " + fake(ALNUM, 12), "keytool -importkeystore -deststorepass " + fake(ALNUM, 12),
    "tool --password " + fake(ALNUM, 14), "aws configure --secret-access-key=" + fake(ALNUM, 40),
    "vendor --api-key " + fake(ALNUM, 32), "mysql -uroot -p" + fake(ALNUM, 12) + " app",
    "mariadb -p" + fake(ALNUM, 12), "curl -u admin:" + fake(ALNUM, 14) + " https://api.example.net",
    "wget --user=admin:" + fake(ALNUM, 14) + " x", "postgresql://app:" + fake(ALNUM, 16) + "@db:5432/app",
    "git remote add origin https://" + "ghp_" + fake(ALNUM, 36) + "@github.com/o/r.git",
    "gitlab: " + "glpat-" + fake(ALNUM, 20), "runner " + "glrt-" + fake(ALNUM, 24),
    "mailchimp " + fake("0123456789abcdef", 32) + "-us21",
]
PRE_CHECKED_LOOKALIKES = [
    "mkdir -p build", "ls -la", "git push -u origin main", "pip install --user mage", "see github.com/glob",
    "high-usage " + fake("0123456789abcdef", 32) + "-usage", "campaign " + fake("0123456789abcdef", 32) + "-US21",
    "DOCKER LOGIN -U BOT -P " + fake(UPPER_DIGITS, 20), "mysql -h db -p",
]


def _scrub_short_path(text: str):
    """`scrub_report` as a hook process runs it: tokens found by str.translate, keywords by a loop."""
    from mage_engine.scrub import context, tokens

    saved = tokens.REGEX_ABOVE, context.LONG_TEXT, context.PATTERN_ONCE_LOADED
    tokens.REGEX_ABOVE, context.LONG_TEXT, context.PATTERN_ONCE_LOADED = 10 ** 9, 10 ** 9, False
    try:
        return scrub_report(text)
    finally:
        tokens.REGEX_ABOVE, context.LONG_TEXT, context.PATTERN_ONCE_LOADED = saved


def _scrub_long_path(text: str):
    """`scrub_report` as a long text is run: tokens found by one regex, keywords by one pattern."""
    from mage_engine.scrub import context, tokens

    saved = tokens.REGEX_ABOVE, context.LONG_TEXT
    tokens.REGEX_ABOVE, context.LONG_TEXT = -1, -1
    try:
        return scrub_report(text)
    finally:
        tokens.REGEX_ABOVE, context.LONG_TEXT = saved


def test_the_short_and_the_long_text_paths_redact_alike():
    texts = [c["text"] for _, c in CASES + BENIGN] + [t for t, _ in KIND_SAMPLES.values()]
    texts += PRE_CHECKED_SECRETS + PRE_CHECKED_LOOKALIKES + ["caf\u00e9 token " + fake(ALNUM, 30) + "\u00fcber"]
    assert [_scrub_long_path(text) for text in texts] == [_scrub_short_path(text) for text in texts]
    assert [text for text in PRE_CHECKED_SECRETS if "[REDACTED:" not in scrub(text)] == []
    assert [scrub(text) for text in PRE_CHECKED_LOOKALIKES] == PRE_CHECKED_LOOKALIKES


def test_a_whole_token_before_an_ellipsis_is_a_secret_and_a_truncated_one_a_placeholder():
    """`…` after a whole token is punctuation (a user's `my token ghp_… what now`, a line mage
    clipped); a placeholder is a token that runs on after it (`xoxp-1234-…-####`)."""
    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    assert scrub(f"deploy failed with my token {token}… what now") == \
        "deploy failed with my token [REDACTED:github-token]… what now"
    assert scrub(f"clipped: {token}…") == "clipped: [REDACTED:github-token]…"
    assert scrub(f"AKIA{'Z7Q3XK5M2P8R4T6W'}... and more").startswith("[REDACTED:aws-key]")
    assert scrub("xoxp-1234-…-####") == "xoxp-1234-…-####"


@pytest.mark.parametrize("shape", ["**{}**", "*{}*", "_{}_", "__{}__", "~~{}~~", "# {}#", "`{}`<br>", "{}> quoted"])
def test_markdown_around_a_whole_token_does_not_make_it_a_placeholder(shape):
    """A note says "publish with **ghp_…**": emphasis, a heading or markup after a whole token is
    not a placeholder (an attacker's report: each was committed to INDEX.md and MEMORY.md)."""
    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    assert token[4:] not in scrub(shape.format(token)) and "[REDACTED:github-token]" in scrub(shape.format(token))
