"""The recall evaluation protocol, run through the real hook (see tests/fixtures/recall/SOURCES.md).

`mage init` a temporary project, copy a set's 40 notes, `mage index`, then feed
every prompt to `mage-hook UserPromptSubmit` exactly as Claude Code sends it
and read the note ids in the injected hint. Then add 9,960 distractor notes
(`distractors.py <kb>/mage/notes 9960 7`), `mage index` again, and repeat.
Prints hint recall@4 (and strict: every relevant note hinted), silence,
precision, the hook's latency as a ratio to the venv's `python -c pass`, and
for every failure the hint scores (`mage recall`'s) of the notes involved.

A set is a folder holding `notes/*.md` and `*prompts.jsonl` (the public set,
tests/fixtures/recall/, by default; tests/fixtures/recall_holdout/ is another).

    .venv/bin/python benchmarks/eval_recall.py [--set DIR] [--prompts FILE] [--no-10k]
"""

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from process_timing import BASELINE, BIN, clean_env, medians_against_baseline

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "recall"
HINTED = re.compile(r"^- ([a-z0-9][a-z0-9-]*): ", re.MULTILINE)


def make_kb(parent: Path, distractors: int = 0, notes: Path = FIXTURES / "notes") -> Path:
    """A project with a set's notes (and distractors), indexed by `mage index`."""
    root = parent / f"kb{distractors}"
    root.mkdir(parents=True)
    subprocess.run([str(BIN / "mage"), "init"], cwd=root, env=clean_env(), check=True, capture_output=True)
    sources = sorted(Path(notes).glob("*.md"))
    for note in sources:
        shutil.copy(note, root / "mage" / "notes" / note.name)
    if distractors:
        subprocess.run([sys.executable, str(FIXTURES / "distractors.py"), str(root / "mage" / "notes"),
                        str(distractors), "7"], check=True, capture_output=True)
    written = len(list((root / "mage" / "notes").glob("*.md")))
    if written != len(sources) + distractors:  # a distractor id equal to a note id would replace the note
        raise RuntimeError(f"expected {len(sources) + distractors} notes, found {written}")
    subprocess.run([str(BIN / "mage"), "index"], cwd=root, env=clean_env(), check=True, capture_output=True)
    return root


def hook_payload(root: Path, prompt: str, session: str, transcript: str = "") -> bytes:
    """A UserPromptSubmit payload shaped like Claude Code 2.1's."""
    return json.dumps({"session_id": session, "transcript_path": transcript or f"/tmp/{session}.jsonl",
                       "cwd": str(root),
                       "prompt_id": str(uuid.uuid4()), "permission_mode": "default",
                       "hook_event_name": "UserPromptSubmit", "prompt": prompt}).encode("utf-8")


def ask(root: Path, prompt: str, session: str = "eval-session", transcript: str = "") -> tuple[list, float]:
    """(note ids hinted, seconds) for one prompt through the real hook."""
    started = time.perf_counter()
    done = subprocess.run([str(BIN / "mage-hook"), "UserPromptSubmit"],
                          input=hook_payload(root, prompt, session, transcript),
                          capture_output=True, env=clean_env(), cwd=root, timeout=60)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"mage-hook exited {done.returncode}: {done.stderr.decode()[:300]}")
    if not done.stdout.strip():
        return [], elapsed
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    return HINTED.findall(context), elapsed


def evaluate(root: Path, prompts: list) -> dict:
    """The protocol's metrics over `prompts` ({"prompt", "relevant"} dicts)."""
    relevant = [p for p in prompts if p["relevant"]]
    irrelevant = [p for p in prompts if not p["relevant"]]
    found, strict, silent, hinted_any, hinted_right, times, misses = 0, 0, 0, 0, 0, [], []
    for item in prompts:
        hinted, elapsed = ask(root, item["prompt"])
        times.append(elapsed)
        wanted = set(item["relevant"])
        if hinted:
            hinted_any += 1
            hinted_right += bool(wanted & set(hinted))
        if wanted:
            found += bool(wanted & set(hinted))
            strict += wanted <= set(hinted)
            if not wanted & set(hinted):
                misses.append(("missed", item["prompt"], hinted, sorted(wanted), last_decision(root)))
        else:
            silent += not hinted
            if hinted:
                misses.append(("spoke", item["prompt"], hinted, [], last_decision(root)))
    return {"recall@4": found / max(len(relevant), 1), "strict_recall@4": strict / max(len(relevant), 1),
            "silence": silent / max(len(irrelevant), 1), "precision": hinted_right / max(hinted_any, 1),
            "hook_median_ms": statistics.median(times) * 1000, "misses": misses}


def last_decision(root: Path) -> str:
    """Why the hook decided as it did for the last prompt: the ledger's reason and best
    candidates, and the last line of .mage/errors.log (what a miss is diagnosed by)."""
    mage = root / ".mage"
    try:
        decision = json.loads((mage / "injections.jsonl").read_text().splitlines()[-1]).get("decision", {})
        best = [(c.get("id"), round(c.get("score", 0), 3), c.get("reason")) for c in decision.get("candidates", [])[:3]]
        why = f"outcome {decision.get('outcome')!r}, floor {decision.get('floor')}, best {best}"
    except (OSError, IndexError, ValueError) as error:
        why = f"no ledger line ({type(error).__name__})"
    try:
        errors = (mage / "errors.log").read_text().splitlines()
        return why + (f"; last error: {errors[-1][:300]}" if errors else "")
    except OSError:
        return why


def load_prompts(path: Path) -> list:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def scores(root: Path, prompt: str, ids: list) -> str:
    """`id score` for the best three hits and for `ids` (the relevant notes): what a failure looked like."""
    from mage_engine.kb.discover import find_kb
    from mage_engine.recall.search.bm25 import search

    hits = search(find_kb(explicit=root), prompt, limit=60, fresh=False)
    found = {hit.id: hit.score for hit in hits}
    shown = [f"{hit.id} {hit.score:.2f}" for hit in hits[:3]]
    shown += [f"wanted {i} {found[i]:.2f}" if i in found else f"wanted {i} -" for i in ids if i not in
              [h.id for h in hits[:3]]]
    return ", ".join(shown)


def report(label: str, metrics: dict, base: float, root: Path = None) -> None:
    print(f"{label}: recall@4 {metrics['recall@4']:.3f} (strict {metrics['strict_recall@4']:.3f})  "
          f"silence {metrics['silence']:.3f}  precision {metrics['precision']:.3f}  "
          f"hook {metrics['hook_median_ms']:.1f} ms = {metrics['hook_median_ms'] / base:.2f}x python -c pass")
    for kind, prompt, hinted, wanted, _why in metrics["misses"]:
        print(f"   {kind}: {' '.join(prompt.split())[:90]!r} -> {hinted}")
        if root is not None:
            print(f"      scores: {scores(root, prompt, wanted)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=FIXTURES, dest="folder",
                        help="the evaluation set: a folder with notes/ and *prompts.jsonl (default: the public set)")
    parser.add_argument("--prompts", type=Path, action="append",
                        help="prompts.jsonl files (default: every *prompts.jsonl of the set)")
    parser.add_argument("--no-10k", action="store_true", help="skip the 10,000-note run")
    args = parser.parse_args()
    files = args.prompts or sorted(args.folder.glob("*prompts.jsonl"),
                                   key=lambda path: (path.name != "prompts.jsonl", path.name))
    with tempfile.TemporaryDirectory(prefix="mage-eval-") as tmp:
        sizes = [0] if args.no_10k else [0, 9960]
        for extra in sizes:
            root = make_kb(Path(tmp), extra, args.folder / "notes")
            ask(root, "warm up the bytecode cache and the index")
            base = medians_against_baseline({}, 15)[BASELINE] * 1000
            label = f"{args.folder.name}, {len(list((root / 'mage' / 'notes').glob('*.md')))} notes"
            for path in files:
                report(f"{label}, {path.name}", evaluate(root, load_prompts(path)), base, root)


if __name__ == "__main__":
    main()
