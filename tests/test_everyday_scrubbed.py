"""The everyday-word counts in .mage/state/ hold no word of a secret a prompt carried.

Real `mage-hook UserPromptSubmit` processes fed the prompts on stdin, enough of them
to fold the log into everyday.json; then `mage redact --rescrub` over counts an
older mage wrote with the raw words.
"""

import json

from helpers.hook import run_hook
from helpers.process import run_mage

SECRET_PROMPTS = [
    "export AWS_ACCESS_KEY_ID=AKIAQ3RZ7K2MX9WPLT4B before the deploy script runs",
    "curl -H 'Authorization: Bearer abc123def456ghi789jkl012mno345pqr678' https://api.internal/v1",
    "the database is mysql://root:Summer2024x@db.prod.internal:3306/app for the deploy script",
]
SECRET_WORDS = ("akiaq3rz7k2mx9wplt4b", "abc123def456ghi789jkl012mno345pqr678", "summer2024x")


def state_text(kb) -> str:
    return "\n".join(p.read_text("utf-8", "replace") for p in kb.state_dir.glob("everyday*"))


def prompt(kb, text: str, session: str = "s1") -> None:
    payload = {"session_id": session, "transcript_path": "/nonexistent.jsonl", "cwd": str(kb.root),
               "hook_event_name": "UserPromptSubmit", "prompt": text}
    done = run_hook("UserPromptSubmit", payload)
    assert done.returncode == 0 and done.stderr == ""


def test_the_hint_hook_counts_no_word_of_a_secret(kb):
    (kb.notes_dir / "deploy.md").write_text(
        "---\nid: deploy\ntitle: The deploy script\nkind: lesson\n---\nRun the deploy script from ci.\n")
    for round_ in range(11):
        for text in SECRET_PROMPTS:
            prompt(kb, f"{text} (try {round_})")
    counts = json.loads((kb.state_dir / "everyday.json").read_text())
    assert counts["prompts"] >= 32, "the log was never folded: the test proves nothing"
    text = state_text(kb)
    assert "deploy" in text and "script" in text, "the prompts' ordinary words are still counted"
    for word in SECRET_WORDS:
        assert word not in text


def test_rescrub_recounts_old_counts_from_the_scrubbed_trail(kb):
    trail = kb.learnings_dir / "old.jsonl"
    trail.parent.mkdir(parents=True, exist_ok=True)
    trail.write_text("".join(json.dumps({"ts": f"2026-10-01T10:00:0{i}.000Z", "session": "old", "event":
                                         "UserPromptSubmit", "chapter": 1, "sub": False, "prompt": text}) + "\n"
                             for i, text in enumerate(SECRET_PROMPTS)), encoding="utf-8")
    kb.state_dir.mkdir(parents=True, exist_ok=True)
    raw = " ".join(SECRET_WORDS)
    (kb.state_dir / "everyday.log").write_text(f"deploy {raw}\n")
    (kb.state_dir / "everyday.log.old").write_text(f"{raw}\n")
    (kb.state_dir / "everyday.json").write_text(json.dumps(
        {"prompts": 40, "offset": 0, "terms": {word: 30 for word in SECRET_WORDS}}))
    done = run_mage("redact", "--rescrub", cwd=kb.root)
    assert done.returncode == 0, done.stderr
    text = state_text(kb)
    for word in SECRET_WORDS:
        assert word not in text
    counts = json.loads((kb.state_dir / "everyday.json").read_text())
    assert counts["prompts"] == 3 and "deploy" in counts["terms"]


def test_the_ledger_keeps_no_shared_word_that_was_a_secret_in_the_prompt(kb):
    (kb.notes_dir / "stars-meme.md").write_text(
        "---\nid: stars-meme\ntitle: Why hunter2 shows as stars in the migration chat\nkind: fact\n---\n"
        "The hunter2 joke: the migration chat shows a password as stars. Migration step docs.\n")
    prompt(kb, "the migration step fails against mysql://root:hunter2@db.prod.internal:3306/app, why")
    ledger = (kb.root / ".mage" / "injections.jsonl").read_text()
    entry = json.loads(ledger.splitlines()[-1])
    words = [w[0] for c in entry["decision"]["candidates"] for w in c["words"]]
    assert "migration" in words, "the note was not a candidate: the test proves nothing"
    assert "hunter2" not in ledger
