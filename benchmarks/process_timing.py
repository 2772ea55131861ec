"""What the whole-process benchmarks share: a clean environment, timed runs, and the baseline they are ratios to.

Every process runs with the environment a user's would have: no named KB, no
agent markers, and without PYTHONDONTWRITEBYTECODE (with it set, every run
would compile mage from source). The hooks are timed as users run them: the
exact command `mage connect claude-code` writes (`connected_command`, read
back from the settings file it writes), and the plugin route of
hooks/hooks.json (`plugin_command`). Claude Code starts each through a shell
of its own, the same for every command, which no benchmark counts.
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent
_CONNECTED = {}
BASELINE = "python -c pass"
SCRUBBED_ENV = ("MAGE_KB", "MAGE_HINT_MIN_SCORE", "MAGE_HINT_COUNT", "CLAUDECODE", "MAGE_ACTOR",
                "PYTHONDONTWRITEBYTECODE", "CLAUDE_PROJECT_DIR")


def clean_env() -> dict:
    """This environment without what would change a run."""
    return {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENV}


def timed(command: list, stdin: bytes = b"", env: dict | None = None, before=None, cpu: list | None = None) -> float:
    """Wall seconds of one run of `command` fed `stdin` (it must exit 0); `env` adds variables;
    `before()`, untimed, puts back what the previous run changed; `cpu` gets the process's CPU seconds."""
    if before is not None:
        before()
    used = _children_cpu()
    started = time.perf_counter()
    subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**clean_env(), **(env or {})}, check=True)
    wall = time.perf_counter() - started
    if cpu is not None:
        cpu.append(_children_cpu() - used)
    return wall


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def connected_command(event: str) -> list:
    """The argv of the hook command `mage connect claude-code` writes for `event`, read from the
    settings file it writes in a scratch project: the benchmarks time what users run."""
    if event not in _CONNECTED:
        import json
        import shlex
        import tempfile

        with tempfile.TemporaryDirectory(prefix="mage-connect-") as folder:
            for args in (["init"], ["connect", "claude-code"]):
                subprocess.run([str(BIN / "mage"), *args], cwd=folder, env=clean_env(), check=True,
                               capture_output=True)
            settings = json.loads((Path(folder) / ".claude" / "settings.local.json").read_text(encoding="utf-8"))
        for name, groups in settings["hooks"].items():
            _CONNECTED[name] = shlex.split(groups[0]["hooks"][0]["command"])
    return _CONNECTED[event]


def plugin_command(event: str) -> tuple:
    """(argv, env) of the plugin route for `event`: hooks/hooks.json's command, with
    CLAUDE_PLUGIN_ROOT set to this checkout and the venv's bin first on PATH, as after a pipx
    or venv install (the script then finds `mage-hook` there)."""
    import json
    import shlex

    hooks = json.loads((ROOT / "hooks" / "hooks.json").read_text(encoding="utf-8"))["hooks"]
    command = hooks[event][0]["hooks"][0]["command"].replace("${CLAUDE_PLUGIN_ROOT}", str(ROOT))
    return shlex.split(command), {"CLAUDE_PLUGIN_ROOT": str(ROOT), "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}


def medians_against_baseline(runs: dict, count: int, warm: int = 1) -> dict:
    """Median seconds of each named (command, stdin[, env[, before]]), interleaved with `python -c pass` under BASELINE.

    Interleaving spreads the machine's noise over every command alike; `warm`
    untimed rounds first fill the page cache and the bytecode and config caches.
    The mean CPU seconds of each are under `(name, "cpu")`: on a machine shared with
    other work, what a run costs the processor is steadier than how long it waited.
    """
    runs = {BASELINE: ([sys.executable, "-c", "pass"], b""), **runs}
    for _ in range(warm):
        for run in runs.values():
            timed(*run)
    times = {name: [] for name in runs}
    cpu = {name: [] for name in runs}
    for _ in range(count):
        for name, run in runs.items():
            times[name].append(timed(*_padded(run), cpu=cpu[name]))
    medians = {name: statistics.median(values) for name, values in times.items()}
    return {**medians, **{(name, "cpu"): statistics.mean(values) for name, values in cpu.items()}}


def _padded(run: tuple) -> tuple:
    """(command, stdin, env, before), whichever of the last three the run left out."""
    return (*run, *(b"", None, None)[len(run) - 1:])


def importtime(command: list, stdin: bytes = b"") -> dict:
    """{module: cumulative import ms} of one `python -X importtime` run of `command`: a script and its
    args, or a whole command that starts with a Python (connect's `python -I -S -c …`)."""
    starts_with_python = bool(command) and Path(command[0]).name.startswith("python")
    argv = ([command[0], "-X", "importtime", *command[1:]] if starts_with_python
            else [sys.executable, "-X", "importtime", *command])
    done = subprocess.run(argv, input=stdin, capture_output=True, env=clean_env())
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
