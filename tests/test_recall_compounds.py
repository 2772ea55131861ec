"""A compound written apart still finds its note (docs/recall.md, "A word matches its other forms").

"on call", "on-call" and "oncall" are one word three ways; a team's notes pick one.
Two neighbouring words of a prompt, or the halves of a hyphenated one, are joined and
looked up; when a note holds the joined word, it holds each of the words, and "on call"
is one word weighed as `oncall` (not as everyday `call`), while "min instances" stays two.
A note that writes the compound hyphenated is indexed with it closed too (`on-call` as
`oncall`), or a prompt could find it no way at all: "on" is a stopword, and the note held only
everyday `call`. Decisions are read with `mage hints --why --json`, which runs the hook's decision.
"""

import pytest

from helpers.recall import indexed_kb_of, why

NOTES = {
    "oncall-rota": ("Oncall rota swaps go through the rota sheet",
                    "Swap an oncall week in the rota sheet and tell the lead; PagerDuty follows the sheet.\n"),
    "deploy-rollback": ("A bad deploy is fixed by a rollback, not a hotfix",
                        "Run the rollback job for the service; the previous image tag is kept for seven days.\n"),
    "api-weekend-calls": ("Partner API calls are rate limited at weekends",
                          "The partner API allows 10 calls a minute on Saturdays and Sundays.\n"),
}


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("compounds") / "project", NOTES)


@pytest.mark.parametrize("prompt, note, written", [
    ("can i swap my on call week with ana? how", "oncall-rota", "on call"),
    ("who is on-call this week, can I swap", "oncall-rota", "on-call"),
    ("how do I roll back the deploy of the orders service", "deploy-rollback", "roll"),  # rare apart, stays two
])
def test_a_compound_written_apart_finds_the_note_that_writes_it_closed(kb, prompt, note, written):
    decision = why(kb, prompt)
    assert note in decision["hinted"], decision
    words = {word: units for word, units, _ in decision["candidates"][0]["words"]}
    assert words[written] >= 0.9  # weighed as `oncall`, not as everyday `call`; `roll` held by `rollback`


def test_words_that_join_into_nothing_a_note_holds_stay_apart(kb):
    decision = why(kb, "I call the partner api on saturdays and get rate limited")
    assert "api-weekend-calls" in decision["hinted"]
    assert "oncall-rota" not in decision["hinted"]
    assert not any(" " in word for row in decision["candidates"] for word, *_ in row["words"])


def test_a_pasted_log_is_not_walked_past_the_first_pairs():
    from mage_engine.recall.search import compounds

    pairs = compounds._pairs(["worker", "timed", "out"] * 5000)
    assert len(pairs) == compounds.MAX_PAIRS and pairs[0] == ("worker", "timed", ("worker", "timed"))
    assert compounds._pairs(["on-call"]) == [("on", "call", ("on-call",))]


HYPHENATED = dict(NOTES, **{"oncall-rota": ("Handing over the on-call pager",  # the same note, written hyphenated
                                            "Swap an on-call week in the rota sheet; PagerDuty follows the sheet.\n")})


@pytest.fixture(scope="module")
def hyphenated_kb(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("hyphenated") / "project", HYPHENATED)


@pytest.mark.parametrize("prompt, written", [
    ("can i swap my on call week with ana", "on call"),
    ("can i swap my on-call week with ana", "on-call"),
    ("can i swap my oncall week with ana", "oncall"),
])
def test_a_note_that_writes_the_compound_hyphenated_is_found_however_the_prompt_writes_it(hyphenated_kb, prompt,
                                                                                           written):
    decision = why(hyphenated_kb, prompt)
    assert decision["hinted"] == ["oncall-rota"], decision
    words = {word: units for word, units, _ in decision["candidates"][0]["words"]}
    assert words[written] >= 0.9  # the compound's weight, not everyday `call`


def test_closed_forms_are_only_of_two_plain_halves():
    from mage_engine.terms.analysis import joined_compounds

    text = "Who is on-call? (roll-back), `dead-letter`, e-mail, x-ray, parcel-api-v2, sha-256, read-only."
    assert joined_compounds(text).split() == ["oncall", "rollback", "deadletter", "readonly"]

