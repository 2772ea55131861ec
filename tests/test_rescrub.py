"""Re-scrub after an upgrade: `mage redact --rescrub`, and the background run the first hook starts."""

import json
import os
import random
import string
import subprocess
import sys
import time
from pathlib import Path

from helpers.process import run_mage, wait_for

from mage_engine.scrub import RULES_VERSION

HOOK = str(Path(sys.executable).parent / "mage-hook")
RNG = random.Random(41)


def token(size: int) -> str:
    return "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(size - 1)) + "4"


def _old_trail(kb, secret_line: str) -> Path:
    """A trail file as an older mage wrote it, when its rules did not know this secret."""
    path = kb.learnings_dir / "2026-10-01-old-session.jsonl"
    records = [{"ts": "2026-10-01T10:00:00.000Z", "session": "old-session", "event": "UserPromptSubmit",
                "chapter": 1, "sub": False, "prompt": secret_line},
               {"ts": "2026-10-01T10:00:01.000Z", "session": "old-session", "event": "PostToolUse", "chapter": 1,
                "sub": False, "tool": "Bash", "command": "pytest -q", "ok": True}]
    path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records), encoding="utf-8")
    return path


def _stamp(kb, version) -> None:
    kb.state_dir.mkdir(parents=True, exist_ok=True)
    (kb.state_dir / "scrub-version").write_text(f"{version}\n", encoding="utf-8")


def test_a_new_knowledge_base_starts_stamped_with_todays_rules(kb):
    assert (kb.state_dir / "scrub-version").read_text() == f"{RULES_VERSION}\n"


def test_rescrub_cleans_trail_staging_and_index_and_only_reports_notes(kb):
    ssws, onesignal, note_secret = "00" + token(40), token(48).lower(), "sk_live_" + token(30)
    trail = _old_trail(kb, f"curl -H 'Authorization: SSWS {ssws}' https://acme.okta.com/api/v1/users")
    draft = kb.draft_path("push-keys")
    draft.write_text(f"---\nid: push-keys\ntitle: Push keys\nkind: lesson\ntags:\n- 'onesignal: {onesignal}'\n"
                     f"draft:\n  source: lesson\n---\nThe onesignal key is onesignal: {onesignal}\n", encoding="utf-8")
    note = kb.notes_dir / "billing.md"
    note.write_text(f"---\nid: billing\ntitle: Billing\nkind: lesson\n---\nCharge with {note_secret} in tests.\n",
                    encoding="utf-8")
    _stamp(kb, 1)
    done = run_mage("redact", "--rescrub", "--json", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["rules_version"] == RULES_VERSION and result["files_rewritten"] == 2
    assert result["notes"] == [{"path": "mage/notes/billing.md", "line": 6, "kind": "stripe-key"}]
    assert ssws not in trail.read_text() and "[REDACTED:okta-token]" in trail.read_text()
    assert len(trail.read_text().splitlines()) == 2
    assert onesignal not in draft.read_text() and "Push keys" in draft.read_text()
    assert note_secret in note.read_text()  # the person's note is reported, never rewritten
    index_bytes = b"".join(p.read_bytes() for p in (kb.scratch_dir / "index").rglob("*") if p.is_file())
    assert index_bytes and note_secret.encode() not in index_bytes
    assert (kb.state_dir / "scrub-version").read_text() == f"{RULES_VERSION}\n"
    again = json.loads(run_mage("redact", "--rescrub", "--json", "--kb", kb.root).stdout)
    assert again["files_rewritten"] == 0  # scrubbing twice is scrubbing once


def _hook(kb) -> float:
    payload = {"session_id": "new-session", "cwd": str(kb.root), "hook_event_name": "PostToolUse",
               "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_response": {"stdout": "a\n"}}
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_")}
    started = time.monotonic()
    done = subprocess.run([HOOK, "PostToolUse"], input=json.dumps(payload), capture_output=True, text=True, env=env,
                          cwd=kb.root, timeout=30)
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""
    return time.monotonic() - started


def test_the_first_hook_after_an_upgrade_rescrubs_in_the_background(kb):
    ssws = "00" + token(40)
    trail = _old_trail(kb, f"Authorization: SSWS {ssws}")
    _stamp(kb, 1)
    assert _hook(kb) < 10
    pending = kb.state_dir / "rescrub.pending"
    assert wait_for(lambda: ssws not in trail.read_text() and not pending.exists(), 60.0, 0.1)
    assert (kb.state_dir / "scrub-version").read_text() == f"{RULES_VERSION}\n"
    assert not kb.errors_log.exists()


def test_a_knowledge_base_older_than_the_stamp_is_rescrubbed_too(kb):
    ssws = "00" + token(40)
    trail = _old_trail(kb, f"Authorization: SSWS {ssws}")
    (kb.state_dir / "scrub-version").unlink()
    _hook(kb)
    assert wait_for(lambda: ssws not in trail.read_text(), 60.0, 0.1)


def test_a_current_stamp_starts_nothing(kb):
    ssws = "00" + token(40)
    trail = _old_trail(kb, f"Authorization: SSWS {ssws}")
    _hook(kb)
    time.sleep(0.5)
    assert ssws in trail.read_text() and not (kb.state_dir / "rescrub.pending").exists()


def test_a_run_that_died_is_tried_again_and_a_live_one_is_not_doubled(kb):
    ssws = "00" + token(40)
    trail = _old_trail(kb, f"Authorization: SSWS {ssws}")
    _stamp(kb, 1)
    pending = kb.state_dir / "rescrub.pending"
    pending.write_text("")
    _hook(kb)
    time.sleep(0.5)
    assert ssws in trail.read_text()  # a fresh marker: another run is at work
    hours_ago = time.time() - 7200
    os.utime(pending, (hours_ago, hours_ago))
    _hook(kb)
    assert wait_for(lambda: ssws not in trail.read_text() and not pending.exists(), 60.0, 0.1)


def test_a_run_still_alive_after_an_hour_gets_no_sibling(kb):
    """The marker holds the running child's process id: an hour-old marker whose process still runs
    (a long re-scrub of a big trail) is not a run that died, and no second child starts."""
    ssws = "00" + token(40)
    trail = _old_trail(kb, f"Authorization: SSWS {ssws}")
    _stamp(kb, 1)
    pending = kb.state_dir / "rescrub.pending"
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        pending.write_text(f"{alive.pid}\n")
        hours_ago = time.time() - 7200
        os.utime(pending, (hours_ago, hours_ago))
        _hook(kb)
        time.sleep(0.5)
        assert ssws in trail.read_text() and pending.read_text() == f"{alive.pid}\n"
    finally:
        alive.kill()
        alive.wait()
    _hook(kb)  # its process is gone now: the run died, and is tried again
    assert wait_for(lambda: ssws not in trail.read_text() and not pending.exists(), 60.0, 0.1)
