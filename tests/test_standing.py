"""SessionStart standing context (SPEC 6.5), through the real `mage-hook` process."""

import json
import subprocess

from helpers.process import run_mage
from helpers.hook import MAGE_HOOK, run_hook
from helpers.recall import eval_kb, injected, start_payload, write_note

STANDING = {"leaked-credential-rotate-first", "migrations-run-as-job", "pr-size-limit", "rebase-force-with-lease",
            "review-comments-as-suggestions", "quotes-p95-goal", "retire-geo-lookup-goal"}


def start(kb, session="s1", source="startup") -> str:
    done = run_hook("SessionStart", start_payload(kb, session, source))
    assert done.returncode == 0 and done.stderr == ""
    return injected(done)


def test_session_start_injects_governance_standing_notes_and_recent_lessons(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_mage("index", cwd=kb.root)
    text = start(kb)
    first = text.splitlines()[0]
    assert "mage recall" in first and "mage stage" in first and "mage/notes/" in first
    named = {line[2:].split(" ", 1)[0].split(":")[0] for line in text.splitlines() if line.startswith("- ")}
    assert STANDING <= named
    assert "- leaked-credential-rotate-first (rule): A leaked credential is revoked before anything else happens" in text
    lessons = text.split("Recent lessons:")[1].splitlines()[1:]
    assert lessons[0].startswith("- uvicorn-workers-oomkilled: ")  # updated 2026-11-24, the newest lesson
    assert len(text) <= 6000


def test_standing_context_follows_a_hand_edit_without_mage_index(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_mage("index", cwd=kb.root)
    write_note(kb, "tabs-not-spaces", "Makefiles are indented with tabs", "Recipes need a tab.", kind="rule")
    assert "- tabs-not-spaces (rule): Makefiles are indented with tabs" in start(kb)


def test_hundreds_of_standing_notes_stay_within_budget_and_are_counted(kb):
    for n in range(300):
        write_note(kb, f"rule-{n:03d}", f"House rule number {n} about code layout", "A long explanation. " * 30,
                   kind="rule")
    text = start(kb)
    assert 5000 < len(text) <= 6000
    assert text.splitlines()[-1].startswith("- (+") and "more: see mage/INDEX.md" in text


def test_the_injection_is_in_the_ledger(tmp_path):
    kb = eval_kb(tmp_path / "project")
    text = start(kb, session="s-ledger")
    entry = [json.loads(line) for line in kb.ledger_path.read_text().splitlines()][-1]
    assert entry["event"] == "SessionStart" and entry["session"] == "s-ledger"
    assert entry["chars"] == len(text) and STANDING <= set(entry["notes"])


def test_an_empty_kb_still_gets_the_governance_line(kb):
    text = start(kb)
    assert text.startswith("This project keeps its coding-agent memory with mage")
    assert "Standing notes" not in text


def test_a_warm_session_start_loads_neither_yaml_nor_tantivy(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_mage("index", cwd=kb.root)
    start(kb)
    done = subprocess.run([MAGE_HOOK.replace("mage-hook", "python"), "-X", "importtime", MAGE_HOOK, "SessionStart"],
                          input=json.dumps(start_payload(kb)).encode(), capture_output=True, timeout=20)
    modules = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.decode().splitlines()
               if line.startswith("import time:")}
    assert "mage_engine" in modules and not modules & {"yaml", "tantivy"}
    assert "pr-size-limit" in done.stdout.decode()
