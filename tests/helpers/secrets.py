"""The secret corpora of tests/fixtures/secrets/ (SOURCES.md says where each comes from), and what a leak is."""

import json
from collections import defaultdict
from pathlib import Path

SECRETS = Path(__file__).resolve().parent.parent / "fixtures" / "secrets"


def cases(name: str) -> list[dict]:
    """The JSON Lines corpus `name` of tests/fixtures/secrets/."""
    return [json.loads(line) for line in (SECRETS / name).read_text(encoding="utf-8").splitlines() if line]


def leaks(secret: str, scrubbed: str) -> bool:
    """A secret leaks when it survives whole, or as a run of 8+ of its characters holding a digit."""
    runs = (secret[at: at + 8] for at in range(len(secret) - 7))
    return secret in scrubbed or any(any(c.isdigit() for c in run) and run in scrubbed for run in runs)


def gitleaks_by_family() -> dict:
    """gitleaks' own positive examples, by the rule that names them."""
    families = defaultdict(list)
    for item in cases("gitleaks_positives.jsonl"):
        families[item["source"].split(":", 1)[1]].append(item)
    return families
