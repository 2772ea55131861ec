"""Calibrate the secret scrub: leaks and false positives, per family, on every corpus found.

A leak is a listed secret that survives the scrub whole, or as a run of 8 or
more of its characters holding a digit (a partial leak). A false positive is a
benign text the scrub changed at all. For gitleaks' negatives (a rule's own
"not this format" examples, some of them a sibling rule's credentials), the
changed ones are split into placeholders (`…Here`, `RANDOM`, `####`, runs,
`fake`, `xxxx`: these must pass) and the rest.

CORPORA is a folder (default tests/fixtures) with `secrets/` (and, in the
shared eval folder's layout, `secrets-peer/`) in it, or one such folder itself,
holding any of: `cases.jsonl`/`benign.jsonl` (the public eval set),
`extra_*.jsonl` and `vendor_*.jsonl` (mage's own sets),
`gitleaks_positives.jsonl`/`gitleaks_negatives.jsonl` or `positives.jsonl`/`negatives.jsonl`
(gitleaks' examples).
Goals: gitleaks positives at most 1% leaked, the eval set 0 leaks and at most 1
benign text changed, no placeholder changed. Speed is benchmarks/bench_scrub.py.

    .venv/bin/python benchmarks/eval_scrub.py [CORPORA] [--families] [--cold]
"""

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "tests" / "fixtures"
CASE_SETS = (("cases.jsonl", "benign.jsonl"), ("extra_cases.jsonl", "extra_benign.jsonl"),
             ("vendor_cases.jsonl", "vendor_benign.jsonl"))
PEER_FILES = (("gitleaks_positives.jsonl", "gitleaks_negatives.jsonl"), ("positives.jsonl", "negatives.jsonl"))
PLACEHOLDER = re.compile(r"(?i)here|random|#{4}|fake|x{4}|example|dummy|placeholder|your[_-]|<[a-z_-]+>|\$\{|\.{3}|…"
                         r"|abcdefg|bcdefgh|1234567|2345678|(.)\1{7}")


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def leaked(secret: str, scrubbed: str) -> str:
    """'whole', 'partial' (a run of 8+ of its characters holding a digit) or ''."""
    if secret in scrubbed:
        return "whole"
    for start in range(len(secret) - 7):
        run = secret[start: start + 8]
        if any(c.isdigit() for c in run) and run in scrubbed:
            return "partial"
    return ""


def folders(corpora: Path) -> list[Path]:
    nested = [corpora / "secrets", corpora / "secrets-peer"]
    return [folder for folder in nested if folder.is_dir()] or [corpora]


def case_report(scrub, cases_path: Path, benign_path: Path, families: bool) -> list[str]:
    by_kind, lines = defaultdict(lambda: [0, 0]), []
    for case in load(cases_path):
        scrubbed = scrub(case["text"])
        for secret in case["secrets"]:
            by_kind[case.get("kind", "?")][0] += 1
            by_kind[case.get("kind", "?")][1] += bool(leaked(secret, scrubbed))
    total, leaks = sum(v[0] for v in by_kind.values()), sum(v[1] for v in by_kind.values())
    lines.append(f"{cases_path.name:26s} {leaks}/{total} secrets leaked ({100 * leaks / max(total, 1):.1f}%)")
    lines += [f"    {kind:32s} {leak}/{count}" for kind, (count, leak) in sorted(by_kind.items())
              if leak or families]
    if benign_path.exists():
        benign = load(benign_path)
        changed = [item.get("kind", "benign") for item in benign if scrub(item["text"]) != item["text"]]
        lines.append(f"{benign_path.name:26s} {len(changed)}/{len(benign)} look-alikes changed"
                     + (f": {', '.join(changed)}" if changed else ""))
    return lines


def peer_report(scrub, positives: Path, negatives: Path, families: bool) -> list[str]:
    by_family = defaultdict(lambda: [0, 0, 0])
    for item in load(positives):
        family = item["source"].split(":", 1)[-1]
        result = leaked(item["secret"], scrub(item["text"]))
        by_family[family][0] += 1
        by_family[family][1] += result == "whole"
        by_family[family][2] += result == "partial"
    total = sum(v[0] for v in by_family.values())
    whole, partial = sum(v[1] for v in by_family.values()), sum(v[2] for v in by_family.values())
    leaking = [f for f, v in by_family.items() if v[1] or v[2]]
    lines = [f"{positives.name:26s} {whole + partial}/{total} secrets leaked ({100 * (whole + partial) / total:.2f}%): "
             f"{whole} whole, {partial} partial; {len(leaking)}/{len(by_family)} families leak"]
    lines += [f"    {family:44s} {v[1] + v[2]:3d}/{v[0]:<3d} ({v[1]} whole, {v[2]} partial)"
              for family, v in sorted(by_family.items()) if families or v[1] or v[2]]
    if negatives.exists():
        changed = [item for item in load(negatives) if scrub(item["text"]) != item["text"]]
        placeholders = [item for item in changed if PLACEHOLDER.search(item["text"])]
        lines.append(f"{negatives.name:26s} {len(changed)}/{len(load(negatives))} changed: {len(placeholders)} "
                     f"placeholders, {len(changed) - len(placeholders)} others (a sibling format or a real-looking value)")
        lines += [f"    placeholder changed: {item['source']}: {item['text'][:90]!r}" for item in placeholders]
    return lines


COLD = "import sys, time; t = sys.stdin.read(); import mage_engine.scrub as s; a = time.perf_counter(); s.scrub(t); " \
       "print(time.perf_counter() - a)"


def cold_start(runs: int = 15) -> list[str]:
    """What a hook process pays: the import (from -X importtime) and a first scrub of a short command."""
    imports, first = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import mage_engine.scrub"], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        imports += [int(line.split("|")[1]) / 1000 for line in done.stderr.splitlines()
                    if line.split("|")[-1].strip() == "mage_engine.scrub"]
        done = subprocess.run([sys.executable, "-c", COLD], input="cd /srv/app && python -m pytest -q tests/", cwd=ROOT,
                              capture_output=True, text=True, check=True)
        first.append(float(done.stdout))
    return [f"cold start                 import {statistics.median(imports):.1f} ms (cumulative, median of {runs}); "
            f"first scrub of a command {statistics.median(first) * 1e6:.0f} µs"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--families", action="store_true", help="list every family, not only those that leak")
    parser.add_argument("--cold", action="store_true", help="also measure the import and first call in fresh processes")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from mage_engine.scrub import scrub

    started, lines = time.perf_counter(), []
    for folder in folders(args.corpora):
        for cases, benign in CASE_SETS:
            if (folder / cases).exists():
                lines += case_report(scrub, folder / cases, folder / benign, args.families)
        for positives, negatives in PEER_FILES:
            if (folder / positives).exists():
                lines += peer_report(scrub, folder / positives, folder / negatives, args.families)
    if not lines:
        raise SystemExit(f"no corpus found in {args.corpora}")
    print("\n".join(lines))
    print(f"(scrubbed in {time.perf_counter() - started:.1f} s)")
    if args.cold:
        print("\n".join(cold_start()))


if __name__ == "__main__":
    main()
