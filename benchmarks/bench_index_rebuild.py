"""Benchmark: rebuilding the search index of 10,000 notes.

Times the engine's `rebuild_index` (read and parse every note, write a new
Tantivy generation, swap it in) in this process, and the whole `mage index`
command (which also renders INDEX.md and MEMORY.md), each the median of a
few runs. Goal: the index rebuild within 1.5 s.

    .venv/bin/python benchmarks/bench_index_rebuild.py [--runs 3]
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from eval_recall import make_kb
from process_timing import BIN, clean_env

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
GOAL_SECONDS = 1.5


def main() -> None:
    from mage_engine.kb.layout import KB
    from mage_engine.recall.index.lifecycle import rebuild_index

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mage-bench-index-") as tmp:
        root = make_kb(Path(tmp), 9960)
        engine, command = [], []
        for _ in range(args.runs):
            started = time.perf_counter()
            result = rebuild_index(KB(root))
            engine.append(time.perf_counter() - started)
            started = time.perf_counter()
            subprocess.run([str(BIN / "mage"), "index"], cwd=root, env=clean_env(), check=True, capture_output=True)
            command.append(time.perf_counter() - started)
        seconds = statistics.median(engine)
        print(f"rebuild_index, {result['docs']} documents: {seconds:.2f} s (goal <= {GOAL_SECONDS} s): "
              f"{'ok' if seconds <= GOAL_SECONDS else 'OVER'}")
        print(f"whole `mage index` process (also INDEX.md, MEMORY.md): {statistics.median(command):.2f} s")


if __name__ == "__main__":
    main()
