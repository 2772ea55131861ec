"""Optimize watches mage's own skills (mage-groom, mage-onboard): their loads and what followed
are evidence; it proposes, and never changes them."""

import json

import pytest

from helpers.process import run_mage
from mage_engine.base.errors import MageError
from mage_engine.recurrence.optimize import apply_proposal, dismiss_proposal, optimize
from replay.lines import TrailWriter
from helpers.skills import generated_skill, loads as generated_loads


def groom_loads(kb, name="mage-groom", followed=1, not_followed=5, then="mage stage --title 'x' --body 'y'"):
    """Chapters that loaded the groom skill; the work after it staged a draft, or did something else."""
    for number in range(followed + not_followed):
        trail = TrailWriter(kb, f"g{number}", day=number + 1)
        if number < followed:
            trail.prompt("groom the memory drafts from this session")
            trail.skill(name)
            trail.ok(then)
        else:
            trail.prompt("deploy the release to staging")
            trail.skill(name)
            trail.ok("make deploy ENV=staging")
        trail.end()


def test_a_rarely_followed_groom_skill_gets_a_proposal_that_is_never_applied(kb):
    groom_loads(kb)
    result = optimize(kb)  # not a dry run: still nothing is written
    proposal, = result.proposals
    assert proposal["skill"] == "mage-groom" and proposal["shipped"] and proposal["action"] == "reword"
    assert proposal["evidence"]["loads"] == 6 and proposal["evidence"]["matched"] == 1
    assert "groom" in proposal["after"]["description"] and "deploy" not in proposal["after"]["description"]
    assert result.applied == [] and result.written == [] and result.git_command is None
    row = next(r for r in result.skills if r["skill"] == "mage-groom")
    assert row == {"skill": "mage-groom", "generated": False, "shipped": True, "loads": 6, "matched": 1,
                   "match_rate": 0.167}
    with pytest.raises(MageError, match="mage's own skill: mage never rewrites it"):
        apply_proposal(kb, proposal["id"])
    assert dismiss_proposal(kb, proposal)["dismissed"] == proposal["id"]
    assert optimize(kb, dry_run=True).proposals == []


def test_the_command_line_shows_the_evidence_and_says_it_changes_nothing(kb):
    groom_loads(kb)
    done = run_mage("optimize", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    assert "mage-groom: 6 loads, match rate 0.167 (mage's own, proposals only)" in done.stdout
    assert "proposed reword of mage-groom" in done.stdout and "never changed here" in done.stdout
    assert "git add" not in done.stdout


def test_the_plugins_groom_and_a_full_path_mage_count_as_followed(kb):
    groom_loads(kb, name="mage:groom", followed=4, not_followed=2, then="cd /srv/app && ~/.local/bin/mage --kb . drafts")
    data = json.loads(run_mage("optimize", "--dry-run", "--json", "--kb", kb.root).stdout)
    row = next(r for r in data["skills"] if r["skill"] == "mage-groom")
    assert (row["loads"], row["matched"]) == (6, 4) and data["proposals"] == []


def test_onboard_is_followed_by_mage_doctor_and_unloaded_skills_are_not_listed(kb):
    for number in range(5):
        trail = TrailWriter(kb, f"o{number}", day=number + 1)
        trail.prompt("automatic memory is not working here")
        trail.skill("mage-onboard")
        trail.ok("mage doctor --json")
        trail.end()
    result = optimize(kb, dry_run=True)
    assert [r["skill"] for r in result.skills] == ["mage-onboard"] and result.skills[0]["match_rate"] == 1.0
    assert result.proposals == []


def test_a_generated_skill_is_still_reworded_in_the_same_pass(kb):
    generated_skill(kb)
    generated_loads(kb, helped=2, misfired=4)
    groom_loads(kb)
    result = optimize(kb)
    assert {p["skill"] for p in result.proposals} == {"pytest-editable", "mage-groom"}
    assert result.written == ["mage/skills/pytest-editable/SKILL.md"] and len(result.applied) == 1
    assert "mage-groom" not in result.git_command
