"""Usage metrics (docs/recall.md#usage-metrics): hinted, recalled, opened, accepted, per note and per chapter."""

import json
import multiprocessing

from helpers.process import run_mage
from helpers.hook import run_hook
from helpers.recall import eval_kb, prompt_payload, start_payload
from mage_engine.kb.notes import Note
from mage_engine.usage import events, metrics, ranking
from mage_engine.usage.events import record_usage
from mage_engine.usage.metrics import load_metrics
from mage_engine.usage.ranking import rank_notes, usage_chapters


def read_payload(kb, path: str, session: str = "s1", **extra) -> dict:
    """A PostToolUse payload for a Read, shaped like Claude Code 2.1.328's."""
    return {"session_id": session, "transcript_path": f"/tmp/{session}.jsonl", "cwd": str(kb.root),
            "hook_event_name": "PostToolUse", "tool_name": "Read", "tool_input": {"file_path": path},
            "tool_response": {"type": "text", "file": {"filePath": path, "content": "x"}},
            "tool_use_id": "toolu_1", **extra}


def test_a_read_of_a_note_file_in_the_trail_counts_as_opened_in_its_chapter(kb):
    run_hook("SessionStart", start_payload(kb, "s1"))
    run_hook("PostToolUse", read_payload(kb, str(kb.root / "mage" / "notes" / "pr-size-limit.md")))
    run_hook("PostToolUse", read_payload(kb, str(kb.root / "README.md")))
    run_hook("PostToolUse", read_payload(kb, str(kb.root / "mage/notes/pr-size-limit.md"), agent_id="a1",
                                         agent_type="Explore"))  # a subagent's read is not the user's work
    usage = load_metrics(kb)
    assert set(usage) == {"pr-size-limit"}
    assert usage["pr-size-limit"]["opened"] == 1
    assert usage["pr-size-limit"]["chapters"]["opened"] == ["s1:1"]
    assert load_metrics(kb)["pr-size-limit"]["opened"] == 1  # folding again counts nothing twice


def test_a_snapshot_from_before_the_trail_reader_goes_on_where_it_stopped(kb):
    """Earlier versions kept trail offsets by inode: a read already counted is not counted again."""
    note = str(kb.root / "mage" / "notes" / "pr-size-limit.md")
    run_hook("SessionStart", start_payload(kb, "s1"))
    run_hook("PostToolUse", read_payload(kb, note))
    assert load_metrics(kb)["pr-size-limit"]["opened"] == 1
    snapshot = json.loads(kb.metrics_path.read_text())
    trail = kb.learnings_dir / "s1.jsonl"
    snapshot["trail"] = {str(trail.stat().st_ino): trail.stat().st_size}  # the old shape, at the same place
    kb.metrics_path.write_text(json.dumps(snapshot))
    run_hook("PostToolUse", read_payload(kb, note, tool_use_id="toolu_2"))
    assert load_metrics(kb)["pr-size-limit"]["opened"] == 2  # the new read only
    assert all(":" in key for key in json.loads(kb.metrics_path.read_text())["trail"])  # saved in the new shape


def test_recall_and_show_are_recorded_with_the_agents_session(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_mage("index", cwd=kb.root)
    env = {"CLAUDE_CODE_SESSION_ID": "s9"}
    run_mage("recall", "terraform", "state", "lock", "dynamodb", "force-unlock", cwd=kb.root, env=env)
    run_mage("show", "quotes-p95-goal", cwd=kb.root, env=env)
    usage = load_metrics(kb)
    assert usage["tf-state-lock-force-unlock"]["recalled"] == 1
    assert usage["quotes-p95-goal"]["opened"] == 1
    assert usage["tf-state-lock-force-unlock"]["chapters"]["recalled"] == []  # no capture state for s9: no chapter


def test_usage_chapters_give_graduation_evidence(kb):
    record_usage(kb, "hinted", ["a"], "s1", 1)
    record_usage(kb, "opened", ["a"], "s1", 1)
    record_usage(kb, "hinted", ["a"], "s1", 2)
    record_usage(kb, "recalled", ["a", "b"], "s2", 1)
    record_usage(kb, "accepted", ["b"])
    chapters = usage_chapters(kb)
    assert chapters["a"] == {"s1:1": ["hinted", "opened", "hinted_read"], "s1:2": ["hinted"], "s2:1": ["recalled"]}
    assert chapters["b"] == {"s2:1": ["recalled"]}
    assert ranking.used_chapters(load_metrics(kb)["a"]) == {"s1:1", "s2:1"}
    assert load_metrics(kb)["b"]["accepted"] == 1


def test_memory_ranking_puts_used_notes_first_then_the_most_recent(kb):
    notes = [Note(id="old-used", title="t", updated="2025-01-01"), Note(id="new", title="t", updated="2026-11-01"),
             Note(id="newer", title="t", updated="2026-11-20"), Note(id="much-used", title="t", updated="2024-01-01")]
    record_usage(kb, "recalled", ["old-used"])
    record_usage(kb, "opened", ["much-used"])
    record_usage(kb, "recalled", ["much-used"])
    assert [n.id for n in rank_notes(kb, notes)] == ["much-used", "old-used", "newer", "new"]
    key = ranking.rank_key(kb)
    assert sorted(notes, key=key) == rank_notes(kb, notes)


def test_a_hint_counts_less_than_a_recall(kb):
    notes = [Note(id="hinted-thrice", title="t"), Note(id="recalled-once", title="t")]
    for _ in range(3):
        record_usage(kb, "hinted", ["hinted-thrice"])
    record_usage(kb, "recalled", ["recalled-once"])
    assert [n.id for n in rank_notes(kb, notes)] == ["recalled-once", "hinted-thrice"]


def _record_many(root, worker):
    from mage_engine.kb.layout import KB

    for n in range(200):
        record_usage(KB(root), "hinted", [f"note-{worker}", "shared"], f"s{worker}", n)


def test_concurrent_hooks_lose_no_usage_event(kb):
    workers = [multiprocessing.Process(target=_record_many, args=(kb.root, w)) for w in range(4)]
    for process in workers:
        process.start()
    load_metrics(kb)  # a fold racing the writers must not lose or double anything either
    for process in workers:
        process.join()
    usage = load_metrics(kb)
    assert usage["shared"]["hinted"] == 800
    assert all(usage[f"note-{w}"]["hinted"] == 200 for w in range(4))


def test_a_large_events_file_is_rotated_after_folding(kb, monkeypatch):
    monkeypatch.setattr(metrics, "ROTATE_BYTES", 2000)
    for n in range(40):
        record_usage(kb, "recalled", ["x"], "s", n)
    assert load_metrics(kb)["x"]["recalled"] == 40
    assert events.events_path(kb).exists() is False or events.events_path(kb).stat().st_size == 0
    record_usage(kb, "recalled", ["x"])
    assert load_metrics(kb)["x"]["recalled"] == 41


def test_a_torn_or_foreign_line_is_skipped(kb):
    record_usage(kb, "hinted", ["a"])
    with open(events.events_path(kb), "a") as handle:
        handle.write("not json\n{\"event\": \"exploded\", \"ids\": [\"a\"]}\n{\"event\": \"hinted\", \"ids\": [\"a\"]")
    assert load_metrics(kb)["a"]["hinted"] == 1
    with open(events.events_path(kb), "a") as handle:
        handle.write("}\n")  # the writer finishes its line: now it counts
    assert load_metrics(kb)["a"]["hinted"] == 2


def test_the_snapshot_is_plain_json_in_dot_mage(kb):
    record_usage(kb, "hinted", ["a"], "s1", 3)
    load_metrics(kb)
    snapshot = json.loads(kb.metrics_path.read_text())
    assert snapshot["notes"]["a"]["chapters"]["hinted"] == ["s1:3"]


def test_hook_hints_feed_the_metrics(tmp_path):
    kb = eval_kb(tmp_path / "project")
    run_hook("UserPromptSubmit", prompt_payload(kb, "go: -race requires cgo; enable cgo by setting CGO_ENABLED=1"))
    assert load_metrics(kb)["go-race-needs-cgo"]["hinted"] == 1


def test_notes_without_dates_rank_after_dated_ones(kb):
    notes = [Note(id="undated", title="t"), Note(id="dated", title="t", created="2020-01-01")]
    assert [n.id for n in rank_notes(kb, notes)] == ["dated", "undated"]


def test_doctors_probe_sessions_are_never_counted(kb):
    record_usage(kb, "hinted", ["a"], "user", 1)
    load_metrics(kb)
    record_usage(kb, "hinted", ["a"], "mage-doctor-1", 1)
    record_usage(kb, "hinted", ["a"], "user", 2)
    assert load_metrics(kb)["a"]["hinted"] == 2
