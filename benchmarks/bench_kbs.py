"""Benchmark: the hint hook reading 1, 3 and 10 knowledge bases, against `python -c pass`.

A project KB (the 40 evaluation notes plus distractors, `--notes` in all) is read
alone, then beside 2 and 9 other KBs of `--notes` notes each: the first one as the
personal KB (MAGE_PERSONAL_KB), the rest listed under `kbs:` in the project's
config. Each setting is its own copy of the project (same notes, its own config),
so the three are timed interleaved with the venv's `python -c pass`, with a prompt
that gets a hint and one that stays silent. Prints medians, ratios to the
baseline and to the one-KB hook, and the cost per extra KB.

Building 10 KBs of 10,000 notes takes minutes: they are built once under
`--cache` (default /tmp/mage-bench-kbs) and reused while their note count
matches. Run it under `nice` on a shared machine.

    nice -n 10 .venv/bin/python benchmarks/bench_kbs.py [--notes 10000] [--runs 15]
"""

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from eval_recall import FIXTURES, hook_payload
from process_timing import BASELINE, BIN, clean_env, connected_command, medians_against_baseline

EVENT = "UserPromptSubmit"
PROMPTS = {
    "hinted": "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?",
    "silent": "write a regex that validates a hex colour like #fff or #1a2b3c",
}
SETTINGS = (1, 3, 10)


def built_kb(folder: Path, notes: int, seed: int, with_eval: bool) -> Path:
    """A KB of `notes` notes at `folder` (the evaluation notes first when `with_eval`), indexed; reused if built."""
    notes_dir = folder / "mage" / "notes"
    if notes_dir.is_dir() and len(list(notes_dir.glob("*.md"))) == notes and (folder / ".mage" / "index").is_dir():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    subprocess.run([str(BIN / "mage"), "init"], cwd=folder, env=clean_env(), check=True, capture_output=True)
    own = sorted((FIXTURES / "notes").glob("*.md")) if with_eval else []
    for note in own:
        shutil.copy(note, notes_dir / note.name)
    subprocess.run([sys.executable, str(FIXTURES / "distractors.py"), str(notes_dir), str(notes - len(own)),
                    str(seed)], check=True, capture_output=True)
    subprocess.run([str(BIN / "mage"), "index"], cwd=folder, env=clean_env(), check=True, capture_output=True)
    return folder


def project_reading(cache: Path, notes: int, others: list) -> tuple:
    """(project folder, env) for the project reading `others` beside it: the first as personal, the rest as kbs:."""
    folder = built_kb(cache / f"project-{len(others) + 1}", notes, 7, with_eval=True)
    config = folder / "mage" / "config.yaml"
    text = config.read_text(encoding="utf-8").split("kbs:")[0].rstrip("\n") + "\n"
    if len(others) > 1:
        text += "kbs:\n" + "".join(f"  - {path}\n" for path in others[1:])
    config.write_text(text, encoding="utf-8")
    personal = str(others[0]) if others else str(cache / "no-personal-kb")
    if len(others) > 1:  # a person confirms the listed KBs outside the project once (docs/trust.md)
        subprocess.run([str(BIN / "mage"), "kbs", "--confirm"], cwd=folder,
                       env={**clean_env(), "MAGE_PERSONAL_KB": personal}, check=True, capture_output=True)
    return folder, {"MAGE_PERSONAL_KB": personal}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10_000, help="notes in each KB (default 10,000)")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/mage-bench-kbs"))
    args = parser.parse_args()
    cache = args.cache / str(args.notes)
    others = [built_kb(cache / f"other-{n}", args.notes, 100 + n, with_eval=False) for n in range(1, max(SETTINGS))]
    command = connected_command(EVENT)
    timed = {}
    for count in SETTINGS:
        root, env = project_reading(cache, args.notes, others[:count - 1])
        for name, prompt in PROMPTS.items():
            timed[f"{count} KB, {name}"] = (command, hook_payload(root, prompt, "bench"), env)
    medians = medians_against_baseline(timed, args.runs, warm=2)
    base = medians[BASELINE]
    print(f"{args.notes:,} notes per KB; python -c pass {base * 1000:.1f} ms")
    for name in PROMPTS:
        one = medians[f"1 KB, {name}"]
        for count in SETTINGS:
            value = medians[f"{count} KB, {name}"]
            extra = (value - one) / (count - 1) * 1000 if count > 1 else 0.0
            print(f"  {count:>2} KB ({name} prompt): {value * 1000:.1f} ms = {value / base:.2f}x python -c pass, "
                  f"{value / one:.2f}x one KB" + (f", +{extra:.1f} ms per extra KB" if count > 1 else ""))


if __name__ == "__main__":
    main()
