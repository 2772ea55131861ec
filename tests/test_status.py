"""`mage status`: what the KB holds, how it is wired, and what reached the agent."""

import json
import shutil
from pathlib import Path

from helpers.process import run_mage
from helpers.hook import run_hook

NOTES = Path(__file__).parent / "fixtures" / "recall" / "notes"


def test_status_counts_and_what_memory_costs(kb):
    run_mage("stage", "--title", "A draft", "--body", "Body.", cwd=kb.root)
    shutil.copy(NOTES / "jwt-leeway-clock-skew.md", kb.notes_dir)
    assert run_mage("index", cwd=kb.root).returncode == 0
    data = json.loads(run_mage("status", "--json", cwd=kb.root).stdout)
    assert (data["notes"], data["drafts"], data["skills"]) == (1, 1, 0)
    assert data["dials"] == {"sensitivity": "normal", "autonomy": "operator", "K": 3, "M": 5}
    memory = kb.memory_md.read_bytes()
    assert data["memory_md"]["lines"] == memory.count(b"\n") and data["memory_md"]["bytes"] == len(memory)
    text = run_mage("status", cwd=kb.root).stdout
    assert "injected        nothing yet" in text and "lines," in text and "of 25 KB loaded at launch" in text


def test_status_shows_what_the_hint_hook_injected(kb):
    for name in ("jwt-leeway-clock-skew.md", "compose-wait-for-postgres.md", "sops-age-recipients.md",
                 "pr-size-limit.md", "mkcert-local-https.md"):
        shutil.copy(NOTES / name, kb.notes_dir)
    run_mage("index", cwd=kb.root)
    prompt = ("parcel-api rejects brand new keycloak tokens with 401 and the log says "
              "jwt.exceptions.ImmatureSignatureError: The token is not yet valid (iat)")
    hook = run_hook("UserPromptSubmit", {"session_id": "sess-42", "cwd": str(kb.root), "prompt": prompt,
                                         "hook_event_name": "UserPromptSubmit", "transcript_path": "/nope"})
    assert "jwt-leeway-clock-skew" in hook.stdout
    text = run_mage("status", cwd=kb.root).stdout
    assert "1 injection, " in text and "over 1 session;" in text and "latest sess-42: UserPromptSubmit 1x" in text
