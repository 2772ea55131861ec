"""Benchmark: how a hook process is started, each way measured in one run against `python -c pass`.

The hook's own work is the same every time (a PostToolUse capture, or a
UserPromptSubmit hint over 40 notes); what differs is what runs before mage:

  connect's command      exactly what `mage connect claude-code` writes (read back from the settings
                         file): this install's python -I -S -c '<site-packages put back>; mage' EVENT
  python -I, with site   the same program with `site` and its .pth files (what connect falls back to)
  pip's launcher         the installed `bin/mage-hook` console script, as this venv's pip wrote it
  pip's launcher (re)    the template older pips write, which imports `re` before mage
  plugin script          hooks/mage-hook finding `mage-hook` on PATH (the plugin and `--shared` route)

Every command runs through `sh -c`, as Claude Code runs a hook; interleaved
with the baseline so the machine's noise falls on all alike.

    .venv/bin/python benchmarks/bench_hook_launcher.py [--runs 31]
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from process_timing import BASELINE, BIN, medians_against_baseline

ROOT = Path(__file__).resolve().parent.parent
OLD_PIP_TEMPLATE = """#!{python}
# -*- coding: utf-8 -*-
import re
import sys
from mage_engine.hooks import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


def make_project(folder: Path) -> Path:
    """A connected KB with 40 notes and a built index (the hint has something to find)."""
    project = folder / "project"
    project.mkdir()
    mage = [str(BIN / "mage")]
    subprocess.run([*mage, "init"], cwd=project, check=True, capture_output=True)
    for n in range(40):
        subprocess.run([*mage, "stage", "--title", f"Deploy service{n} with tool{n} after the migration",
                        "--body", f"Run tool{n} --apply for service{n}; the migration must finish first ({n})."],
                       cwd=project, check=True, capture_output=True)
    subprocess.run([*mage, "groom", "--accept-all"], cwd=project, check=True, capture_output=True)
    subprocess.run([*mage, "index"], cwd=project, check=True, capture_output=True)
    subprocess.run([*mage, "connect", "claude-code"], cwd=project, check=True, capture_output=True)
    return project


def connected_prefix(project: Path) -> str:
    settings = json.loads((project / ".claude" / "settings.local.json").read_text())
    command = next(g for g in settings["hooks"]["PostToolUse"] if g.get("id", "").startswith("mage:"))
    return command["hooks"][0]["command"].rsplit(" ", 1)[0]


def commands(project: Path, folder: Path) -> dict:
    """name -> shell command prefix (the event name is appended)."""
    old = folder / "mage-hook-old-pip"
    old.write_text(OLD_PIP_TEMPLATE.format(python=BIN / "python"))
    old.chmod(0o755)
    return {"connect's command": connected_prefix(project),
            "python -I, with site": f"{BIN / 'python'} -I -c 'from mage_engine.hooks import main;main()'",
            "pip's launcher": str(BIN / "mage-hook"),
            "pip's launcher (re)": str(old),
            "plugin script": f"PATH={BIN}:/usr/bin:/bin {ROOT / 'hooks' / 'mage-hook'}"}


def payload(project: Path, event: str) -> bytes:
    base = {"session_id": "bench", "cwd": str(project), "hook_event_name": event}
    if event == "UserPromptSubmit":
        return json.dumps({**base, "prompt": "how do I deploy service7 with tool7 after the migration"}).encode()
    return json.dumps({**base, "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_response": {}}).encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        project = make_project(folder)
        prefixes = commands(project, folder)
        print(f"connect wrote: {prefixes[next(iter(prefixes))]} EVENT")
        for event in ("PostToolUse", "UserPromptSubmit"):
            data = payload(project, event)
            runs_by_name = {n: (["sh", "-c", f"{p} {event}"], data) for n, p in prefixes.items()}
            medians = medians_against_baseline(runs_by_name, runs, warm=3)
            base = medians[BASELINE]
            print(f"\n{event} (median of {runs}, ratio to python -c pass = {base * 1000:.1f} ms)")
            for label, seconds in medians.items():
                if isinstance(label, tuple):
                    continue  # the CPU means, beside the medians
                print(f"  {label:24s} {seconds * 1000:6.1f} ms  {seconds / base:5.2f}x")


if __name__ == "__main__":
    sys.exit(main())
