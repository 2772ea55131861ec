"""Run the real `mage-hook` console script as a subprocess, the way Claude Code does."""

import json
import os
import subprocess
import sys
from pathlib import Path

MAGE_HOOK = str(Path(sys.executable).with_name("mage-hook"))
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "claude-code"
CAPTURE = FIXTURES / "claude-code-2.1.328-local-capture"


def run_hook(event, payload_or_bytes, cwd=None, env=None, timeout=10, **popen_args) -> subprocess.CompletedProcess:
    """Feed one payload (a dict, str or bytes) to `mage-hook EVENT` on stdin.

    Returns the CompletedProcess with stdout/stderr as text. `env` adds to a
    copy of this process's environment with MAGE_KB and CLAUDE_PROJECT_DIR
    removed, so the payload's cwd decides the KB unless a test says otherwise.
    """
    if isinstance(payload_or_bytes, (bytes, bytearray)):
        data = bytes(payload_or_bytes)
    elif isinstance(payload_or_bytes, str):
        data = payload_or_bytes.encode("utf-8")
    else:
        data = json.dumps(payload_or_bytes).encode("utf-8")
    full_env = {k: v for k, v in os.environ.items() if k not in ("MAGE_KB", "CLAUDE_PROJECT_DIR")}
    full_env.update(env or {})
    done = subprocess.run([MAGE_HOOK, event], input=data, capture_output=True, cwd=cwd, env=full_env,
                          timeout=timeout, **popen_args)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


def payloads() -> list:
    """The 65 verbatim hook payloads captured from Claude Code 2.1.328, in time order."""
    with open(CAPTURE / "hook_stdin_payloads.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def read_jsonl(path) -> list:
    """Every line of a JSONL file, parsed (a torn line fails the test)."""
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]
