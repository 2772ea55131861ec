"""Shared pieces of the hostile-input suite: a lived-in KB, every hook run as the host runs it,
commands run in-process, and snapshots of what lies outside the KB."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from helpers.process import run_mage
from helpers.hook import run_hook

EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "PreCompact",
          "PostCompact", "Stop", "SubagentStop", "SessionEnd")
LESSONS = [("Run pytest only after an editable install", "Imports fail under pytest unless pip install -e . ran."),
           ("Cache keys need the lockfile hash", "A CI cache keyed on the branch alone restores stale wheels."),
           ("Terraform state lock needs force-unlock", "Never delete the dynamodb row: run terraform force-unlock.")]


def transcript_lines(session: str) -> list:
    """A small Claude Code transcript: one prompt, one reply with a tool use and its result."""
    common = {"sessionId": session, "timestamp": "2026-01-01T00:00:00.000Z", "version": "2.1.328",
              "isSidechain": False, "userType": "external"}
    return [{**common, "type": "user", "uuid": f"{session}-u1", "message": {"role": "user", "content":
             "the deploy fails with a pytest import error; fix the packaging so pytest runs " * 8}},
            {**common, "type": "assistant", "uuid": f"{session}-a1", "message": {
                "id": "m1", "role": "assistant", "content": [
                    {"type": "text", "text": "Installing the package editable first, then running pytest. " * 8},
                    {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pip install -e ."}}]}},
            {**common, "type": "user", "uuid": f"{session}-u2", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "ok", "is_error": False}]}}]


def write_transcript(path: Path, session: str) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in transcript_lines(session)))
    return path


def payload(event: str, root: Path, session: str, transcript: Path) -> dict:
    """What the host would send for `event` in a session of the project at `root`."""
    base = {"session_id": session, "cwd": str(root), "hook_event_name": event, "transcript_path": str(transcript)}
    extra = {
        "SessionStart": {"source": "startup"},
        "UserPromptSubmit": {"prompt": "pytest fails with an import error after an editable install"},
        "PreToolUse": {"tool_name": "Write", "tool_input": {"file_path": str(root / "mage" / "topic.md"),
                                                            "content": "---\nname: t\ndescription: d\n---\nx\n"}},
        "PostToolUse": {"tool_name": "Bash", "tool_input": {"command": "pytest -q"},
                        "tool_response": {"stdout": "ok", "stderr": "", "interrupted": False}},
        "PostToolUseFailure": {"tool_name": "Bash", "tool_input": {"command": "pytest"},
                               "error": "ModuleNotFoundError: No module named 'app'"},
        "PreCompact": {"trigger": "manual", "custom_instructions": None},
        "PostCompact": {"trigger": "manual"},
        "Stop": {"stop_hook_active": False, "last_assistant_message": "done"},
        "SubagentStop": {"agent_id": "a1", "agent_type": "general-purpose", "last_assistant_message": "done"},
        "SessionEnd": {"reason": "other"},
    }[event]
    return {**base, **extra}


def run_every_hook(root: Path, session: str = "hostile-session", transcript: Path | None = None,
                   env=None, timeout: float = 10) -> list:
    """Each hook event once, as real `mage-hook` processes; [(event, CompletedProcess)]."""
    transcript = transcript or (root / "no-transcript.jsonl")
    return [(event, run_hook(event, payload(event, root, session, transcript), cwd=root, env=env, timeout=timeout))
            for event in EVENTS]


def assert_hooks_behaved(runs) -> None:
    """Exit 0, nothing on stderr, and stdout empty or one JSON object the host accepts."""
    for event, done in runs:
        assert done.returncode == 0, (event, done.stderr)
        if done.stdout:
            out = json.loads(done.stdout)
            assert out["hookSpecificOutput"]["hookEventName"] == event, event


COMMANDS = [["status", "--json"], ["notes", "--json"], ["drafts", "--json"], ["show", "run-pytest-only-after-an-editable-install"],
            ["recall", "pytest", "editable"], ["index"], ["chapters", "--json"], ["nudge"], ["distill", "--json"],
            ["stage", "--title", "A hostile-sweep lesson", "--body", "Staged while the KB was under attack."],
            ["groom", "--accept", "a-hostile-sweep-lesson"], ["promote", "--dry-run"], ["graduate", "--dry-run"],
            ["redact", "--check"], ["doctor", "--json"], ["dial", "sensitivity", "high"]]


def run_commands_in_process(root: Path, commands=COMMANDS, env=None) -> list:
    """Each command through the click group in this process: [(args, exit code, output, exception)]."""
    from mage_cli.main import cli

    runner = CliRunner()
    results = []
    for args in commands:
        done = runner.invoke(cli, [*args, "--kb", str(root)], catch_exceptions=True, env=env)
        results.append((args, done.exit_code, done.output, done.exception))
    return results


def unexpected_errors(results) -> list:
    """Commands that crashed: an exception other than the one-line kinds (MageError, OSError, exit)."""
    from mage_engine.base.errors import MageError

    return [(args, repr(error)) for args, _, _, error in results
            if error is not None and not isinstance(error, (MageError, OSError, SystemExit))]


def lived_in_kb(root: Path) -> Path:
    """A KB with notes, a draft, a rejection, a skill, a trail, a transcript fold, an index and metrics."""
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    assert run_mage("init", cwd=root).returncode == 0
    for title, body in LESSONS:
        assert run_mage("stage", "--title", title, "--body", body, cwd=root).returncode == 0
    assert run_mage("groom", "--accept-all", cwd=root).returncode == 0
    run_mage("stage", "--title", "A draft still waiting", "--body", "Waits in staging for a person.", cwd=root)
    run_mage("stage", "--title", "A draft to reject", "--body", "A one-off, not a lesson.", cwd=root)
    run_mage("groom", "--reject", "a-draft-to-reject", "--reason", "one-off", cwd=root)
    skill = root / "mage" / "skills" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: deploy\ndescription: Use when deploying the app\n---\n1. make deploy\n")
    transcript = write_transcript(root / "transcript.jsonl", "lived-in")
    assert_hooks_behaved(run_every_hook(root, "lived-in", transcript))
    assert run_mage("recall", "pytest", cwd=root).returncode == 0
    assert run_mage("distill", cwd=root).returncode == 0
    return root


def tree(path: Path) -> dict:
    """{relative path: what is there} for everything under `path`: bytes, a link's target, or a kind."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(path):
        for name in dirnames + filenames:
            full = Path(dirpath) / name
            rel = str(full.relative_to(path))
            if full.is_symlink():
                found[rel] = ("link", os.readlink(full))
            elif full.is_file():
                found[rel] = ("file", full.read_bytes())
            elif full.is_dir():
                found[rel] = ("dir",)
            else:
                found[rel] = ("other",)
    return found


def copy_kb(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, symlinks=True)
    return target


PYTHON = sys.executable
