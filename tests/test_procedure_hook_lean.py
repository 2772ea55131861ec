"""The prompt hook stays lean with a declared position: the guidance comes from two small JSON files.

A session standing at a known step gets its Next block from a real `mage-hook`
process that imports no json, pathlib, re, yaml or difflib (tests/test_hook_lean.py
has the rules); the first prompt after a transition note is accepted sees it.
"""

import json

from helpers.process import run_mage
from test_hook_lean import NEVER, _imported


def test_a_prompt_at_a_declared_position_is_guided_without_slow_modules(tmp_path):
    from mage_engine.kb.init import init_kb

    kb = init_kb(tmp_path / "project").kb
    for session, outcome in (("past-1", "succeeded"), ("past-2", "failed")):
        for step in ("build", "test", "deploy"):
            assert run_mage("session", "turn", session, "--at", step, cwd=kb.root).returncode == 0
        assert run_mage("session", "end", session, "--outcome", outcome, cwd=kb.root).returncode == 0
    assert run_mage("session", "turn", "lean-at-test", "--at", "test", cwd=kb.root).returncode == 0
    payload = {"session_id": "lean-at-test", "cwd": str(kb.root), "hook_event_name": "UserPromptSubmit",
               "prompt": "what comes next here?"}
    _imported("UserPromptSubmit", payload, kb.root)  # the first prompt refreshes the index stamp once
    done, loaded = _imported("UserPromptSubmit", payload, kb.root)
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Next:\n- deploy [1 ok / 1 failed]" in context
    assert not loaded & (NEVER | {"re", "difflib"}), sorted(loaded & (NEVER | {"re", "difflib"}))
    assert not kb.errors_log.exists(), kb.errors_log.read_text()

    staged = run_mage("session", "remember", "--from", "deploy", "--to", "verify", "--do", "curl /healthz",
                      cwd=kb.root)
    assert staged.returncode == 0 and run_mage("groom", "--accept-all", cwd=kb.root).returncode == 0
    done, _ = _imported("UserPromptSubmit", payload, kb.root)
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Then:\n- verify (after deploy) — do curl /healthz [no ended session yet]" in context


def test_a_damaged_graph_costs_the_prompt_only_the_guidance(tmp_path):
    from helpers.hook import run_hook
    from mage_engine.kb.init import init_kb

    kb = init_kb(tmp_path / "project").kb
    (kb.notes_dir / "deploy-needs-vpn.md").write_text(
        "---\nid: deploy-needs-vpn\ntitle: Deploys to staging need the VPN up\nkind: lesson\n---\n"
        "The staging cluster answers only over the VPN: bring it up before make deploy.\n")
    for step in ("test", "deploy"):
        assert run_mage("session", "turn", "s1", "--at", step, cwd=kb.root).returncode == 0
    assert run_mage("session", "end", "s1", "--outcome", "succeeded", cwd=kb.root).returncode == 0
    assert run_mage("session", "turn", "s2", "--at", "test", cwd=kb.root).returncode == 0
    (kb.index_dir / "graph.json").write_text('{"version": 1, "notes_key": "x", "trace_steps": {"test": "test"}, "observed": [{"from": "test"}]}')
    done = run_hook("UserPromptSubmit", {"session_id": "s2", "cwd": str(kb.root), "prompt":
                                         "why does make deploy to the staging cluster hang without the vpn?"})
    assert done.returncode == 0
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "- deploy-needs-vpn:" in context and "Next:" not in context, context
    assert "guidance skipped" in kb.errors_log.read_text()
