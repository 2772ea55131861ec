"""A slip of the keyboard still finds its note (docs/recall.md, "A word matches its other forms").

Prompts are typed fast: "kafak", "manifset", "ingres". A plain word no note holds
is looked up one slip away (two letters swapped, a letter doubled or undoubled),
and a note holding that spelling holds the word. Names (`useAsync`, `KAFAK`,
`k8s`) are never respelled.
Decisions are read with `mage hints --why --json`, which runs the hook's decision.
"""

import pytest

from helpers.recall import indexed_kb_of, why
from mage_engine.recall.search.slips import one_slip_from

NOTES = {
    "kafka-consumer-lag": ("Kafka consumer lag after a deploy is a rebalance storm",
                           "The orders consumer group rebalances on every pod restart; static membership "
                           "(`group.instance.id`) stops it.\n"),
    "helm-manifest-diff": ("Diff the rendered Helm manifest before an upgrade",
                           "`helm diff upgrade` shows the rendered manifest change; a values typo once deleted "
                           "the ingress.\n"),
    "commit-hook-lint": ("The commit hook runs the linter on staged files only",
                         "lint-staged runs ruff on what is staged; `git commit --no-verify` skips it.\n"),
    "checkout-rollout": ("Enable the new checkout only behind the rollout flag",
                         "Flip `checkout_v2` per market in the flag service; never enable it in config.\n"),
    "macos-keychain-login": ("Unlock the login keychain on MacOS before signing",
                             "codesign hangs in a CI shell until `security unlock-keychain` runs.\n"),
    "trail-retention": ("Audit trail rows are kept for seven years",
                        "The audit trail table is partitioned by month; never delete a partition by hand.\n"),
}


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("slips") / "project", NOTES)


@pytest.mark.parametrize("prompt, note", [
    ("why is kafak lagging so much today", "kafka-consumer-lag"),
    ("helm manifset looks wrong after upgrade", "helm-manifest-diff"),
    ("a typo deleted the ingres again", "helm-manifest-diff"),
    ("a typo deleted the ingresss again", "helm-manifest-diff"),
])
def test_a_misspelt_word_still_finds_its_note(kb, prompt, note):
    """Each prompt shares one other word with its note: without the respelling, it would be silent."""
    decision = why(kb, prompt)
    assert note in decision["hinted"]
    misspelt = next(word for word in prompt.split() if word in ("kafak", "manifset", "ingres", "ingresss"))
    assert misspelt in [word for word, *_ in decision["candidates"][0]["words"]]


def test_a_respelled_word_alone_is_no_more_evidence_than_the_word_itself(kb):
    assert why(kb, "write me a kafak producer in go")["hinted"] == []


def test_a_slip_of_an_everyday_word_stays_everyday(kb):
    """`runing` is `running`: everyday talk, not a rare word that only the note's `run` holds."""
    decision = why(kb, "is the orders consumer runing full time right now?")
    assert "runing" not in [word for row in decision["candidates"] for word, *_ in row["words"]]


def test_a_name_in_capitals_is_never_respelled(kb):
    decision = why(kb, "why is KAFAK lagging so much today")
    assert decision["hinted"] == []
    assert "KAFAK" not in [word for row in decision["candidates"] for word, *_ in row["words"]]


def test_spellings_one_slip_away():
    assert "kafka" in one_slip_from("kafak")
    assert "manifest" in one_slip_from("manifset")
    assert "commit" in one_slip_from("comit") and "commit" in one_slip_from("commmit")
    assert "kafak" not in one_slip_from("kafak")
    assert len(one_slip_from("deployment")) == len(set(one_slip_from("deployment")))


def test_shift_held_too_long_is_a_capitalised_word_not_an_identifier(kb):
    """`ENable` is `Enable` typed fast: a note that says "enable" does not spell an identifier."""
    from mage_engine.terms.analysis import query_units

    (unit,) = query_units("ENable")
    assert unit.name == () and query_units("OOMKilled")[0].name != () and query_units("IDs")[0].terms
    decision = why(kb, "ENable the whole system then")
    assert decision["hinted"] == []
    assert [label for row in decision["candidates"] for _, _, label in row["words"]].count("name") == 0


def test_a_product_in_camelcase_is_a_word_not_a_name_in_the_teams_code(kb):
    """`MacOS` is the platform a prompt runs on, not an identifier one note spells: alone, it picks no note."""
    from mage_engine.terms.analysis import query_units

    assert query_units("MacOS")[0].name == () and query_units("PowerShell")[0].name == ()
    decision = why(kb, "we need to troubleshoot MacOS login auth today")
    assert [label for row in decision["candidates"] for _, _, label in row["words"]].count("name") == 0
    assert "macos-keychain-login" in why(kb, "codesign hangs on MacOS until the keychain is unlocked")["hinted"]
