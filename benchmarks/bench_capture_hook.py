"""Benchmark: the capture hook (PostToolUse payload), whole process, against `python -c pass`.

Runs the PostToolUse hook with a real Claude Code 2.1.328 PostToolUse
payload (a Bash call) in a fresh temporary knowledge base, and the venv's
`python -c pass`, interleaved, and prints the medians and their ratio, then
what the hook imports beyond `python -c pass`. Both run without
PYTHONDONTWRITEBYTECODE, as users run them (with it set, every hook run would
compile mage from source). The hook is the exact command `mage connect claude-code`
writes, and the plugin route (hooks/hooks.json). Goals: at most 1.3× a bare
interpreter start; the plugin route at most 2.3×.

    .venv/bin/python benchmarks/bench_capture_hook.py [--runs 31]
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from process_timing import (BASELINE, connected_command, importtime, imports_beyond_baseline, medians_against_baseline,
                            plugin_command)

ROOT = Path(__file__).resolve().parent.parent
PAYLOADS = ROOT / "tests" / "fixtures" / "claude-code" / "claude-code-2.1.328-local-capture" / "hook_stdin_payloads.jsonl"
GOAL, PLUGIN_GOAL = 1.3, 2.3


def bash_post_tool_use(kb_root: Path) -> bytes:
    """The first PostToolUse payload for a Bash call, pointed at `kb_root`."""
    for line in PAYLOADS.read_text(encoding="utf-8").splitlines():
        payload = json.loads(line)
        if payload.get("hook_event_name") == "PostToolUse" and payload.get("tool_name") == "Bash":
            return json.dumps({**payload, "cwd": str(kb_root)}).encode()
    raise SystemExit("no Bash PostToolUse payload in the fixtures")


WATCHED = ("mage_engine.events.dispatch", "mage_engine.kb.layout", "mage_engine.kb.atomic", "mage_engine.capture.event_line",
           "mage_engine.scrub")
ABSENT = ("json", "re", "pathlib", "tempfile", "dataclasses", "typing", "yaml", "tantivy")  # must not be imported


def import_costs(hook: list, payload: bytes, runs: int = 7) -> dict:
    """Median cumulative import time (ms) of the modules worth watching, from `python -X importtime`."""
    seen = {}
    for _ in range(runs):
        for name, ms in importtime(hook, payload).items():
            if name in WATCHED:
                seen.setdefault(name, []).append(ms)
    return {name: statistics.median(times) for name, times in seen.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    runs = parser.parse_args().runs
    sys.path.insert(0, str(ROOT))
    from mage_engine.kb.init import init_kb

    hook = connected_command("PostToolUse")
    plugin, plugin_env = plugin_command("PostToolUse")
    print(f"connected command: {' '.join(hook)}")
    with tempfile.TemporaryDirectory() as folder:
        kb = init_kb(Path(folder) / "project").kb
        payload = bash_post_tool_use(kb.root)
        medians = medians_against_baseline({"hook": (hook, payload), "plugin": (plugin, payload, plugin_env),
                                            "no bundle": (hook, payload, {"MAGE_HOOK_BUNDLE": "0"})}, runs, warm=3)
        costs = import_costs(hook, payload)
        extra = imports_beyond_baseline(hook, payload)
        lines = len(kb.learnings_dir.joinpath(next(os.walk(kb.learnings_dir))[2][0]).read_text().splitlines())
    base_ms, hook_ms = medians[BASELINE] * 1000, medians["hook"] * 1000
    ratio = hook_ms / base_ms
    print(f"python -c pass           median {base_ms:6.1f} ms over {runs} runs")
    print(f"mage-hook PostToolUse    median {hook_ms:6.1f} ms over {runs} runs ({lines} trail lines written)")
    print(f"ratio                    {ratio:.2f}x (goal <= {GOAL}x) {'ok' if ratio <= GOAL else 'OVER GOAL'}; "
          f"CPU {medians[('hook', 'cpu')] / medians[(BASELINE, 'cpu')]:.2f}x")
    print(f"code bundle off          median {medians['no bundle'] * 1000:6.1f} ms = "
          f"{medians['no bundle'] / medians[BASELINE]:.2f}x (MAGE_HOOK_BUNDLE=0: what base/code_bundle.py saves)")
    plugin_ratio = medians["plugin"] / medians[BASELINE]
    print(f"plugin route             median {medians['plugin'] * 1000:6.1f} ms = {plugin_ratio:.2f}x "
          f"(goal <= {PLUGIN_GOAL}x) {'ok' if plugin_ratio <= PLUGIN_GOAL else 'OVER GOAL'}")
    print("import time in the hook process (cumulative, median of 7):")
    for name in WATCHED:
        print(f"  {name:34s} {costs[name]:5.1f} ms" if name in costs else f"  {name:34s}   not imported")
    present = [name for name in ABSENT if name in extra]
    print(f"imported beyond python -c pass: {' '.join(extra)}")
    print(f"must be absent ({' '.join(ABSENT)}): {'ok' if not present else 'IMPORTED ' + ' '.join(present)}")


if __name__ == "__main__":
    main()
