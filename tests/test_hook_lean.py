"""The capture hooks stay lean (SPEC 1): no yaml, no tantivy, no UI library in the process."""

import json
import subprocess

import pytest

from helpers_hook import CAPTURE, MAGE_HOOK

CAPTURE_ONLY = ["PostToolUse", "PostToolUseFailure", "PreCompact", "PostCompact", "Stop", "SubagentStop",
                "SessionEnd"]
HEAVY = {"yaml", "tantivy", "textual", "rich", "click"}


def _imported(event: str, payload: dict, cwd) -> set:
    done = subprocess.run([MAGE_HOOK.replace("mage-hook", "python"), "-X", "importtime", MAGE_HOOK, event],
                          input=json.dumps(payload).encode(), capture_output=True, cwd=cwd, timeout=20)
    assert done.returncode == 0 and done.stdout == b""
    names = [line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if line.startswith("import time:")]
    return {name.split(".")[0] for name in names}


@pytest.mark.parametrize("event", CAPTURE_ONLY)
def test_capture_hooks_import_no_yaml_tantivy_or_ui(kb, event):
    transcript = kb.root / "t.jsonl"
    transcript.write_bytes((CAPTURE / "session_tools_subagent_compactions.jsonl").read_bytes())
    payload = {"session_id": "lean", "cwd": str(kb.root), "hook_event_name": event, "transcript_path": str(transcript),
               "tool_name": "Bash", "tool_input": {"command": "pytest -q"}, "error": "Exit code 1\nboom"}
    _imported("Stop", {**payload, "hook_event_name": "Stop"}, kb.root)  # the first read of config.yaml caches it
    loaded = _imported(event, payload, kb.root)
    assert "mage_engine" in loaded
    assert not loaded & HEAVY
