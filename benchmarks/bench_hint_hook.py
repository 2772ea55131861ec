"""Benchmark: the UserPromptSubmit hint hook, whole process, against `python -c pass`.

Builds knowledge bases of 40 and 10,000 notes (the evaluation notes plus
distractors, see eval_recall.py), then times `mage-hook UserPromptSubmit` with
a prompt that gets a hint and one that stays silent, interleaved with the
venv's `python -c pass`, and prints medians and ratios, then what the hook
imports beyond `python -c pass`. Every process runs without
PYTHONDONTWRITEBYTECODE (process_timing.clean_env drops it), as users run them.
Goal: at most 2.5x at 40 and at 10,000 notes (2.0x would lead the field).

    .venv/bin/python benchmarks/bench_hint_hook.py [--runs 21] [--no-10k]
"""

import argparse
import tempfile
from pathlib import Path

from eval_recall import hook_payload, make_kb
from process_timing import BASELINE, BIN, imports_beyond_baseline, medians_against_baseline

GOAL = 2.5
PROMPTS = {
    "hinted": "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?",
    "silent": "write a regex that validates a hex colour like #fff or #1a2b3c",
}


def measure(root: Path, runs: int) -> dict:
    """Median seconds of the baseline and of the hook for each prompt."""
    hook = [str(BIN / "mage-hook"), "UserPromptSubmit"]
    return medians_against_baseline({name: (hook, hook_payload(root, prompt, "bench"))
                                     for name, prompt in PROMPTS.items()}, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--no-10k", action="store_true")
    args = parser.parse_args()
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="mage-bench-hint-") as tmp:
        for extra in ([0] if args.no_10k else [0, 9960]):
            root = make_kb(Path(tmp), extra)
            medians = measure(root, args.runs)
            base = medians[BASELINE]
            print(f"{40 + extra} notes: python -c pass {base * 1000:.1f} ms")
            for name in PROMPTS:
                ratio = medians[name] / base
                worst = max(worst, ratio)
                print(f"  hint hook ({name} prompt): {medians[name] * 1000:.1f} ms = {ratio:.2f}x")
            imported = imports_beyond_baseline([str(BIN / "mage-hook"), "UserPromptSubmit"],
                                               hook_payload(root, PROMPTS["hinted"], "bench"))
            print(f"  imported beyond python -c pass: {' '.join(imported)}")
    print(f"worst {worst:.2f}x (goal <= {GOAL}x): {'ok' if worst <= GOAL else 'OVER'}")


if __name__ == "__main__":
    main()
