"""The injection ledger (docs/recall.md#what-mage-injected-the-ledger): what mage put into the agent's context, per session."""

import json

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from helpers.recall import eval_kb, injected, prompt_payload, start_payload
from mage_engine.usage.ledger import record_injection, summarise_ledger


def test_the_summary_folds_the_ledger_per_session_newest_first(kb):
    record_injection(kb, "s1", "SessionStart", 900, ["rule-a", "goal-b"])
    record_injection(kb, "s1", "UserPromptSubmit", 300, ["lesson-c"])
    record_injection(kb, "s1", "UserPromptSubmit", 200, ["lesson-c", "rule-a"])
    record_injection(kb, "s2", "SessionStart", 100, [])
    summary = summarise_ledger(kb)
    assert summary["total"] == {"sessions": 2, "injections": 4, "chars": 1500}
    by_session = {row["session"]: row for row in summary["sessions"]}
    s1 = by_session["s1"]
    assert s1["injections"] == 3 and s1["chars"] == 1400
    assert s1["by_event"] == {"SessionStart": {"injections": 1, "chars": 900},
                              "UserPromptSubmit": {"injections": 2, "chars": 500}}
    assert s1["notes"][:2] == ["lesson-c", "rule-a"]  # most often named first
    assert summarise_ledger(kb, limit=1)["sessions"][0]["session"] in ("s1", "s2")


def test_a_torn_line_is_skipped(kb):
    record_injection(kb, "s1", "SessionStart", 10, [])
    with open(kb.ledger_path, "a") as handle:
        handle.write('{"ts": "x", "session": "s1", "chars": ')
    assert summarise_ledger(kb)["total"]["injections"] == 1


def test_real_hooks_fill_the_ledger_that_status_shows(tmp_path):
    kb = eval_kb(tmp_path / "project")
    start = injected(run_hook("SessionStart", start_payload(kb, "s-real")))
    hint = injected(run_hook("UserPromptSubmit", prompt_payload(kb, "go: -race requires cgo; enable cgo by setting "
                                                                    "CGO_ENABLED=1", "s-real")))
    row = summarise_ledger(kb)["sessions"][0]
    assert row["session"] == "s-real" and row["chars"] == len(start) + len(hint)
    assert "go-race-needs-cgo" in row["notes"]
    status = json.loads(run_mage("status", "--json", cwd=kb.root).stdout)
    assert status["injections"]["total"]["injections"] == 2


def test_doctor_probe_sessions_are_not_in_the_ledger(kb):
    from mage_engine.usage.ledger import read_ledger, record_injection

    record_injection(kb, "mage-doctor-42", "UserPromptSubmit", 120, ["a"])
    record_injection(kb, "real-session", "UserPromptSubmit", 80, ["b"])
    assert [e["session"] for e in read_ledger(kb)] == ["real-session"]


def test_a_line_of_the_wrong_shape_is_skipped_everywhere_it_is_read(kb):
    """Someone else's line, or one a crash mangled, must not turn into note ids: `"notes": "oops"` once
    listed the notes o, p and s."""
    record_injection(kb, "s1", "SessionStart", 90, ["rule-a"])
    with open(kb.ledger_path, "a") as handle:
        for line in ('[1, 2, 3]', '{"ts": 12345, "session": null, "event": "SessionStart", "chars": 5, "notes": []}',
                     '{"ts": "2026-12-01T10:00:00Z", "session": "s2", "event": "UserPromptSubmit", "chars": 5, '
                     '"notes": "oops", "decision": null}',
                     '{"ts": "2026-12-01T10:00:01Z", "session": "s2", "event": "Stop", "chars": true, "notes": []}'):
            handle.write(line + "\n")
    status = json.loads(run_mage("status", "--json", cwd=kb.root).stdout)
    assert status["injections"]["total"] == {"sessions": 1, "injections": 1, "chars": 90}
    assert [row["notes"] for row in status["injections"]["sessions"]] == [["rule-a"]]
    assert run_mage("hints", "--json", cwd=kb.root).stdout.strip() == "[]"
    assert run_mage("hints", "--report", cwd=kb.root).returncode == 0


@pytest.mark.parametrize("decision", ['{"candidates":[5]}', '{"candidates":[{"id":"x","reason":"hinted","score":"high"}]}',
                                      '{"candidates":[{"reason":"hinted","score":0.9}]}', '{"shift":"x","candidates":[]}',
                                      '{"candidates":"hinted"}', '{"candidates":[{"id":["a"],"reason":"hinted","score":0.9}]}',
                                      '{"candidates":[{"id":"x","reason":"hinted","score":0.9,"words":[5,"a",[1]]}]}', '[1]'])
def test_a_decision_of_the_wrong_shape_is_skipped_by_every_reader(kb, decision):
    record_injection(kb, "s1", "SessionStart", 90, ["rule-a"])
    with open(kb.ledger_path, "a") as handle:
        handle.write('{"ts":"2026-01-01T00:00:00.000Z","session":"evil","event":"UserPromptSubmit","chars":10,'
                     f'"notes":["x"],"decision":{decision}}}\n')
    for args in (("hints",), ("hints", "--report"), ("hints", "--json"), ("eval",), ("status",)):
        done = run_mage(*args, cwd=kb.root)
        assert done.returncode == 0 and "internal error" not in done.stderr, (args, done.stderr)


def test_a_start_naming_a_hundred_thousand_notes_costs_no_memory_blowup(kb):
    """One crafted start line and 3,000 prompts: the session's context was copied for each prompt."""
    with open(kb.ledger_path, "w") as handle:
        handle.write(json.dumps({"ts": "2026-01-01T00:00:00.000Z", "session": "big", "event": "SessionStart",
                                 "chars": 10, "notes": [f"n{i}" for i in range(100_000)]}) + "\n")
        for j in range(3000):
            handle.write(json.dumps({"ts": f"2026-01-01T00:{j // 60 % 60:02d}:{j % 60:02d}.{j:03d}Z", "session": "big",
                                     "event": "UserPromptSubmit", "chars": 0, "notes": [],
                                     "decision": {"outcome": "below floor", "floor": 0.5, "hinted": [],
                                                  "candidates": []}}) + "\n")
    import resource
    import subprocess
    from helpers.process import BIN

    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))"
    code = f"{limit}\nimport sys; sys.argv = ['mage', 'hints', '--report']\nfrom mage_cli.main import main\nmain()"
    done = subprocess.run([str(BIN / "python"), "-c", code], cwd=kb.root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "MemoryError" not in done.stderr, done.stderr[-300:]


def test_a_planted_id_with_a_newline_cannot_forge_a_line_of_mage_hints(kb):
    """A ledger line whose hinted id and candidate id hold "\\n…": the list printed them as they were,
    and a forged "recall of used notes: 1.000" line appeared in its output."""
    forged = "pytest fails\nrecall of used notes: 1.000 (FORGED)\u2028x"
    with open(kb.ledger_path, "a") as handle:
        handle.write(json.dumps({"ts": "2026-12-01T10:00:00.000Z", "session": "evil\nFORGED", "event": "UserPromptSubmit",
                                 "chars": 10, "notes": [forged], "prompt": "p",
                                 "decision": {"outcome": "hinted", "floor": 0.4, "hinted": [forged],
                                              "candidates": [{"id": forged, "score": 0.9, "reason": "hinted",
                                                              "words": []}]}}) + "\n")
    done = run_mage("hints", "-n", "1", cwd=kb.root)
    assert done.returncode == 0
    assert not any(line.startswith(("recall of used notes", "FORGED")) for line in done.stdout.splitlines()), done.stdout
    assert "\u2028" not in done.stdout and len(done.stdout.splitlines()) == 3, done.stdout
