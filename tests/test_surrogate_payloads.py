"""A payload spelling a lone surrogate (`"\\udfff"`) is still scrubbed on every path into a file.

Run as the host runs it: real `mage-hook` processes fed the raw JSON bytes, so the
escape reaches the hook exactly as Claude Code would send it.
"""

import json

from helpers.hook import run_hook

SECRET = "ghp_9xK2mP4qR7sT1vW3yZ5aB8cD0eF6gH2jL4nQ"
LONE = "\\udfff"  # the JSON escape, six characters in the payload


def raw_payload(kb, event, **fields) -> bytes:
    """The payload's JSON with every `<LONE>` marker turned into a real `\\udfff` escape."""
    payload = {"session_id": "s1", "transcript_path": "/nonexistent.jsonl", "cwd": str(kb.root),
               "hook_event_name": event, **fields}
    return json.dumps(payload).replace("<LONE>", LONE).encode("ascii")


def every_file_text(folder) -> str:
    return "\n".join(p.read_text("utf-8", "replace") for p in folder.rglob("*") if p.is_file())


def test_gate0_still_redacts_a_write_with_a_lone_surrogate(kb):
    target = str(kb.mage_dir / "notes" / "a.md")
    data = raw_payload(kb, "PreToolUse", tool_name="Write", tool_use_id="t1",
                       tool_input={"file_path": target, "content": f"<LONE> {SECRET}"})
    done = run_hook("PreToolUse", data)
    assert done.returncode == 0 and done.stdout, "Gate-0 printed nothing: the secret would reach disk"
    content = json.loads(done.stdout)["hookSpecificOutput"]["updatedInput"]["content"]
    assert SECRET not in content and "[REDACTED:github-token]" in content
    done.stdout.encode("utf-8")


def test_the_trail_and_a_remembered_draft_hold_no_secret_after_a_lone_surrogate(kb):
    prompt = f"remember that the deploy token <LONE> is {SECRET} and rotates monthly"
    assert run_hook("UserPromptSubmit", raw_payload(kb, "UserPromptSubmit", prompt=prompt)).returncode == 0
    tool = raw_payload(kb, "PostToolUse", tool_name="Bash", tool_use_id="t2",
                       tool_input={"command": "cat .env"},
                       tool_response={"stdout": f"<LONE>GITHUB_TOKEN={SECRET}", "stderr": ""})
    assert run_hook("PostToolUse", tool).returncode == 0
    trail = every_file_text(kb.root / ".mage" / "learnings")
    assert "cat .env" in trail and "rotates monthly" in trail
    drafts = list((kb.root / ".mage" / "staging").glob("*.md"))
    assert drafts, "the remember request was lost to the surrogate"
    everything = every_file_text(kb.root / ".mage")
    assert SECRET not in everything and "[REDACTED:github-token]" in trail
    errors = kb.root / ".mage" / "errors.log"
    assert not errors.exists() or "Unicode" not in errors.read_text()
