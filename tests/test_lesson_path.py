"""The lesson path end to end, from the CLI, in a real git repository."""

import json

from helpers.process import git, run_mage

SECRET = "ghp_Zx8kQ2mN4pR6tV8wY0aB2cD4eF6gH8iJ0kL2"


def mage_json(kb, *args, **kw):
    result = run_mage(*args, "--json", cwd=kb.root, **kw)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_whole_lesson_path(git_kb):
    kb = git_kb
    head_before = git(kb.root, "rev-parse", "HEAD")

    # stage, with a secret in the body: gone from disk
    staged = mage_json(kb, "stage", "--title", "Run pytest only after an editable install", "--kind", "procedure",
                       "--tags", "pytest,packaging", "--category", "tools",
                       "--body", f"Imports fail under pytest unless `pip install -e .` ran first.\n\n"
                                 f"The CI token was {SECRET} (rotated).")
    assert staged["status"] == "staged"
    draft_id = staged["id"]
    assert SECRET not in _all_text(kb.root)
    assert "[REDACTED:" in kb.draft_path(draft_id).read_text()

    listed = mage_json(kb, "drafts")["drafts"]
    assert [(d["id"], d["kind"], d["source"]) for d in listed] == [(draft_id, "procedure", "lesson")]

    # accept: note + INDEX.md + MEMORY.md, nothing committed, git command printed
    accepted = run_mage("groom", "--accept", draft_id, cwd=kb.root)
    assert accepted.returncode == 0, accepted.stderr
    note_path = kb.note_path(draft_id)
    assert note_path.is_file() and not kb.draft_path(draft_id).exists()
    assert f"notes/{draft_id}.md" in kb.index_md.read_text()
    assert f"notes/{draft_id}.md" in kb.memory_md.read_text()
    assert f"git add mage/notes/{draft_id}.md mage/INDEX.md mage/MEMORY.md && git commit -m" in accepted.stdout
    assert git(kb.root, "rev-parse", "HEAD") == head_before
    assert "mage/" in git(kb.root, "status", "--porcelain")

    # the same text again: refused as a duplicate of the note
    again = mage_json(kb, "stage", "--title", "Run pytest only after an editable install", "--kind", "procedure",
                      "--body", f"Imports fail under pytest unless `pip install -e .` ran first.\n\n"
                                f"The CI token was {SECRET} (rotated).")
    assert again["status"] == "duplicate" and again["matched"] == {"kind": "note", "id": draft_id}

    # stage another, reject it, stage it again: refused as rejected
    other = mage_json(kb, "stage", "--title", "Tabs are better than spaces", "--body", "An opinion, not a lesson.")
    rejected = run_mage("groom", "--reject", other["id"], "--reason", "opinion", cwd=kb.root)
    assert rejected.returncode == 0, rejected.stderr
    ledger = [json.loads(l) for l in kb.rejected_path.read_text().splitlines()]
    assert ledger[0]["reason"] == "opinion" and ledger[0]["id"] == other["id"]
    refused = mage_json(kb, "stage", "--title", "Tabs are better than spaces", "--body", "An opinion, not a lesson.")
    assert refused["status"] == "rejected" and refused["matched"]["kind"] == "rejected"
    plain = run_mage("stage", "--title", "Tabs are better than spaces", "--body", "An opinion, not a lesson.",
                     cwd=kb.root)
    assert plain.returncode == 0 and "not staged: rejected" in plain.stdout and "opinion" in plain.stdout

    # merge a third into the existing note: same id, updated bumped, text folded in
    note_before = note_path.read_text().replace("updated: ", "updated-old: ")
    third = mage_json(kb, "stage", "--title", "Editable install before pytest, also in CI",
                      "--body", "In CI too: the workflow must run `pip install -e .[test]` before pytest.")
    assert third["nearest"]["id"] == draft_id
    merged = run_mage("groom", "--merge", third["id"], "--into", draft_id, cwd=kb.root)
    assert merged.returncode == 0, merged.stderr
    text = note_path.read_text()
    assert f"id: {draft_id}" in text and "pip install -e .[test]" in text
    assert "Imports fail under pytest" in text and text != note_before
    assert not kb.draft_path(third["id"]).exists()
    assert git(kb.root, "rev-parse", "HEAD") == head_before


def test_stage_reads_the_body_from_stdin_and_a_file(kb, tmp_path):
    from_stdin = run_mage("stage", "--title", "From stdin", cwd=kb.root, input="Body piped in.\n")
    assert from_stdin.returncode == 0 and from_stdin.stdout.startswith("staged from-stdin")
    body = tmp_path / "body.md"
    body.write_text("Body from a file.\n")
    from_file = run_mage("stage", "--title", "From file", "--body-file", body, cwd=kb.root)
    assert from_file.returncode == 0 and "Body from a file." in kb.draft_path("from-file").read_text()


def test_a_long_draft_is_warned_about_not_refused(kb):
    result = run_mage("stage", "--title", "Long", "--body", "word " * 400, cwd=kb.root)
    assert result.returncode == 0 and "staged long" in result.stdout
    assert "one topic per note" in result.stderr


def test_a_draft_that_repeats_a_draft_says_which(kb):
    first = run_mage("stage", "--title", "Same", "--body", "Same  body.", cwd=kb.root)
    second = run_mage("stage", "--title", "same", "--body", "same body", cwd=kb.root)
    assert first.returncode == second.returncode == 0
    assert "not staged: duplicate of an existing draft 'same'" in second.stdout


def test_accept_all_and_json_output(kb):
    for n in range(3):
        run_mage("stage", "--title", f"Lesson {n}", "--body", f"Body number {n}.", cwd=kb.root)
    result = mage_json(kb, "groom", "--accept-all")
    assert sorted(d["note"] for d in result["done"]) == ["lesson-0", "lesson-1", "lesson-2"]
    assert result["git_command"].startswith("git add mage/notes/lesson-0.md")
    assert mage_json(kb, "drafts")["drafts"] == []
    notes = mage_json(kb, "notes")["notes"]
    assert [n["id"] for n in notes] == ["lesson-0", "lesson-1", "lesson-2"]


def test_show_prints_a_note(kb):
    run_mage("stage", "--title", "Show me", "--body", "The body.", cwd=kb.root)
    run_mage("groom", "--accept", "show-me", cwd=kb.root)
    shown = run_mage("show", "show-me", cwd=kb.root)
    assert shown.returncode == 0 and "title: Show me" in shown.stdout and "The body." in shown.stdout


def _all_text(root) -> str:
    return "".join(p.read_text(errors="replace") for p in root.rglob("*") if p.is_file() and ".git/" not in str(p))
