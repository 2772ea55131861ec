"""Evaluate the secret scrub: leaks and false positives on the corpora, throughput, per-call cost.

Corpora (tests/fixtures/secrets/): the public eval set (cases.jsonl, benign.jsonl)
and mage's own (extra_cases.jsonl, extra_benign.jsonl). A leak is a listed
secret substring still present after scrub; a false positive is a benign text
the scrub changed at all. Goals: 0 leaks, at most 2% false positives.

Speed: MB/s over a 5 MB mix of the corpora, and the cost of one call on a
typical 2 KB hook payload (a real Claude Code PostToolUse payload with a test
run's output), each as a median of several runs and as a ratio against
`json.dumps` of the same payload (work the hook does anyway).

Cold start, as the hook pays it (20 fresh processes each): the import's
cumulative time from `-X importtime`, the whole process against the venv's bare
`python -c pass` (interleaved, so load on the machine hits both alike), and
the first `scrub()` of the 2 KB payload, which compiles the patterns it needs.

    .venv/bin/python benchmarks/eval_scrub.py [--runs 7]
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRETS = ROOT / "tests" / "fixtures" / "secrets"
CAPTURE = ROOT / "tests" / "fixtures" / "claude-code" / "claude-code-2.1.328-local-capture"
PAYLOADS = CAPTURE / "hook_stdin_payloads.jsonl"
TEST_OUTPUT = "\n".join([
    "============================= test session starts ==============================",
    "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0", "rootdir: /home/dev/work/proj",
    "collected 42 items", "", "tests/test_quotes.py ........F.....                                     [ 35%]",
    "tests/test_cutoff.py ...........................                         [100%]", "",
    "=================================== FAILURES ===================================",
    "    def test_quote_for_oversized_parcel(client):", ">       assert resp.status_code == 200",
    "E       assert 422 == 200", "", "tests/test_quotes.py:88: AssertionError",
    "FAILED tests/test_quotes.py::TestQuotes::test_quote_for_oversized_parcel - assert 422 == 200",
    "========================= 1 failed, 41 passed in 2.31s =========================",
])


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (SECRETS / name).read_text(encoding="utf-8").splitlines() if line]


def calibration(scrub, cases_file: str, benign_file: str) -> str:
    cases, benign = load(cases_file), load(benign_file)
    leaks = affected = 0
    for case in cases:
        scrubbed = scrub(case["text"])
        missed = sum(secret in scrubbed for secret in case["secrets"])
        leaks, affected = leaks + missed, affected + bool(missed)
    changed = sum(scrub(item["text"]) != item["text"] for item in benign)
    secrets = sum(len(case["secrets"]) for case in cases)
    return (f"{cases_file:18s} leaks {leaks}/{secrets} secrets, {affected}/{len(cases)} cases affected · "
            f"{benign_file:18s} false positives {changed}/{len(benign)} ({100 * changed / len(benign):.1f}%)")


def typical_payload() -> str:
    """A real PostToolUse payload (Bash) with a test run's output: about 2 KB of JSON."""
    for line in PAYLOADS.read_text(encoding="utf-8").splitlines():
        payload = json.loads(line)
        if payload.get("hook_event_name") == "PostToolUse" and payload.get("tool_name") == "Bash":
            output = TEST_OUTPUT
            while len(json.dumps({**payload, "tool_response": {"stdout": output}})) < 2048:
                output += "\nPASSED tests/test_cutoff.py::test_cutoff_rolls_to_next_business_day"
            payload["tool_response"] = {"stdout": output, "stderr": "", "interrupted": False}
            return json.dumps(payload)
    raise SystemExit("no Bash PostToolUse payload in the fixtures")


def median_seconds(action, runs: int, repeat: int = 1) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        for _ in range(repeat):
            action()
        samples.append((time.perf_counter() - started) / repeat)
    return statistics.median(samples)


FIRST_CALL = """
import sys, time
text = sys.stdin.read()
import mage_engine.capture.scrub as scrub_module
started = time.perf_counter()
scrub_module.scrub(text)
print(time.perf_counter() - started)
"""


def _importtime_ms(stderr: str) -> float:
    """The cumulative import time of the scrub module from `python -X importtime` output."""
    for line in stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[2].strip() == "mage_engine.capture.scrub":
            return int(parts[1]) / 1000
    raise SystemExit("mage_engine.capture.scrub not in the -X importtime output")


def _process_seconds(command: list) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT)
    return time.perf_counter() - started


def cold_start(payload: str, runs: int = 20) -> list[str]:
    """Import and first-call costs in fresh processes, medians of `runs`."""
    python, bare, whole, cumulative, first = sys.executable, [], [], [], []
    for _ in range(runs):
        bare.append(_process_seconds([python, "-c", "pass"]))
        whole.append(_process_seconds([python, "-c", "import mage_engine.capture.scrub"]))
        done = subprocess.run([python, "-X", "importtime", "-c", "import mage_engine.capture.scrub"], check=True,
                              cwd=ROOT, capture_output=True, text=True)
        cumulative.append(_importtime_ms(done.stderr))
        done = subprocess.run([python, "-c", FIRST_CALL], input=payload, check=True, cwd=ROOT, capture_output=True,
                              text=True)
        first.append(float(done.stdout))
    median = statistics.median
    return [f"import scrub       median {median(cumulative):.1f} ms cumulative (-X importtime, {runs} fresh processes); "
            f"whole process {median(whole) / median(bare):.2f}x python -c pass ({median(bare) * 1000:.1f} ms)",
            f"first call         median {median(first) * 1e6:.0f} µs on the {len(payload)}-byte payload in a fresh "
            f"process (compiling the patterns it needs)"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    sys.path.insert(0, str(ROOT))
    from mage_engine.capture.scrub import scrub

    print(calibration(scrub, "cases.jsonl", "benign.jsonl"))
    print(calibration(scrub, "extra_cases.jsonl", "extra_benign.jsonl"))
    names = ("cases", "benign", "extra_cases", "extra_benign")
    texts = [item["text"] for name in names for item in load(f"{name}.jsonl")]
    mix = "\n".join(texts)
    big = (mix * (5_000_000 // len(mix) + 1))[:5_000_000]
    seconds = median_seconds(lambda: scrub(big), max(3, runs // 2))
    print(f"throughput         {len(big) / 1e6 / seconds:.1f} MB/s on a 5 MB mix of the corpora "
          f"(median of {max(3, runs // 2)}: {seconds:.2f} s)")
    payload = typical_payload()
    per_call = median_seconds(lambda: scrub(payload), runs, repeat=200)
    dumps = median_seconds(lambda: json.dumps(json.loads(payload)), runs, repeat=200)
    print(f"per call           {per_call * 1e6:.0f} µs on a {len(payload)}-byte hook payload "
          f"({per_call / dumps:.1f}x a json loads+dumps of it: {dumps * 1e6:.0f} µs)")
    print("\n".join(cold_start(payload)))


if __name__ == "__main__":
    main()
