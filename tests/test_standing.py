"""SessionStart standing context (docs/recall.md#standing-context), through the real `mage-hook` process."""

import json
import subprocess
from pathlib import Path

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


def _skill_trigger() -> str:
    """The backlog phrase the mage-groom skill's description says it fires on ('Grooming backlog: N drafts …')."""
    from mage_engine.hosts import agent_files

    description = (Path(agent_files.__file__).parent / "groom.md").read_text().split("description:", 1)[1]
    return description.split("('", 1)[1].split("')", 1)[0]


def test_drafts_waiting_are_counted_in_the_words_the_groom_skill_fires_on(kb):
    for title in ("Restart the worker before deploying", "The staging DB listens on 6543"):
        assert run_mage("stage", "--title", title, "--body", title + ".", "--kb", kb.root).returncode == 0
    (kb.staging_dir / ".half-written.md.tmp").write_text("not a draft")  # an interrupted write is not counted
    lines = start(kb).splitlines()
    assert lines[0].startswith("This project keeps its coding-agent memory with mage")
    assert lines[1] == "Grooming backlog: 2 drafts waiting in staging (see `mage drafts`)."
    prefix, _, rest = _skill_trigger().partition("N drafts")
    assert lines[1].startswith(prefix) and rest in lines[1]
    status = json.loads(run_mage("status", "--json", "--kb", kb.root).stdout)
    assert status["drafts"] == 2  # the same count `mage status` gives


def test_no_backlog_line_when_nothing_waits(kb):
    assert run_mage("stage", "--title", "One draft", "--body", "Body.", "--kb", kb.root).returncode == 0
    assert "Grooming backlog: 1 draft waiting in staging" in start(kb)
    (draft,) = kb.staging_dir.glob("*.md")
    assert run_mage("groom", "--reject", draft.stem, "--kb", kb.root).returncode == 0
    assert "Grooming backlog" not in start(kb)


def test_a_compact_start_says_the_backlog_once(kb):
    assert run_mage("stage", "--title", "One draft", "--body", "Body.", "--kb", kb.root).returncode == 0
    text = start(kb, source="compact")  # the boundary nudge carries it after a compaction
    assert text.count("Grooming backlog: 1 draft waiting in staging") == 1


def test_counting_the_backlog_loads_nothing_a_session_start_avoids(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_mage("index", cwd=kb.root)
    assert run_mage("stage", "--title", "One draft", "--body", "Body.", "--kb", kb.root).returncode == 0
    start(kb)
    done = subprocess.run([MAGE_HOOK.replace("mage-hook", "python"), "-X", "importtime", MAGE_HOOK, "SessionStart"],
                          input=json.dumps(start_payload(kb)).encode(), capture_output=True, timeout=20)
    modules = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.decode().splitlines()
               if line.startswith("import time:")}
    assert "Grooming backlog: 1 draft waiting in staging" in done.stdout.decode()
    assert not modules & {"yaml", "tantivy", "re", "json", "pathlib"}, modules & {"yaml", "tantivy", "re", "json"}
