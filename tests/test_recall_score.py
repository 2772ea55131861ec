"""The normalised hint score (docs/recall.md): its formula and the properties users rely on."""

import math

import pytest

from mage_engine.recall.analysis import query_terms
from mage_engine.recall.score import MAX_MASS, MIN_MASS, QueryWeights, idf


def weights(df: dict, total: int = 1000) -> QueryWeights:
    return QueryWeights(list(df), df, total)


def test_chatty_words_are_not_terms():
    assert query_terms("ok thanks, can you please just do that for me?") == []
    assert query_terms("Why is the build failing?") == ["build", "fail"]


def test_go_stays_a_term_and_one_letter_tokens_do_not():
    assert query_terms("go: -race requires cgo; enable cgo by setting CGO_ENABLED=1") == \
        ["go", "race", "requir", "cgo", "enabl", "set"]


def test_a_note_holding_every_term_of_a_long_prompt_scores_one():
    w = weights({f"term{n}": 0 for n in range(12)})
    assert w.score({f"term{n}" for n in range(12)}) == 1.0
    assert w.score({f"term{n}" for n in range(4)}) == pytest.approx(4 / MAX_MASS)


def test_a_short_prompt_cannot_match_fully():
    w = weights({"ship": 3})
    assert w.score({"ship"}) == pytest.approx(w.mass / MIN_MASS)
    assert w.score({"ship"}) < 0.5


def test_weights_are_idf_shares_and_everyday_words_count_a_quarter():
    w = weights({"kafka": 2, "friday": 2, "unseen": 0})
    assert w.weight["unseen"] == pytest.approx(1.0)
    assert w.weight["kafka"] == pytest.approx(idf(2, 1000) / idf(1, 1000))
    assert w.weight["friday"] == pytest.approx(w.weight["kafka"] / 4)
    assert idf(5, 100) == pytest.approx(math.log(1 + 95.5 / 5.5))


def test_the_score_is_a_share_so_it_barely_moves_with_the_size_of_the_kb():
    small = weights({"alembic": 2, "enum": 1, "autogener": 1, "empti": 3}, total=40)
    large = weights({"alembic": 2, "enum": 1, "autogener": 1, "empti": 40}, total=10_000)
    held = {"alembic", "enum", "autogener"}
    assert abs(small.score(held) - large.score(held)) < 0.15
