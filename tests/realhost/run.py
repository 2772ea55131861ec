"""Run a scenario by hand: the same harness the real-host tests use.

    python tests/realhost/run.py --check
    python tests/realhost/run.py --project DIR --scenario FILE --out OUT [--env N=V] \\
        [--model M] [--tools Bash,Read] [--claude-arg=--plugin-dir --claude-arg=DIR] [-- PROMPT ...]
    python tests/realhost/context.py OUT "TEXT"      # exit 0 if TEXT reached the model

Exit status: 0 every prompt ran, 2 usage, 3 Claude Code unavailable, 4 a prompt failed.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from realhost.install import Unavailable, claude_binary  # noqa: E402
from realhost.session import TOOLS, run_session  # noqa: E402


def parse(argv):
    parser = argparse.ArgumentParser(prog="run.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="install if needed, print the version")
    parser.add_argument("--project")
    parser.add_argument("--scenario")
    parser.add_argument("--out")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--model")
    parser.add_argument("--tools", default=TOOLS, help=f"--allowedTools (default {TOOLS})")
    parser.add_argument("--claude-arg", action="append", default=[], metavar="ARG")
    parser.add_argument("--timeout", type=int, default=120, help="seconds per prompt")
    parser.add_argument("prompts", nargs="*")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse(argv)
    try:
        binary, version = claude_binary()
    except Unavailable as error:
        print(f"realhost: {error}", file=sys.stderr)
        return 3
    if args.check:
        print(f"{version}  ({binary})")
        return 0
    if not (args.project and args.scenario and args.out):
        print("realhost: --project, --scenario and --out are required", file=sys.stderr)
        return 2
    scenario = json.loads(Path(args.scenario).read_text())
    env = dict(item.split("=", 1) for item in args.env)
    session = run_session(Path(args.project), scenario, Path(args.out), prompts=args.prompts or None, env=env,
                          claude_args=args.claude_arg, tools=args.tools, model=args.model, timeout=args.timeout)
    for result in session.results:
        print(f"prompt {result['index']} rc={result['rc']} {result['seconds']}s {result['prompt'][:60]!r}")
    print(f"session {session.session_id} in {session.seconds}s; out {session.out}")
    return 0 if session.ok else 4


if __name__ == "__main__":
    sys.exit(main())
