"""`mage recall --logs` reads the logs as `mage recall` reads notes: the same word forms, the same analysis."""

import json

from helpers.process import run_mage

DAY = """# 2026-11-20

## 09:10 - Deploys to staging kept failing

What happened: the rollout timed out twice; raising its timeout fixed it.

## 14:30 - Renamed the billing module

What happened: billing became invoicing; imports updated.
"""


def test_a_word_form_finds_the_entry_that_holds_another_form_of_it(kb):
    (kb.root / "mage" / "logs").mkdir(parents=True, exist_ok=True)
    (kb.root / "mage" / "logs" / "2026-11-20.md").write_text(DAY)
    done = run_mage("recall", "--logs", "deploy fails", "--json", cwd=kb.root)
    assert done.returncode == 0, done.stderr
    hits = json.loads(done.stdout)
    assert [hit["title"] for hit in hits] == ["09:10 - Deploys to staging kept failing"]  # only other forms of both words are in it
    assert hits[0]["score"] == 1.0 and hits[0]["path"] == "mage/logs/2026-11-20.md"


def test_no_log_entry_matches_an_unrelated_query(kb):
    (kb.root / "mage" / "logs").mkdir(parents=True, exist_ok=True)
    (kb.root / "mage" / "logs" / "2026-11-20.md").write_text(DAY)
    done = run_mage("recall", "--logs", "kubernetes ingress", cwd=kb.root)
    assert done.returncode == 0 and "no matching log entries" in done.stdout
