"""The prompt hook reads the everyday-word counts from everyday-near.json (recall/search/everyday.py):
only the terms held often enough at the last fold, and the prompts logged since. Whatever the prompts,
the everyday terms it finds must be those of the whole snapshot, prompt after prompt."""

import random

from mage_engine.kb.init import init_kb
from mage_engine.recall.search import everyday


def test_the_hooks_everyday_terms_are_the_whole_counts_own_prompt_after_prompt(tmp_path):
    kb = init_kb(tmp_path / "project").kb
    chance = random.Random(3)
    common = [f"common{i}" for i in range(30)]
    rare = [f"rare{i}" for i in range(2500)]
    read_near = 0
    for number in range(900):  # past two halvings and many cuts to MAX_TERMS
        counts = everyday.load_for_hook(kb)
        whole = everyday.load(kb)
        assert counts.everyday_terms() == whole.everyday_terms(), number
        assert counts.pending == whole.pending
        read_near += not counts.whole
        terms = [term for index, term in enumerate(common) if chance.random() < (0.6 if index < 5 else 0.33)]
        terms += chance.sample(rare, chance.randint(0, 9))  # every few prompts: a cut back to the top terms
        everyday.count_prompt(kb, counts, terms, " ".join(terms))
    assert read_near > 600, "the near file was hardly ever the one read: the test proves little"
    assert set(common[:5]) <= everyday.load(kb).everyday_terms(), "the frequent terms became everyday"


def test_without_a_near_file_the_whole_counts_are_read(tmp_path):
    kb = init_kb(tmp_path / "project").kb
    for _ in range(20):
        counts = everyday.load_for_hook(kb)
        everyday.count_prompt(kb, counts, ["rider", "app"], "rider app")
    (kb.state_dir / "everyday-near.json").unlink()
    counts = everyday.load_for_hook(kb)
    assert counts.whole and counts.everyday_terms() == everyday.load(kb).everyday_terms()
    (kb.state_dir / "everyday-near.json").write_text("{torn")
    assert everyday.load_for_hook(kb).whole
