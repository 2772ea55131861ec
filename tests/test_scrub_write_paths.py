"""Every write path scrubs every field, with a sample of every family (gitleaks' rules and mage's vendor set).

Trail lines (a real `mage-hook` run and the capture code it calls), transcript
folds, drafts (title, body, tags, extra frontmatter), notes made by accept and
merge from drafts someone edited by hand, Gate-0's scrubbed writes, and
`mage redact --check`. A sample leaks when its secret, or a run of 8+ of its
characters holding a digit, reaches what was written.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from helpers.secrets import cases, gitleaks_by_family, leaks
from mage_engine.scrub import scrub

HOOK = str(Path(sys.executable).parent / "mage-hook")


def _samples() -> list:
    """(family, text, secret): for each family, its first example the scrub cleans on its own."""
    samples = []
    for family, items in sorted(gitleaks_by_family().items()):
        item = next((i for i in items if not leaks(i["secret"], scrub(i["text"]))), None)
        if item:
            samples.append((family, item["text"], item["secret"]))
    seen = set()
    for case in cases("vendor_cases.jsonl"):
        if case["kind"] not in seen:
            seen.add(case["kind"])
            samples.append((case["kind"], case["text"], case["secrets"][0]))
    return samples


SAMPLES = _samples()


def _batches(size: int = 25) -> list:
    """The samples' texts in groups, so a few drafts or notes carry every family."""
    texts = [text for _, text, _ in SAMPLES]
    return [texts[at: at + size] for at in range(0, len(texts), size)]


def _leaked(written: str) -> list:
    return [family for family, _, secret in SAMPLES if leaks(secret, written)]


def _all_text(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder.rglob("*")) if p.is_file())


def test_there_is_a_sample_for_every_family():
    assert len({family for family, _, _ in SAMPLES}) > 400


def _hook(kb, event: str, payload: dict, env=None):
    payload = {"session_id": "write-paths", "cwd": str(kb.root), "hook_event_name": event, **payload}
    environ = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_")} | (env or {})
    done = subprocess.run([HOOK, event], input=json.dumps(payload), capture_output=True, text=True, env=environ,
                          cwd=kb.root, timeout=60)
    assert done.returncode == 0 and not kb.errors_log.exists()
    return done


def test_trail_lines_from_real_hook_runs_hold_no_sample(kb):
    batch = []
    for _, text, _ in SAMPLES:
        if sum(map(len, batch)) + len(text) > 1800:
            _hook(kb, "UserPromptSubmit", {"prompt": "\n\n".join(batch)})
            batch = []
        batch.append(text)
    _hook(kb, "UserPromptSubmit", {"prompt": "\n\n".join(batch)})
    assert _leaked(_all_text(kb.learnings_dir)) == []


def test_trail_fields_of_tool_calls_hold_no_sample(kb):
    from mage_engine.capture.event_line import capture_event

    for family, text, _ in SAMPLES:
        capture_event(kb, "PostToolUseFailure", {"session_id": "tools", "tool_name": "Bash", "error": text,
                                                 "tool_input": {"command": text, "file_path": text[:300]}})
    assert _leaked(_all_text(kb.learnings_dir)) == []


def test_transcript_folds_hold_no_sample(kb):
    transcript = kb.root / "session.jsonl"
    lines = []
    for index, (_, text, _) in enumerate(SAMPLES):
        lines.append({"type": "user", "uuid": f"u{index}", "message": {"role": "user", "content": text}})
        lines.append({"type": "assistant", "uuid": f"a{index}",
                      "message": {"id": f"m{index}", "role": "assistant", "content": [{"type": "text", "text": text}]}})
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    _hook(kb, "Stop", {"transcript_path": str(transcript), "last_assistant_message": "done"},
          env={"MAGE_CAPTURE_MIN_CHARS": "1"})
    written = _all_text(kb.learnings_dir)
    assert written.count("[REDACTED:") > 300  # the turns were folded, and scrubbed
    assert _leaked(written) == []


def test_drafts_hold_no_sample_in_title_body_tags_or_extra_fields(kb):
    from mage_engine.grooming.stage import stage_draft

    for index, texts in enumerate(_batches()):
        stage_draft(kb, f"lesson {index}: " + " | ".join(texts), "What happened:\n\n" + "\n\n".join(texts),
                    tags=[*texts, "ops"], extra={"source_url": texts[0], "seen": texts})
    assert _leaked(_all_text(kb.staging_dir)) == []


def _hand_edited_draft(kb, draft_id: str, texts: list) -> None:
    """A draft file as an agent or a person may leave it: secrets typed straight into every field."""
    quoted = [json.dumps(text) for text in texts]  # YAML double-quoted scalars
    tags = "".join(f"- {line}\n" for line in quoted)
    kb.draft_path(draft_id).write_text(
        f"---\nid: {draft_id}\ntitle: {quoted[0]}\nkind: lesson\ncategory: lessons\ntags:\n{tags}"
        f"created: 2026-11-01\nupdated: 2026-11-01\norigin: lesson\nticket: {quoted[-1]}\n"
        f"draft:\n  source: lesson\n  staged: '2026-11-01T00:00:00Z'\n---\n" + "\n\n".join(texts) + "\n",
        encoding="utf-8")


def test_accept_scrubs_a_hand_edited_draft_again(kb):
    from mage_engine.grooming.groom import accept

    ids = []
    for index, texts in enumerate(_batches()):
        ids.append(f"edited-{index}")
        _hand_edited_draft(kb, ids[-1], texts)
        _hand_edited_draft(kb, f"titled-{index}", texts[::-1])  # another sample as its title
        ids.append(f"titled-{index}")
    accept(kb, ids, actor="person")
    written = _all_text(kb.mage_dir)
    assert len(list(kb.notes_dir.glob("*.md"))) == len(ids)
    assert _leaked(written) == []


def test_merge_scrubs_the_draft_folded_into_a_note(kb):
    from mage_engine.grooming.groom import merge
    from mage_engine.grooming.stage import stage_draft
    from mage_engine.grooming.groom import accept

    accept(kb, [stage_draft(kb, "Deploy runbook", "Deploy with the release script.").id], actor="person")
    for index, texts in enumerate(_batches(50)):
        _hand_edited_draft(kb, f"more-{index}", texts)
        merge(kb, f"more-{index}", "deploy-runbook", actor="person")
    assert _leaked(_all_text(kb.mage_dir)) == []


def test_gate0_scrubs_every_sample_it_is_asked_to_write():
    from mage_engine.hosts.claude_code.gate0 import scrubbed_input

    for family, text, secret in SAMPLES:
        out = scrubbed_input("MultiEdit", {"file_path": "mage/x.md", "edits": [{"old_string": "a", "new_string": text}]})
        assert not leaks(secret, json.dumps(out["edits"])), family
        assert not leaks(secret, scrubbed_input("Write", {"file_path": "mage/x.md", "content": text})["content"]), family


def test_redact_check_finds_every_sample_a_person_typed_into_a_note(kb):
    from mage_engine.grooming.redact_check import check_paths

    body = "\n\n".join(text for _, text, _ in SAMPLES)
    path = kb.notes_dir / "typed.md"
    path.write_text(f"---\nid: typed\ntitle: typed\n---\n{body}\n", encoding="utf-8")
    found = {finding.line for finding in check_paths(kb, [str(path)])}
    line = 5
    missed = []
    for family, text, _ in SAMPLES:
        if not found & set(range(line, line + text.count("\n") + 1)):
            missed.append(family)
        line += text.count("\n") + 2
    assert missed == []
