"""Notes as people and their tools write them by hand: the files still mean what their writer meant.

A note checked out by git with `core.autocrlf`, a title YAML would read as a
boolean or a number, a date written in words, the notes folder replaced by a
link: each is read, said or refused where a user sees it (`mage notes`, the
hook, `mage index`, `mage doctor`), never silently dropped or rewritten.
"""

import json
from pathlib import Path

from helpers.hook import run_hook
from helpers.process import run_mage
from helpers.recall import backdate, injected, prompt_payload
from mage_engine.kb.init import init_kb
from mage_engine.kb.notes import parse_note

KESTREL = "---\ntitle: Kestrel deploys need the VPN split tunnel off\nkind: lesson\n---\n" \
          "Artifact uploads time out through the VPN: turn split tunnelling off before `kestrel deploy`.\n"


def project(tmp_path, notes: dict):
    kb = init_kb(tmp_path / "project").kb
    for name, text in notes.items():
        (kb.notes_dir / f"{name}.md").write_bytes(text.encode("utf-8"))
        backdate(kb.notes_dir / f"{name}.md")
    return kb


def test_a_note_with_windows_line_endings_is_read_and_hinted_like_any_other(tmp_path):
    kb = project(tmp_path, {"kestrel-vpn": KESTREL.replace("\n", "\r\n")})
    assert parse_note(KESTREL.replace("\n", "\r\n"), Path("kestrel-vpn.md")).title == "Kestrel deploys need the VPN split tunnel off"
    listed = run_mage("notes", cwd=kb.root)
    assert listed.returncode == 0 and "kestrel-vpn" in listed.stdout and listed.stderr == ""
    assert run_mage("index", cwd=kb.root).returncode == 0
    hint = injected(run_hook("UserPromptSubmit", prompt_payload(kb, "kestrel deploy timing out on artifact upload")))
    assert "- kestrel-vpn: Kestrel deploys need the VPN split tunnel off" in hint


def test_a_title_yaml_reads_as_a_boolean_or_a_number_is_the_text_written():
    for written, title in (("yes", "yes"), ("2024", "2024"), ("'on'", "on"), ("3.10  # the release", "3.10")):
        assert parse_note(f"---\ntitle: {written}\n---\nBody.\n", Path("a-note.md")).title == title


def test_a_date_in_words_is_said_and_sorted_as_undated(tmp_path):
    kb = project(tmp_path, {
        "vague": "---\ntitle: Vague date lesson\ncreated: yesterday\n---\nSomething learned.\n",
        "dated": "---\ntitle: Dated lesson\ncreated: 2026-11-30\n---\nSomething else learned.\n"})
    done = run_mage("index", cwd=kb.root)
    assert "vague.md:3: created 'yesterday' is not a date (write YYYY-MM-DD)" in done.stderr
    memory = (kb.mage_dir / "MEMORY.md").read_text()
    assert memory.index("dated") < memory.index("vague")
    start = injected(run_hook("SessionStart", {"session_id": "s1", "cwd": str(kb.root),
                                               "hook_event_name": "SessionStart", "source": "startup"}))
    assert start.index("Dated lesson") < start.index("Vague date lesson")
    assert "created: yesterday" in (kb.notes_dir / "vague.md").read_text(), "kept as written"


def test_a_notes_folder_that_is_a_link_is_refused_where_the_user_looks(tmp_path):
    kb = project(tmp_path, {"kestrel-vpn": KESTREL})
    assert run_mage("index", cwd=kb.root).returncode == 0
    index_before = (kb.mage_dir / "INDEX.md").read_bytes()
    elsewhere = tmp_path / "elsewhere"
    kb.notes_dir.rename(elsewhere)
    kb.notes_dir.symlink_to(elsewhere)
    for command in (("notes",), ("index",)):
        done = run_mage(*command, cwd=kb.root)
        assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
        assert "mage/notes is a symbolic link" in done.stderr and "make mage/notes a real folder" in done.stderr
    assert (kb.mage_dir / "INDEX.md").read_bytes() == index_before, "a committed file is never rewritten empty"
    doctor = json.loads(run_mage("doctor", "--json", cwd=kb.root).stdout)
    (check,) = [c for c in doctor["checks"] if c["name"] == "kb"]
    assert check["status"] == "fail" and "symbolic link" in check["detail"]
