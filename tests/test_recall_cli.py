"""`mage recall` (README.md): score, id, title, summary and path of the best matches."""

import json

import pytest

from helpers.process import run_mage
from helpers.recall import indexed_eval_kb


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return indexed_eval_kb(tmp_path_factory.mktemp("cli") / "project")


def test_recall_prints_score_id_title_summary_and_path(kb):
    done = run_mage("recall", "alembic enum autogenerate empty revision", cwd=kb.root)
    assert done.returncode == 0
    first, summary, path = done.stdout.splitlines()[:3]
    score, note_id, title = first.split("  ", 2)
    assert 0.5 <= float(score) <= 1 and note_id == "alembic-enum-add-value"
    assert title == "New values on a Postgres ENUM need a hand-written revision"
    assert summary.strip().startswith("Alembic autogenerate does not notice")
    assert path.strip() == "mage/notes/alembic-enum-add-value.md"


def test_json_and_the_result_count(kb):
    done = run_mage("recall", "-n", "3", "--json", "kafka", "consumer", "rebalance", cwd=kb.root)
    hits = json.loads(done.stdout)
    assert len(hits) == 3 and hits[0]["id"] == "tracker-rebalance-duplicates"
    assert set(hits[0]) >= {"id", "title", "summary", "score", "path", "kind", "source"}
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_no_match_says_so(kb):
    done = run_mage("recall", "ok thanks", cwd=kb.root)
    assert done.returncode == 0 and done.stdout.strip() == "no matching notes"


def test_the_kb_option_and_a_missing_kb(kb, tmp_path):
    assert "tf-state-lock" in run_mage("recall", "--kb", kb.root, "state lock", cwd=tmp_path).stdout
    done = run_mage("recall", "anything", cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("mage: no knowledge base found")
