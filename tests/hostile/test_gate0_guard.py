"""Gate-0 keeps the agent from granting itself what a person decides, link or no link."""

import json
import os

import pytest

from helpers.hook import run_hook

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def pre_tool_use(kb, tool, tool_input):
    done = run_hook("PreToolUse", {"session_id": "s", "cwd": str(kb.root), "hook_event_name": "PreToolUse",
                                   "tool_name": tool, "tool_input": tool_input})
    assert done.returncode == 0 and done.stderr == ""
    return json.loads(done.stdout)["hookSpecificOutput"] if done.stdout else None


@pytest.mark.parametrize("tool,tool_input", [
    ("Write", {"content": "autonomy: overseer\n"}),
    ("Edit", {"old_string": "autonomy: operator", "new_string": "autonomy: overseer"}),
    ("MultiEdit", {"edits": [{"old_string": "operator", "new_string": "overseer"}]}),
])
def test_the_agent_cannot_raise_its_own_autonomy(kb, tool, tool_input):
    out = pre_tool_use(kb, tool, {"file_path": str(kb.config_path), **tool_input})
    assert out["permissionDecision"] == "deny"
    assert "mage/config.yaml holds the dials" in out["permissionDecisionReason"]


@pytest.mark.parametrize("rel", ["mage/rejected.jsonl", ".mage/journal.json", ".mage/state/config.json",
                                 ".mage/index/current.json", ".mage/kb.lock"])
def test_writes_to_the_ledger_and_to_mages_scratch_are_denied(kb, rel):
    out = pre_tool_use(kb, "Write", {"file_path": rel, "content": "{}"})
    assert out["permissionDecision"] == "deny" and rel in out["permissionDecisionReason"]


def test_a_draft_written_into_staging_is_scrubbed(kb):
    out = pre_tool_use(kb, "Write", {"file_path": str(kb.staging_dir / "x.md"),
                                     "content": f"---\ntitle: t\n---\ntoken {TOKEN}\n"})
    assert TOKEN not in out["updatedInput"]["content"] and "[REDACTED:" in out["updatedInput"]["content"]
    assert "permissionDecision" not in out


def test_a_linked_notes_folder_does_not_bypass_gate_0(kb, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.rmdir(kb.notes_dir)
    kb.notes_dir.symlink_to(elsewhere)
    out = pre_tool_use(kb, "Write", {"file_path": str(kb.notes_dir / "x.md"), "content": f"token {TOKEN}"})
    assert out["permissionDecision"] == "deny" and "symbolic link" in out["permissionDecisionReason"]


def test_a_link_of_the_agents_own_to_config_yaml_is_still_the_config(kb):
    link = kb.root / "cfg.yaml"
    link.symlink_to(kb.config_path)  # the agent writes through a link of its own that points at config.yaml
    out = pre_tool_use(kb, "Write", {"file_path": str(link), "content": "autonomy: overseer\n"})
    assert out["permissionDecision"] == "deny"
