"""UserPromptSubmit hints (docs/recall.md#the-hint-score), through the real `mage-hook` process."""

import json
import re
import subprocess

import pytest

from helpers.process import run_mage
from helpers.hook import MAGE_HOOK, run_hook
from helpers.recall import eval_kb, indexed_eval_kb, injected, prompt_payload, start_payload

DEPLOY = ("ran the deploy workflow from my branch to try something: Could not assume role with OIDC: "
          "Not authorized to perform sts:AssumeRoleWithWebIdentity")
LOCK = "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?"


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return indexed_eval_kb(tmp_path_factory.mktemp("hint") / "project")


def hint(kb, prompt, env=None, session="test-session") -> str:
    done = run_hook("UserPromptSubmit", prompt_payload(kb, prompt, session), env=env)
    assert done.returncode == 0 and done.stderr == ""
    return injected(done)


def test_a_matching_prompt_gets_each_note_by_id_title_and_summary(kb):
    text = hint(kb, DEPLOY)
    lines = text.splitlines()
    assert lines[0].startswith("Notes from this project's mage memory")
    assert lines[1].startswith("- gha-oidc-trust-sub: The AWS deploy role trusts only main and release tags — "
                               "Deploy jobs authenticate to AWS through OIDC")
    query = re.fullmatch(r'More with: mage recall "([a-z0-9 _-]+)"', lines[-1])
    assert query and "oidc" in query.group(1)
    assert len(text) < 1200


def test_the_follow_up_query_finds_the_same_note(kb):
    query = re.search(r'mage recall "([^"]+)"', hint(kb, DEPLOY)).group(1)
    hits = json.loads(run_mage("recall", "--json", query, cwd=kb.root).stdout)
    assert hits[0]["id"] == "gha-oidc-trust-sub"


@pytest.mark.parametrize("prompt", ["ok", "continue", "thanks, that worked!", "write a regex that validates a hex "
                                    "colour like #fff", "how do I center a div with flexbox", "", "   "])
def test_chatter_and_uncovered_topics_get_silence(kb, prompt):
    assert hint(kb, prompt) == ""


def test_the_floor_and_the_count_follow_the_environment(kb):
    prompt = "sign-off for prod IAM changes"  # neither a task request nor a question: the floor as set
    top = json.loads(run_mage("recall", "--json", prompt, cwd=kb.root).stdout)[0]
    assert 0 < top["score"] < 0.99
    assert hint(kb, prompt, env={"MAGE_HINT_MIN_SCORE": f"{top['score'] + 0.01:.4f}"}) == ""
    assert f"- {top['id']}: " in hint(kb, prompt, env={"MAGE_HINT_MIN_SCORE": f"{top['score'] - 0.0001:.4f}"})
    loose = hint(kb, LOCK, env={"MAGE_HINT_MIN_SCORE": "0.05"})
    assert len(re.findall(r"^- ", loose, re.M)) == 4
    single = hint(kb, LOCK, env={"MAGE_HINT_MIN_SCORE": "0.05", "MAGE_HINT_COUNT": "1"})
    assert re.findall(r"^- ([a-z0-9-]+):", single, re.M) == ["tf-state-lock-force-unlock"]


def test_the_count_follows_config_yaml(tmp_path):
    kb = eval_kb(tmp_path / "project")
    kb.config_path.write_text("hint: {min_score: 0.5, count: 0}\n")
    assert hint(kb, LOCK) == ""


def test_each_hint_is_in_the_ledger_and_the_usage_metrics(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_hook("SessionStart", start_payload(kb, "s-ledger"))
    text = hint(kb, LOCK, session="s-ledger")
    hint(kb, "hi", session="s-ledger")
    lines = [json.loads(line) for line in kb.ledger_path.read_text().splitlines()]
    prompt_lines = [line for line in lines if line["event"] == "UserPromptSubmit"]
    assert len(prompt_lines) == 2  # every decision is kept, the silent one too
    assert prompt_lines[0]["session"] == "s-ledger" and prompt_lines[0]["chars"] == len(text)
    decision = prompt_lines[0]["decision"]
    assert decision["outcome"] == "hinted"
    # "can I just delete the row?" asks how things are done here: the ledger keeps the floor it needed
    assert decision["floor"] == 0.4 and decision["intent"] == "question" and decision["shift"] == -0.1
    assert prompt_lines[0]["notes"] == decision["hinted"] and f"- {decision['hinted'][0]}: " in text
    # the session's start already named this recent lesson: it is not hinted again
    reasons = {row["id"]: row["reason"] for row in decision["candidates"]}
    assert reasons["tf-state-lock-force-unlock"] == "in standing context"
    assert all(isinstance(row["score"], float) and row["words"] for row in decision["candidates"])
    assert prompt_lines[1]["chars"] == 0 and prompt_lines[1]["notes"] == []
    assert prompt_lines[1]["decision"]["outcome"] == "no words"
    from mage_engine.usage.metrics import load_metrics

    usage = load_metrics(kb)[decision["hinted"][0]]
    assert usage["hinted"] == 1 and usage["chapters"]["hinted"] == ["s-ledger:1"]
    assert "tf-state-lock-force-unlock" not in load_metrics(kb)


@pytest.mark.parametrize("wrap", [
    "<bash-notification>\n<shell-id>2dd867</shell-id>\n<status>failed</status>\n<summary>{}</summary>\n</bash-notification>",
    "<task-notification>\n<task-id>b2a1c8a</task-id>\n<summary>{}</summary>\n</task-notification>",
    "<local-command-stdout>{}</local-command-stdout>",
])
def test_a_notice_the_host_hands_on_as_a_prompt_is_never_hinted(kb, wrap):
    """A background shell that finished comes back as a user turn: nobody typed it."""
    assert "gha-oidc-trust-sub" in hint(kb, DEPLOY)
    assert hint(kb, wrap.format(DEPLOY)) == ""


def test_a_prompt_missing_from_the_payload_is_silence(kb):
    payload = prompt_payload(kb, "x")
    del payload["prompt"]
    done = run_hook("UserPromptSubmit", payload)
    assert done.returncode == 0 and done.stdout == ""


def test_the_warm_hint_path_parses_no_yaml(kb):
    hint(kb, LOCK)  # warm: config cache and index stamp
    done = subprocess.run([MAGE_HOOK.replace("mage-hook", "python"), "-X", "importtime", MAGE_HOOK, "UserPromptSubmit"],
                          input=json.dumps(prompt_payload(kb, LOCK)).encode(), capture_output=True, timeout=20)
    modules = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.decode().splitlines()
               if line.startswith("import time:")}
    assert "tantivy" in modules and "yaml" not in modules
    assert "tf-state-lock-force-unlock" in done.stdout.decode()


def test_a_note_already_in_the_sessions_standing_context_is_not_hinted_again(tmp_path):
    kb = eval_kb(tmp_path / "project")
    standing = injected(run_hook("SessionStart", start_payload(kb, "s-started")))
    assert "- tf-state-lock-force-unlock: " in standing  # one of the recent lessons the start names
    assert "- tf-state-lock-force-unlock: " not in hint(kb, LOCK, session="s-started")
    assert "- tf-state-lock-force-unlock: " in hint(kb, LOCK, session="s-other")  # no start: no standing context
