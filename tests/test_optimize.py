"""Optimize (docs/recurrence.md#optimize): reword or demote generated skills whose loads rarely led to their procedure."""

import json

from helpers.process import run_mage
from helpers.skills import DESCRIPTION, generated_skill, loads
from mage_engine.kb.notes import read_note
from mage_engine.recurrence.graduate import graduate
from mage_engine.recurrence.optimize import apply_proposal, dismiss_proposal, optimize
from mage_engine.kb.skills import read_skill, skill_path

def test_under_0_4_a_reworded_description_is_proposed_with_its_evidence(kb):
    generated_skill(kb)
    loads(kb, helped=2, misfired=4)
    proposal, = optimize(kb, dry_run=True).proposals
    assert proposal["action"] == "reword" and proposal["skill"] == "pytest-editable"
    assert proposal["before"]["description"] == DESCRIPTION
    after = proposal["after"]["description"]
    assert after.startswith("Install the package editable before running pytest. Use when the task mentions ")
    assert "modulenotfounderror" in after and "deploy" not in after and "staging" not in after
    assert (proposal["evidence"]["loads"], proposal["evidence"]["matched"]) == (6, 2)
    assert proposal["evidence"]["match_rate"] == 0.333 and "deploy" in proposal["evidence"]["misfire_terms"]
    assert read_skill(skill_path(kb, "pytest-editable")).description == DESCRIPTION  # a dry run changes nothing


def test_optimize_applies_the_reword_and_prints_the_git_command(kb):
    generated_skill(kb)
    loads(kb, helped=2, misfired=4)
    done = run_mage("optimize", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    assert "applied reword of pytest-editable" in done.stdout and "before: " + DESCRIPTION in done.stdout
    assert "git add mage/skills/pytest-editable/SKILL.md && git commit -m" in done.stdout
    skill = read_skill(skill_path(kb, "pytest-editable"))
    assert skill.description != DESCRIPTION and "reword: match 0.333 over 6 loads" in skill.metadata["trigger_history"]


def test_under_0_2_the_skill_goes_back_to_being_its_note(kb):
    generated_skill(kb)
    loads(kb, helped=1, misfired=5)
    proposal, = optimize(kb, dry_run=True).proposals
    assert proposal["action"] == "demote" and proposal["after"] == {"skill": None, "note": "pytest-editable"}
    result = apply_proposal(kb, proposal["id"])
    assert result["written"] == ["mage/skills/pytest-editable/SKILL.md", "mage/notes/pytest-editable.md"]
    assert not (kb.skills_dir / "pytest-editable").exists()
    note = read_note(kb.note_path("pytest-editable"))
    assert note.graduated_skill is None and note.extra["demoted_skill"] == "pytest-editable"
    assert graduate(kb, dry_run=True).graduated == []  # it does not come straight back


def test_hand_written_skills_are_never_touched(kb):
    generated_skill(kb, generated=False)
    loads(kb, helped=0, misfired=6)
    result = optimize(kb)
    assert result.proposals == [] and result.skills[0]["generated"] is False and result.skills[0]["loads"] == 6
    assert read_skill(skill_path(kb, "pytest-editable")).description == DESCRIPTION


def test_fewer_than_five_loads_prove_nothing(kb):
    generated_skill(kb)
    loads(kb, helped=0, misfired=4)
    assert optimize(kb, dry_run=True).proposals == []


def test_at_most_three_edits_per_pass_weakest_first(kb):
    for number in range(4):
        name = f"skill-{number}"
        generated_skill(kb, name)
        loads(kb, name, helped=1 if number else 0, misfired=5, prefix=f"s{number}-")
    result = optimize(kb, dry_run=True)
    assert len(result.proposals) == 3 and result.proposals[0]["skill"] == "skill-0"


def test_a_dismissed_proposal_never_comes_back(kb):
    generated_skill(kb)
    loads(kb, helped=2, misfired=4)
    proposal, = optimize(kb, dry_run=True).proposals
    assert dismiss_proposal(kb, proposal)["dismissed"] == proposal["id"]
    assert optimize(kb, dry_run=True).proposals == [] and optimize(kb).applied == []
    data = json.loads(run_mage("optimize", "--dry-run", "--json", "--kb", kb.root).stdout)
    assert data["proposals"] == [] and data["skills"][0]["match_rate"] == 0.333
