"""The hint targets on "fieldlight", a machine-learning team's set written for the second calibration round.

tests/fixtures/recall_fieldlight/ (see its SOURCES.md): 40 notes of a team on
PyTorch, Slurm, Hydra, W&B, DVC and Triton with geospatial data, 80 prompts
typed the way people type (pasted NCCL, Hydra and CUDA errors, symptoms in
other words, typos) and irrelevant ones that share the stack's words. Measured
through the real hook (benchmarks/eval_recall.py) when this round's rules were
final: recall@4 0.950 and silence 0.950 at 40 and at 10,000 notes; the test
holds the 40-note run to that, less one prompt.

tests/fixtures/recall_kestrel/ is the round's sealed set: it was run once before
the changes and once after, and is only checked here for its layout, never
evaluated, so it stays a fair look at a team nobody tuned for.
"""

import json
from pathlib import Path

import pytest

from helpers.process import run_mage
from helpers.recall import eval_protocol

FIXTURES = Path(__file__).parent / "fixtures"
FIELDLIGHT = FIXTURES / "recall_fieldlight"


@pytest.mark.parametrize("folder", ["recall_fieldlight", "recall_kestrel"])
def test_the_set_has_the_public_layout_and_every_note_reads(tmp_path, folder):
    notes = sorted((FIXTURES / folder).glob("notes/*.md"))
    prompts = [json.loads(line) for line in (FIXTURES / folder / "prompts.jsonl").read_text().splitlines() if line]
    ids = {note.stem for note in notes}
    assert len(notes) == 40 and len(prompts) == 80 and sum(bool(p["relevant"]) for p in prompts) == 40
    assert all(set(p["relevant"]) <= ids for p in prompts)
    assert run_mage("init", cwd=tmp_path).returncode == 0
    for note in notes:
        (tmp_path / "mage" / "notes" / note.name).write_bytes(note.read_bytes())
    done = run_mage("doctor", cwd=tmp_path)
    assert f"{tmp_path}: 40 notes, 0 skills" in done.stdout  # no note is unreadable
    kinds = {line.split(":", 1)[1].strip() for note in notes for line in note.read_text().splitlines()
             if line.startswith("kind:")}
    assert kinds == {"lesson", "procedure", "fact", "pointer", "rule", "preference", "goal"}


def test_hints_on_the_fieldlight_set_hold_the_measured_figures(tmp_path):
    protocol = eval_protocol()
    root = protocol.make_kb(tmp_path, notes=FIELDLIGHT / "notes")
    result = protocol.evaluate(root, protocol.load_prompts(FIELDLIGHT / "prompts.jsonl"))
    assert result["recall@4"] >= 0.925, result["misses"]
    assert result["silence"] >= 0.925, result["misses"]
