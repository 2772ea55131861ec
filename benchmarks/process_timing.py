"""What the whole-process benchmarks share: a clean environment, timed runs, and the baseline they are ratios to.

Every process runs with the environment a user's would have: no named KB, no
agent markers, and without PYTHONDONTWRITEBYTECODE (with it set, every run
would compile mage from source).
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
BASELINE = "python -c pass"
SCRUBBED_ENV = ("MAGE_KB", "MAGE_HINT_MIN_SCORE", "MAGE_HINT_COUNT", "CLAUDECODE", "MAGE_ACTOR",
                "PYTHONDONTWRITEBYTECODE", "CLAUDE_PROJECT_DIR")


def clean_env() -> dict:
    """This environment without what would change a run."""
    return {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENV}


def timed(command: list, stdin: bytes = b"") -> float:
    """Wall seconds of one run of `command` fed `stdin` (it must exit 0)."""
    started = time.perf_counter()
    subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=clean_env(),
                   check=True)
    return time.perf_counter() - started


def medians_against_baseline(runs: dict, count: int, warm: int = 1) -> dict:
    """Median seconds of each named (command, stdin), interleaved with `python -c pass` under BASELINE.

    Interleaving spreads the machine's noise over every command alike; `warm`
    untimed rounds first fill the page cache and the bytecode and config caches.
    """
    runs = {BASELINE: ([sys.executable, "-c", "pass"], b""), **runs}
    for _ in range(warm):
        for command, stdin in runs.values():
            timed(command, stdin)
    times = {name: [] for name in runs}
    for _ in range(count):
        for name, (command, stdin) in runs.items():
            times[name].append(timed(command, stdin))
    return {name: statistics.median(values) for name, values in times.items()}


def importtime(command: list, stdin: bytes = b"") -> dict:
    """{module: cumulative import ms} of one `python -X importtime` run of `command` (a script and its args)."""
    done = subprocess.run([sys.executable, "-X", "importtime", *command], input=stdin, capture_output=True,
                          env=clean_env())
    costs = {}
    for line in done.stderr.decode().splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[1].strip().isdigit():
            costs[parts[2].strip()] = int(parts[1]) / 1000
    return costs


def imports_beyond_baseline(command: list, stdin: bytes = b"") -> list:
    """Modules, other than mage's own, that `command` imports and `python -c pass` does not."""
    baseline = importtime(["-c", "pass"])
    return sorted(name for name in importtime(command, stdin)
                  if name not in baseline and not name.startswith("mage_engine"))
