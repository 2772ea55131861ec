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
