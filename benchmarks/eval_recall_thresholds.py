"""Recall and silence of every prompt set over a range of hint floors, computed in-process.

What `eval_recall.py` measures through the real hook at the one configured floor,
this computes for many floors at once, to see where a scorer change moves the
balance: each set's notes (and 9,960 distractors) are indexed once, every prompt
is decided on as the hook does (`decide`: the candidates whose evidence is strong,
the best `hint.count` at or above the floor the prompt needs, a task request 0.2
more and a question 0.1 less; no everyday words, which need the trail), and each row prints `recalled/relevant silent/irrelevant` per prompt file. Sealed prompt files are skipped unless named with --prompts.

    .venv/bin/python benchmarks/eval_recall_thresholds.py [--no-10k] [--prompts FILE ...]
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FIXTURES = ROOT / "tests" / "fixtures"
SETS = {FIXTURES / "recall": ["prompts.jsonl", "own_prompts.jsonl"],
        FIXTURES / "recall_holdout": ["prompts.jsonl", "second_prompts.jsonl"],
        FIXTURES / "recall_larch": ["prompts.jsonl"], FIXTURES / "recall_fieldlight": ["prompts.jsonl"]}
FLOORS = (0.40, 0.44, 0.48, 0.50, 0.52, 0.56, 0.60)
COUNT = 4


def indexed_kb(parent: Path, notes: Path, distractors: int):
    """A knowledge base of `notes` plus distractors, indexed in this process."""
    from mage_engine.kb.init import init_kb
    from mage_engine.recall.index.lifecycle import rebuild_index

    kb = init_kb(Path(tempfile.mkdtemp(dir=parent))).kb
    for note in notes.glob("*.md"):
        shutil.copy(note, kb.notes_dir)
    if distractors:
        subprocess.run([sys.executable, str(FIXTURES / "recall" / "distractors.py"), str(kb.notes_dir),
                        str(distractors), "7"], check=True, capture_output=True)
    rebuild_index(kb)
    return kb


def ranked(kb, path: Path) -> list:
    """(relevant ids, [(id, score)] of the hook's candidates whose evidence is strong, the floor's
    shift for what the prompt asks) for every prompt of `path`: the decision's weak-evidence reasons
    do not depend on the floor; a note that quotes the prompt is hinted at any floor (score 1)."""
    from mage_engine.recall.hint.decide import decide

    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            item = json.loads(line)
            decision, _ = decide(kb, item["prompt"], 0.0, 100, fresh=False)
            strong = [(row["id"], 1.0 if row.get("quote") else row["score"]) for row in decision["candidates"]
                      if row["reason"] in ("hinted", "beyond hint.count")]
            rows.append((set(item["relevant"]), strong, decision.get("shift", 0.0)))
    return rows


def right(relevant: set, hits: list, floor: float, shift: float = 0.0) -> bool:
    """A relevant note hinted, or silence on a prompt that has none (at the floor the prompt needs)."""
    needed = round(floor + shift, 4)
    hinted = set([note for note, score in hits if score >= needed][:COUNT])  # hits are best first
    return bool(relevant & hinted) if relevant else not hinted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-10k", action="store_true", help="skip the 10,000-note run")
    parser.add_argument("--prompts", type=Path, action="append", help="prompt files (default: the tuning sets)")
    args = parser.parse_args()
    sets = {}
    for path in args.prompts or [folder / name for folder, names in SETS.items() for name in names]:
        sets.setdefault(path.resolve().parent, []).append(path.name)
    with tempfile.TemporaryDirectory(prefix="mage-floors-") as tmp:
        for distractors in [0] if args.no_10k else [0, 9960]:
            results = {f"{folder.name}/{name}": ranked(kb, folder / name)
                       for folder, names in sets.items()
                       for kb in [indexed_kb(Path(tmp), folder / "notes", distractors)] for name in names}
            print(f"{40 + distractors} notes: " + " | ".join(results))
            for floor in FLOORS:
                cells = [f"{sum(right(r, h, floor, m) for r, h, m in rows if r)}/{sum(bool(r) for r, _, _ in rows)} "
                         f"{sum(right(r, h, floor, m) for r, h, m in rows if not r)}/{sum(not r for r, _, _ in rows)}"
                         for rows in results.values()]
                print(f"  floor {floor:.2f}: " + " | ".join(cells))


if __name__ == "__main__":
    main()
