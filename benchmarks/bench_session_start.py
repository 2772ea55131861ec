"""Benchmark: the SessionStart hook (standing context), whole process, against `python -c pass`.

Times the exact command `mage connect claude-code` writes for SessionStart (source
startup), and the plugin route, on knowledge bases of 40 and 10,000 notes,
interleaved with the venv's `python -c pass`. The hook reads the standing context
that the index build precomputed: no YAML, no Tantivy. Every process runs without
PYTHONDONTWRITEBYTECODE (process_timing.clean_env drops it), as users run them.
Goal: the connected command at most 1.6x; the plugin route at most 2.3x.

    .venv/bin/python benchmarks/bench_session_start.py [--runs 21] [--no-10k]
"""

import argparse
import json
import tempfile
from pathlib import Path

from eval_recall import make_kb
from process_timing import BASELINE, connected_command, imports_beyond_baseline, medians_against_baseline, plugin_command

GOAL, PLUGIN_GOAL = 1.6, 2.3
EVENT = "SessionStart"


def payload(root: Path) -> bytes:
    return json.dumps({"session_id": "bench-start", "transcript_path": "/tmp/bench-start.jsonl", "cwd": str(root),
                       "hook_event_name": "SessionStart", "source": "startup"}).encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--no-10k", action="store_true")
    args = parser.parse_args()
    worst, worst_plugin = 0.0, 0.0
    hook = connected_command(EVENT)
    plugin, plugin_env = plugin_command(EVENT)
    print(f"connected command: {' '.join(hook)}")
    with tempfile.TemporaryDirectory(prefix="mage-bench-start-") as tmp:
        for extra in ([0] if args.no_10k else [0, 9960]):
            root = make_kb(Path(tmp), extra)
            data = payload(root)
            medians = medians_against_baseline({"hook": (hook, data), "plugin": (plugin, data, plugin_env),
                                                "no bundle": (hook, data, {"MAGE_HOOK_BUNDLE": "0"})}, args.runs)
            ratio, plugin_ratio = medians["hook"] / medians[BASELINE], medians["plugin"] / medians[BASELINE]
            worst, worst_plugin = max(worst, ratio), max(worst_plugin, plugin_ratio)
            print(f"{40 + extra} notes: python -c pass {medians[BASELINE] * 1000:.1f} ms, "
                  f"SessionStart {medians['hook'] * 1000:.1f} ms = {ratio:.2f}x "
                  f"(CPU {medians[('hook', 'cpu')] / medians[(BASELINE, 'cpu')]:.2f}x), "
                  f"plugin route {medians['plugin'] * 1000:.1f} ms = {plugin_ratio:.2f}x, "
                  f"code bundle off {medians['no bundle'] / medians[BASELINE]:.2f}x")
            print(f"  imported beyond python -c pass: {' '.join(imports_beyond_baseline(hook, data))}")
    print(f"worst {worst:.2f}x (goal <= {GOAL}x): {'ok' if worst <= GOAL else 'OVER'}; "
          f"plugin route {worst_plugin:.2f}x (goal <= {PLUGIN_GOAL}x): {'ok' if worst_plugin <= PLUGIN_GOAL else 'OVER'}")


if __name__ == "__main__":
    main()
