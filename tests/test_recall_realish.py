"""Real-prompt-like replay: the project's own path, in half the prompts, must not trigger hints.

tests/fixtures/recall_realish/ is one developer's six notes and 55 prompts
(SOURCES.md). The prompts go through real `mage-hook UserPromptSubmit`
processes in order, so capture records each in the trail and the project's
everyday words build up as they would in a real project. Then `mage eval`
replays that trail, and `mage hints --why` explains each of its prompts in one
line.
"""

import json
from pathlib import Path

import pytest

from helpers.process import run_mage
from helpers.recall import eval_protocol

REALISH = Path(__file__).resolve().parent / "fixtures" / "recall_realish"
PATH = "X:\\03_ACG\\Custom_Addons"


@pytest.fixture(scope="module")
def replayed(tmp_path_factory):
    """(KB root, [(prompt item, hinted ids)]) after the whole replay."""
    protocol = eval_protocol()
    root = protocol.make_kb(tmp_path_factory.mktemp("realish"), notes=REALISH / "notes")
    items = protocol.load_prompts(REALISH / "prompts.jsonl")
    return root, [(item, protocol.ask(root, item["prompt"], item["session"])[0]) for item in items]


def test_the_replay_is_mostly_silent_where_no_note_helps(replayed):
    _, rows = replayed
    quiet = [hinted == [] for item, hinted in rows if not item["relevant"]]
    found = [bool(set(hinted) & set(item["relevant"])) for item, hinted in rows if item["relevant"]]
    assert sum(quiet) / len(quiet) >= 0.8, [item["prompt"] for item, hinted in rows if hinted and not item["relevant"]]
    assert sum(found) / len(found) >= 0.5


def test_the_project_path_alone_never_brings_a_hint_once_it_is_everyday(replayed):
    root, _ = replayed
    from mage_engine.kb.discover import find_kb
    from mage_engine.recall.search import everyday

    counts = everyday.load(find_kb(explicit=str(root)))
    assert {"addon", "acg", "custom"} <= counts.everyday_terms()  # the path's words are everyday here
    for prompt in (f"open {PATH}\\acg_hr\\models\\hr_employee.py", f"git status in {PATH}",
                   f"cd {PATH} please"):
        decision = json.loads(run_mage("hints", "--why", prompt, "--json", cwd=root).stdout)[0]
        assert decision["hinted"] == [], decision


def test_mage_eval_on_the_replayed_trail_prints_the_figures(replayed):
    root, _ = replayed
    done = run_mage("eval", cwd=root)
    assert done.returncode == 0, done.stderr
    assert "replayed 55 prompts from 3 sessions at floor 0.50" in done.stdout
    assert "recall of used notes:" in done.stdout and "silence on unused hints:" in done.stdout
    result = json.loads(run_mage("eval", "--json", "--floor", "0.9", cwd=root).stdout)
    assert result["floor"] == 0.9 and result["prompts"] == 55
    before = result["unused"]
    assert before["prompts"] > 0 and before["silent"] > 0  # a higher floor silences some unused hints
    assert all(len(row["hinted"]) <= 4 for row in result["rows"])


def test_hints_why_explains_every_replayed_prompt_in_one_line(replayed):
    root, rows = replayed
    prompts = "\n".join(" ".join(item["prompt"].split()) for item, _ in rows) + "\n"
    done = run_mage("hints", "--why", "-", cwd=root, input=prompts)
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) == len(rows)
    assert all(("hinted " in line or "silent: " in line) and "floor 0." in line for line in lines)
    # the configured floor, or the one a general-knowledge question, a task request or a question on how
    # things are done here needs
    floors = {line.rsplit("floor 0.", 1)[1].rstrip(")").join(["0.", ""]) for line in lines}
    assert floors <= {"0.50", "0.85 for a general-knowledge question", "0.70 for a task request",
                      "0.40 for a question on how things are done here"}
    assert "0.50" in floors and "0.70 for a task request" in floors
