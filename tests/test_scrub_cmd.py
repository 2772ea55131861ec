"""`mage scrub [FILE|-] [--report] [--jsonl]`, run as a user runs it: the installed console script."""

import json
import random
import string
from pathlib import Path

import subprocess

from helpers.process import BIN, run_mage

RNG = random.Random(29)
FIXTURES = Path(__file__).parent / "fixtures" / "secrets"


def fake(size: int = 36) -> str:
    return "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(size - 1)) + "7"


def test_a_piped_log_comes_out_scrubbed_and_otherwise_untouched():
    token, password = "ghp_" + fake(), fake(20)
    log = f"starting\r\nGITHUB_TOKEN={token}\nDB_PASSWORD={password}\ndone\n".encode()
    done = subprocess.run([str(BIN / "mage"), "scrub"], input=log, capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout == b"starting\r\nGITHUB_TOKEN=[REDACTED:github-token]\nDB_PASSWORD=[REDACTED:password]\ndone\n"


def test_a_dash_and_a_file_read_the_same_text(tmp_path):
    text = f"export STRIPE_KEY=sk_live_{fake(24)}\n"
    (tmp_path / "env").write_text(text, encoding="utf-8")
    from_file, from_dash = run_mage("scrub", tmp_path / "env"), run_mage("scrub", "-", input=text)
    assert from_file.stdout == from_dash.stdout == "export STRIPE_KEY=[REDACTED:stripe-key]\n"


def test_report_lists_line_and_kind_never_the_value():
    token = "xoxb-" + "".join(RNG.choice(string.digits) for _ in range(11)) + "-" + fake(24)
    text = f"line one\nSLACK={token}\nthree\n-----BEGIN RSA PRIVATE KEY-----\n{fake(64)}\n-----END RSA PRIVATE KEY-----\n"
    done = run_mage("scrub", "--report", input=text)
    assert done.stdout == "2: slack-token\n4: private-key\n"
    as_json = json.loads(run_mage("scrub", "--report", "--json", input=text).stdout)
    assert as_json == [{"line": 2, "kind": "slack-token"}, {"line": 4, "kind": "private-key"}]
    assert token not in done.stdout


def test_jsonl_writes_one_line_per_line_in_order():
    token = "glpat-" + fake(20)
    records = [json.dumps({"id": 1, "text": f"token {token}", "kind": "ci"}), "",
               f"not json {token}", json.dumps({"id": 2, "text": "nothing here"}), json.dumps([1, 2])]
    done = run_mage("scrub", "--jsonl", input="\n".join(records) + "\n")
    out = done.stdout.split("\n")[:-1]
    assert len(out) == len(records)
    assert json.loads(out[0]) == {"id": 1, "text": "token [REDACTED:gitlab-token]", "kind": "ci"}
    assert out[1] == "" and out[2] == "not json [REDACTED:gitlab-token]"
    assert out[3] == records[3] and out[4] == records[4]  # unchanged records come back byte for byte


def test_jsonl_over_a_whole_corpus_in_one_process_leaks_little_and_scrubs_once():
    corpus = (FIXTURES / "gitleaks_positives.jsonl").read_text(encoding="utf-8")
    done = run_mage("scrub", "--jsonl", input=corpus, timeout=120)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(records) == len(corpus.splitlines())
    leaked = sum(record["secret"] in record["text"] for record in records)
    assert leaked <= 0.01 * len(records)
    assert run_mage("scrub", "--jsonl", input=done.stdout, timeout=120).stdout == done.stdout


def test_an_unreadable_file_is_one_line_and_exit_one(tmp_path):
    done = run_mage("scrub", tmp_path / "missing.log")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "cannot read" in done.stderr and "Traceback" not in done.stderr


def _transcript_with_secrets() -> tuple[str, list[str]]:
    """A Claude Code transcript's shapes: a prompt, an assistant turn with a tool call, its result."""
    token, key = "ghp_" + fake(36), "AKIAQ3RZ7K2MX9WPLT4B"
    password = "Tr0ub4dor-x" + fake(8)
    url = f"postgres://deploy:{password}@db.internal:5432/app"
    records = [
        {"type": "user", "message": {"role": "user", "content": f"push with {token}"}},
        {"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "text", "text": f"exporting AWS_ACCESS_KEY_ID={key}"},
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": f"psql {url} -c 'select 1'"}}]}},
        {"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": f"connected to {url}\nok"}]}},
    ]
    return "".join(json.dumps(r) + "\n" for r in records), [token, key, password]


def test_the_help_s_transcript_example_leaves_no_secret_in_a_transcript(tmp_path):
    """The example a user copies from `mage scrub --help` for a transcript must scrub all of it."""
    text, secrets = _transcript_with_secrets()
    (tmp_path / "transcript.jsonl").write_text(text)
    help_text = run_mage("scrub", "--help").stdout
    (example,) = [line.split("#")[0].strip() for line in help_text.splitlines() if "transcript.jsonl" in line]
    env = {"PATH": f"{BIN}:/usr/bin:/bin"}
    assert subprocess.run(["sh", "-c", example], cwd=tmp_path, env=env, timeout=60).returncode == 0
    (written,) = [p for p in tmp_path.iterdir() if p.name != "transcript.jsonl"]
    out = written.read_text()
    assert not [s for s in secrets if s in out], f"{example!r} left secrets in {written.name}"
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 3 and "[REDACTED:" in records[2]["message"]["content"][0]["content"]
