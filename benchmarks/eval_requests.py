"""How many explicit requests to remember are staged, and how many ordinary prompts are taken for one.

Reads a labelled set (tests/fixtures/requests/: `tuning.txt` to tune on, `sealed.txt`
measured once at the end) and runs each prompt through `explicit_request`, the
function the UserPromptSubmit hook stages from. Prints the share of requests
found, the ordinary prompts taken for requests, the kinds that differ from the
label, and each miss and false hit with the title it would get.

    .venv/bin/python benchmarks/eval_requests.py [--set tuning.txt|sealed.txt] [--quiet]
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from helpers.request_cases import load_cases  # noqa: E402

from mage_engine.capture.requests import explicit_request  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="tuning.txt", help="a file under tests/fixtures/requests/")
    parser.add_argument("--quiet", action="store_true", help="figures only")
    args = parser.parse_args()
    cases = load_cases(args.set)
    asked = [c for c in cases if c["request"]]
    ordinary = [c for c in cases if not c["request"]]
    missed = [c for c in asked if explicit_request(c["prompt"]) is None]
    taken = [(c, explicit_request(c["prompt"])) for c in ordinary]
    taken = [(c, found) for c, found in taken if found]
    kinds = [(c, explicit_request(c["prompt"])) for c in asked if c not in missed and c["kinds"]]
    wrong_kind = [(c, found) for c, found in kinds if found["kind"] not in c["kinds"]]
    print(f"{args.set}: requests staged {len(asked) - len(missed)}/{len(asked)} "
          f"({100 * (len(asked) - len(missed)) / len(asked):.1f}%), "
          f"ordinary prompts taken for requests {len(taken)}/{len(ordinary)} ({100 * len(taken) / len(ordinary):.1f}%), "
          f"kind differs from the label {len(wrong_kind)}/{len(kinds)}")
    if args.quiet:
        return
    for case in missed:
        print(f"  MISSED  {_one_line(case['prompt'])}")
    for case, found in taken:
        print(f"  FALSE   {_one_line(case['prompt'])}\n          -> {found['title']!r}")
    for case, found in wrong_kind:
        print(f"  KIND    {found['kind']} (label {'|'.join(case['kinds'])}): {found['title']!r}")
    for case in asked:
        found = explicit_request(case["prompt"])
        if found:
            print(f"  title   {found['kind']:<10} {found['category']:<9} {found['title']!r}")


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 140 else flat[:139] + "…"


if __name__ == "__main__":
    main()
