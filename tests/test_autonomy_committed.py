"""A committed `autonomy` above the default takes effect for the agent only once a person confirms it here.

A cloned repository's mage/config.yaml saying `autonomy: overseer` must not let
the agent (`CLAUDECODE=1`) accept its own drafts; `mage status` and `mage doctor`
say why; the person's `mage dial autonomy overseer` confirms it on this machine,
and a confirmation copied from another folder counts for nothing.
"""

import shutil

from helpers.process import run_mage

AGENT = {"CLAUDECODE": "1"}


def cloned_overseer(kb):
    kb.config_path.write_text(kb.config_path.read_text().replace("autonomy: operator", "autonomy: overseer"))
    staged = run_mage("stage", "--title", "Restart the billing worker before deploys",
                      "--body", "The stale billing worker keeps the queue lock; restart it, then deploy.",
                      cwd=kb.root, env=AGENT)
    assert staged.returncode == 0, staged.stderr
    return staged.stdout.split()[1]


def test_the_agent_stays_at_operator_until_a_person_confirms(kb):
    draft = cloned_overseer(kb)
    refused = run_mage("groom", "--accept", draft, cwd=kb.root, env=AGENT)
    assert refused.returncode == 1 and "refused to the agent at autonomy 'operator'" in refused.stderr
    status = run_mage("status", cwd=kb.root)
    assert "autonomy operator" in status.stdout and "not confirmed on this machine" in status.stderr
    doctor = run_mage("doctor", cwd=kb.root)
    config_line = next(line for line in doctor.stdout.splitlines() if line.split()[1:2] == ["config"])
    assert config_line.startswith("warn") and "mage dial autonomy overseer" in config_line
    agent_confirms = run_mage("dial", "autonomy", "overseer", cwd=kb.root, env=AGENT)
    assert agent_confirms.returncode == 1, "the agent must not confirm its own autonomy"
    assert run_mage("dial", "autonomy", "overseer", cwd=kb.root).returncode == 0
    accepted = run_mage("groom", "--accept", draft, cwd=kb.root, env=AGENT)
    assert accepted.returncode == 0, accepted.stderr
    assert kb.note_path(draft).exists()
    assert "not confirmed" not in run_mage("status", cwd=kb.root).stderr


def test_a_confirmation_copied_from_another_folder_counts_for_nothing(kb, tmp_path):
    cloned_overseer(kb)
    assert run_mage("dial", "autonomy", "overseer", cwd=kb.root).returncode == 0
    copy = tmp_path / "copy"
    shutil.copytree(kb.root, copy, symlinks=True)  # .mage/state/autonomy-confirmed comes along
    assert (copy / ".mage" / "state" / "autonomy-confirmed").exists()
    status = run_mage("status", cwd=copy)
    assert "autonomy operator" in status.stdout and "not confirmed" in status.stderr
