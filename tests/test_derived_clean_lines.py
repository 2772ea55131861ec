"""INDEX.md and MEMORY.md are scrubbed line by line, and the lines the scrub found nothing in are
not scrubbed again (grooming/clean_lines.py): through the real `mage index`."""

import json

from helpers.process import run_mage
from helpers.recall import write_note

from mage_engine.grooming.clean_lines import FILE
from mage_engine.recall.index.scrubbed_before import digest

SECRET = "xoxb-2748391056-5829301746283-k3j9x7q2m8w4r1t6y5u0p9z2"


def memo(kb) -> dict:
    return json.loads(kb.path_of(FILE).read_text())


def index_md(kb) -> str:
    return (kb.root / "mage" / "INDEX.md").read_text(encoding="utf-8")


def test_a_secret_in_a_summary_is_scrubbed_every_time_and_never_vouched_for(kb):
    write_note(kb, "slack-bot", "The deploy bot posts to #releases", f"It signs in with {SECRET} from the vault.")
    write_note(kb, "pr-size", "Pull requests stay small", "Split a PR over 400 changed lines.")
    assert run_mage("index", cwd=kb.root).returncode == 0
    first = index_md(kb)
    assert SECRET not in first and "[REDACTED:slack-token]" in first
    secret_lines = [line for line in first.splitlines() if "[REDACTED:" in line]
    vouched = set(memo(kb)["clean"])
    assert digest(["- [Pull requests stay small](notes/pr-size.md) — Split a PR over 400 changed lines."]) in vouched
    write_note(kb, "pr-size", "Pull requests stay small", "Split a PR over 300 changed lines.")
    assert run_mage("index", cwd=kb.root).returncode == 0  # the secret's line is scrubbed again, not spared
    again = index_md(kb)
    assert SECRET not in again and [line for line in again.splitlines() if "[REDACTED:" in line] == secret_lines
    assert "300 changed lines" in again
    raw = next(line for line in (first.replace("[REDACTED:slack-token]", SECRET)).splitlines() if SECRET in line)
    assert digest([raw]) not in set(memo(kb)["clean"])


def test_digests_made_under_other_scrub_rules_spare_nothing(kb):
    write_note(kb, "slack-bot", "The deploy bot posts to #releases", f"It signs in with {SECRET} from the vault.")
    assert run_mage("index", cwd=kb.root).returncode == 0
    raw = [line.replace("[REDACTED:slack-token]", SECRET) for line in index_md(kb).splitlines()]
    kb.path_of(FILE).write_text(json.dumps({"scrub": "rules of an older mage", "clean": [digest([line]) for line in raw]}))
    (kb.root / "mage" / "INDEX.md").unlink()
    assert run_mage("index", cwd=kb.root).returncode == 0
    assert SECRET not in index_md(kb) and "[REDACTED:slack-token]" in index_md(kb)
    assert SECRET not in (kb.root / "mage" / "MEMORY.md").read_text(encoding="utf-8")


def test_a_secret_the_clip_would_cut_is_scrubbed_whole_first(kb):
    """INDEX.md and MEMORY.md clip a summary; a token cut by the clip has lost the shape the scrub
    knows, so most of it would be committed (an attacker's report)."""
    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    head = "- [Clip test](notes/clip-test.md)"
    room = 200 - len(head) - 3
    prefix = "y" * (room - 1 - (len(token) - 1) - 1) + " "
    write_note(kb, "clip-test", "Clip test", f"{prefix}{token} is for deploy.")
    assert run_mage("index", cwd=kb.root).returncode == 0
    for name in ("INDEX.md", "MEMORY.md"):
        text = (kb.root / "mage" / name).read_text(encoding="utf-8")
        assert token[:12] not in text, name


def test_a_file_is_the_same_whether_the_memo_was_there_or_not(kb):
    """Each line is scrubbed on its own: a neighbour that gives a token its vendor's context in a
    later render must not leave a line vouched for as clean the other way."""
    write_note(kb, "odd", "Vtx9QpL2mZ8rT4wY6nB1cD3fG5hJ7kSq rotated monthly", "The sub-account key above is rotated.")
    assert run_mage("index", cwd=kb.root).returncode == 0
    write_note(kb, "aaa-sms", "SMS sending", "We send SMS through the provider (twilio).")
    assert run_mage("index", cwd=kb.root).returncode == 0
    cached = index_md(kb), (kb.root / "mage" / "MEMORY.md").read_text(encoding="utf-8")
    kb.path_of(FILE).unlink()
    (kb.root / "mage" / "INDEX.md").unlink()
    (kb.root / "mage" / "MEMORY.md").unlink()
    assert run_mage("index", cwd=kb.root).returncode == 0
    assert (index_md(kb), (kb.root / "mage" / "MEMORY.md").read_text(encoding="utf-8")) == cached
