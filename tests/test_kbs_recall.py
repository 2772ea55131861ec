"""The recall figures hold with a personal KB of 1,000 unrelated notes read beside the project's.

Every labelled recall set (tests/fixtures/recall*/: its notes and every prompts file) is
decided twice, once on the project alone and once with a personal KB of 1,000 notes from
another life (kitchen, garden, bike, …; tests/personal_notes.py) attached: the notes hinted
must be the same for every prompt, so recall@4, silence and precision cannot move. The
public set is also run through the real hook, with MAGE_PERSONAL_KB pointing at that KB.
"""

import shutil
from pathlib import Path

import pytest

from mage_engine.kb.init import init_kb
from mage_engine.kbs.attached import Attached
from mage_engine.recall.hint.across import decide_across
from mage_engine.recall.hint.decide import decide
from mage_engine.recall.index.lifecycle import rebuild_index
from helpers.personal_notes import write_personal_kb
from helpers.recall import FIXTURES, eval_protocol

SETS = sorted(folder for folder in FIXTURES.parent.glob("recall*") if (folder / "notes").is_dir())
FLOOR, COUNT = 0.5, 4  # the defaults of mage/config.yaml


@pytest.fixture(scope="module")
def personal(tmp_path_factory):
    return write_personal_kb(tmp_path_factory.mktemp("personal"), 1000)


def _project(root: Path, folder: Path):
    kb = init_kb(root).kb
    for note in (folder / "notes").glob("*.md"):
        shutil.copy(note, kb.notes_dir / note.name)
    rebuild_index(kb)
    return kb


def _prompts(folder: Path) -> list:
    import json

    return [json.loads(line)["prompt"] for path in sorted(folder.glob("*prompts.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_personal_kb_holds_1000_notes_of_another_domain(personal):
    notes = list(personal.notes_dir.glob("*.md"))
    assert len(notes) == 1000
    assert not any("deploy" in path.read_text() or "pytest" in path.read_text() for path in notes)


@pytest.mark.parametrize("folder", SETS, ids=[folder.name for folder in SETS])
def test_every_prompt_hints_the_same_notes_with_the_personal_kb_beside(folder, personal, tmp_path):
    kb = _project(tmp_path / "project", folder)
    others = [Attached("personal", personal)]
    prompts = _prompts(folder)
    assert prompts
    changed, weighed = [], 0
    for prompt in prompts:
        alone, _ = decide(kb, prompt, FLOOR, COUNT, fresh=False)
        both, _ = decide_across(kb, others, prompt, FLOOR, COUNT, fresh=False)
        if both["hinted"] != alone["hinted"]:
            changed.append((prompt[:80], alone["hinted"], both["hinted"]))
        weighed += bool(decide(personal, prompt, FLOOR, COUNT, fresh=False)[0]["candidates"])
    assert changed == []
    assert weighed > len(prompts) // 4  # its notes were candidates for many prompts, and none got through


def test_the_hook_protocol_keeps_its_figures_with_the_personal_kb(personal, tmp_path, monkeypatch):
    protocol = eval_protocol()
    root = protocol.make_kb(tmp_path)
    prompts = protocol.load_prompts(FIXTURES / "prompts.jsonl")
    monkeypatch.setenv("MAGE_PERSONAL_KB", str(tmp_path / "no-personal-kb"))
    alone = protocol.evaluate(root, prompts)
    monkeypatch.setenv("MAGE_PERSONAL_KB", str(personal.root))
    both = protocol.evaluate(root, prompts)
    for figure in ("recall@4", "strict_recall@4", "silence", "precision"):
        assert both[figure] == alone[figure], (figure, both["misses"])
    assert both["recall@4"] >= 0.9 and both["silence"] >= 0.9
    import json

    decisions = [json.loads(line).get("decision") or {} for line in
                 (root / ".mage" / "injections.jsonl").read_text().splitlines()[-len(prompts):]]
    assert not any(note.startswith("personal:") for d in decisions for note in d.get("hinted", []))
    done = _hook_text(protocol, root, "how warm should I keep the sourdough starter when I feed it?")
    assert "[personal] sourdough-starter" in done  # the hook read the personal KB all along


def _hook_text(protocol, root, prompt: str) -> str:
    import json
    import subprocess

    done = subprocess.run([str(protocol.BIN / "mage-hook"), "UserPromptSubmit"], input=protocol.hook_payload(
        root, prompt, "sanity"), capture_output=True, env=protocol.clean_env(), timeout=60, check=True)
    return json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"] if done.stdout.strip() else ""
