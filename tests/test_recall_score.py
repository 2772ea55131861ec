"""The normalised hint score (docs/recall.md): its formula and the properties users rely on."""

import math

import pytest

from mage_engine.kb.init import init_kb
from mage_engine.recall.index.lifecycle import rebuild_index
from mage_engine.recall.search.bm25 import search
from helpers.recall import write_note

from mage_engine.terms.analysis import query_terms
from mage_engine.recall.search.score import (BACKGROUND_COMMON_DF, BACKGROUND_NOTES, LONG_SHARE, MAX_MASS, MIN_MASS, QueryWeights,
                                      idf)


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


def test_a_chatty_prompt_is_explained_by_its_key_words_but_a_long_paste_needs_more():
    chatty = weights({f"term{n}": 0 for n in range(6)})
    assert chatty.score({f"term{n}" for n in range(4)}) == 1.0  # 4 rare-word units explain 6 fully
    paste = weights({f"term{n}": 0 for n in range(40)})  # a log or a wall of instructions
    assert paste.score({f"term{n}" for n in range(4)}) == pytest.approx(4 / (LONG_SHARE * (40 - MAX_MASS)))
    assert paste.score({f"term{n}" for n in range(4)}) < 0.5
    assert paste.score({f"term{n}" for n in range(22)}) == 1.0


def test_a_short_prompt_cannot_match_fully():
    w = weights({"ship": 3})
    assert w.score({"ship"}) == pytest.approx(w.mass / MIN_MASS)
    assert w.score({"ship"}) < 0.5


def test_weights_are_idf_shares_and_everyday_words_count_a_quarter():
    w = weights({"kafka": 2, "friday": 2, "unseen": 0})
    notes = 1000 + BACKGROUND_NOTES
    assert w.weight["unseen"] == pytest.approx(1.0)
    assert w.weight["kafka"] == pytest.approx(idf(2, notes) / idf(1, notes))
    common = idf(2 + BACKGROUND_COMMON_DF, notes) / idf(1, notes)
    assert w.weight["friday"] == pytest.approx(common / 4)
    assert idf(5, 100) == pytest.approx(math.log(1 + 95.5 / 5.5))


def test_everyday_software_words_weigh_less_than_topic_words_held_as_often():
    w = weights({"test": 3, "build": 3, "kafka": 3, "sqlx": 3}, total=40)
    assert w.weight["test"] < 0.4 and w.weight["build"] < 0.4
    assert w.weight["kafka"] > 0.8 and w.weight["sqlx"] > 0.8


def test_a_topic_word_weighs_about_the_same_in_40_notes_and_in_10000():
    small = weights({"snowflak": 10}, total=40)
    large = weights({"snowflak": 10}, total=10_000)
    assert small.weight["snowflak"] == pytest.approx(large.weight["snowflak"], abs=0.05)


def test_the_score_is_a_share_so_it_barely_moves_with_the_size_of_the_kb():
    small = weights({"alembic": 2, "enum": 1, "autogener": 1, "empti": 3}, total=40)
    large = weights({"alembic": 2, "enum": 1, "autogener": 1, "empti": 40}, total=10_000)
    held = {"alembic", "enum", "autogener"}
    assert abs(small.score(held) - large.score(held)) < 0.15


def test_rust_crate_names_are_terms():
    assert query_terms("should anyhow::Result be the return type?") == ["anyhow", "result", "return", "type"]


@pytest.fixture
def small_kb(tmp_path):
    kb = init_kb(tmp_path / "project").kb
    write_note(kb, "cloud-run-warm", "unlock-api keeps one warm Cloud Run instance",
               "It runs with `minInstances: 1` in prod so the first unlock of the day is fast.")
    write_note(kb, "ios-signing", "iOS signing comes only from fastlane match",
               "Distribution certificates and provisioning profiles are installed with fastlane match.")
    write_note(kb, "metro-cache", "Clear Metro's cache after switching branches",
               "Stop the dev server and start it with `npx expo start --clear`.")
    rebuild_index(kb)
    return kb


def top_hit(kb, prompt: str):
    hits = search(kb, prompt, limit=3)
    return (hits[0].id, hits[0].score) if hits else (None, 0.0)


def test_a_camelcase_key_in_a_note_is_found_by_its_words(small_kb):
    note, score = top_hit(small_kb, "what is min instances set to")
    assert note == "cloud-run-warm" and score >= 0.5


def test_an_abbreviation_finds_the_word_it_stands_for(small_kb):
    note, score = top_hit(small_kb, "how do I get the distribution cert onto my new mac")
    assert note == "ios-signing" and score >= 0.5


def test_the_idf_logarithm_is_maths_own_to_an_ulp_or_two():
    """term_weights.natural_log stands in for math.log on the prompt hook (one shared library less to open):
    it must give the same idf, to the last bits, over every argument an idf can have."""
    import math
    import random

    from mage_engine.recall.search.term_weights import natural_log

    chance = random.Random(11)
    values = [1 + chance.random() * 10 ** chance.uniform(-12, 7) for _ in range(50_000)]
    values += [1 + (notes - df + 0.5) / (df + 0.5) for notes in (40, 10_040, 110_000) for df in range(0, 2_000, 7)]
    values += [1.0, 2.0, 2 ** 0.5, 1e7]
    for value in values:
        assert abs(natural_log(value) - math.log(value)) <= 4.5e-16 * max(1.0, math.log(value)), value
    assert natural_log(0.5) == math.log(0.5)
