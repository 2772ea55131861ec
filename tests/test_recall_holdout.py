"""The hint quality targets on a second, independent evaluation set (docs/recall.md#the-hint-score).

tests/fixtures/recall_holdout/ is another team's knowledge base (a mobile and
data-platform shop: Expo, Rust services, Airflow/dbt/Snowflake, Pulumi on GCP,
Stripe, Sentry) with prompts written the way developers type: long chatty
paragraphs, pasted errors, fragments, typos, small talk. The protocol is the
public one (benchmarks/eval_recall.py): `mage init`, copy the notes, `mage index`,
feed every prompt to `mage-hook UserPromptSubmit` and read the hinted note ids.
Targets: hint recall@4 >= 0.9 on prompts with relevant notes, silence >= 0.9 on
the rest, on the set's prompts and on the two sets of prompts that were kept
sealed while the scorer was tuned (second_prompts.jsonl, third_prompts.jsonl).
A prompt that is only a pasted identifier is hinted too.
"""

import json
from pathlib import Path

import pytest

from helpers.recall import assert_meets_the_hint_targets, eval_protocol

HOLDOUT = Path(__file__).resolve().parent / "fixtures" / "recall_holdout"


@pytest.fixture(scope="module")
def protocol():
    return eval_protocol()


@pytest.fixture(scope="module")
def holdout_kb(protocol, tmp_path_factory):
    return protocol.make_kb(tmp_path_factory.mktemp("holdout40"), notes=HOLDOUT / "notes")


def test_the_holdout_set_has_the_public_layout():
    notes = sorted(HOLDOUT.glob("notes/*.md"))
    prompts = [json.loads(line) for line in (HOLDOUT / "prompts.jsonl").read_text().splitlines() if line.strip()]
    ids = {note.stem for note in notes}
    assert len(notes) == 40 and len(prompts) == 80
    assert sum(bool(p["relevant"]) for p in prompts) == 40
    assert all(set(p["relevant"]) <= ids for p in prompts)


def test_the_sealed_prompt_sets_label_notes_of_the_set():
    ids = {note.stem for note in HOLDOUT.glob("notes/*.md")}
    for name, count, relevant in (("second_prompts.jsonl", 55, 35), ("third_prompts.jsonl", 60, 30)):
        prompts = [json.loads(line) for line in (HOLDOUT / name).read_text().splitlines() if line.strip()]
        assert len(prompts) == count and sum(bool(p["relevant"]) for p in prompts) == relevant
        assert all(set(p["relevant"]) <= ids for p in prompts)


@pytest.mark.parametrize("prompts", ["prompts.jsonl", "second_prompts.jsonl", "third_prompts.jsonl"])
def test_hints_on_the_holdout_set_meet_the_targets(protocol, holdout_kb, prompts):
    result = protocol.evaluate(holdout_kb, protocol.load_prompts(HOLDOUT / prompts))
    assert_meets_the_hint_targets(result)


@pytest.mark.parametrize("pasted, note", [
    ("Error: Migrate(VersionMismatch(20261103120000))", "sqlx-migration-modified"),
    ("ExternalTaskSensor", "airflow-sensor-reschedule"),
    ("SQLX_OFFLINE", "sqlx-offline-query-cache"),
    ("ANALYTICS.MARTS.DIM_STATIONS", "snowflake-future-grants"),
    ("google.api_core.exceptions.PermissionDenied", "gke-workload-identity"),
])
def test_a_prompt_that_is_only_a_pasted_identifier_gets_its_note(protocol, holdout_kb, pasted, note):
    hinted, _ = protocol.ask(holdout_kb, pasted)
    assert note in hinted


@pytest.mark.parametrize("noise", ["20261103120000", "ok 403", "v0.9.3", "runner-7x2k"])
def test_numbers_and_ids_alone_get_no_hint(protocol, holdout_kb, noise):
    assert protocol.ask(holdout_kb, noise)[0] == []
