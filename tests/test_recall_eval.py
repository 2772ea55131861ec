"""The hint quality targets (SPEC 6.7), measured by the evaluation protocol through the real hook.

One KB of the 40 evaluation notes, indexed once by `mage index`; every prompt
is fed to `mage-hook UserPromptSubmit` as Claude Code sends it, and the note
ids are read back from the injected hint. Targets: hint recall@4 >= 0.9 on
prompts with relevant notes, silence >= 0.9 on the rest, on the public set
(tests/fixtures/recall/prompts.jsonl) and on prompts we wrote ourselves in
other wording (own_prompts.jsonl), at 40 notes and with 9,960 distractors.
"""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "recall"


def protocol():
    spec = importlib.util.spec_from_file_location("eval_recall", ROOT / "benchmarks" / "eval_recall.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def eval_module():
    return protocol()


@pytest.fixture(scope="module")
def kb40(eval_module, tmp_path_factory):
    return eval_module.make_kb(tmp_path_factory.mktemp("eval40"))


@pytest.mark.parametrize("prompts", ["prompts.jsonl", "own_prompts.jsonl"])
def test_hints_at_40_notes_meet_the_targets(eval_module, kb40, prompts):
    result = eval_module.evaluate(kb40, eval_module.load_prompts(FIXTURES / prompts))
    assert result["recall@4"] >= 0.9, result["misses"]
    assert result["silence"] >= 0.9, result["misses"]


def test_hints_with_10000_distractors_meet_the_targets(eval_module, tmp_path):
    root = eval_module.make_kb(tmp_path, 9960)
    result = eval_module.evaluate(root, eval_module.load_prompts(FIXTURES / "prompts.jsonl"))
    assert result["recall@4"] >= 0.9, result["misses"]
    assert result["silence"] >= 0.9, result["misses"]
