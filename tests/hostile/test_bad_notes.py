"""Every bad note is one bad note: reported with its file and line and skipped, never a crash or a hang.
And a note's id is its file name: an `id:` that says otherwise never picks the file a change writes."""

import json
import os
import time

from helpers.process import run_mage
from helpers.hook import run_hook

GOOD = {"pytest-editable": ("Run pytest only after an editable install",
                            "Imports fail under pytest unless pip install -e . ran first."),
        "cache-lockfile": ("Cache keys need the lockfile hash", "A cache keyed on the branch restores stale wheels.")}
def _bomb() -> str:
    """A ~400-byte "billion laughs": nine levels of nine aliases, 9**9 strings once expanded."""
    lines, previous = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'], "a"
    for name in "bcdefgh":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return "---\ntitle: bomb\n" + "\n".join(lines) + "\ntags: [" + ",".join(["*h"] * 9) + "]\n---\nx\n"


BOMB = _bomb()


def note_text(title, body, **extra) -> str:
    lines = [f"title: {title}"] + [f"{key}: {value}" for key, value in extra.items()]
    return "---\n" + "\n".join(lines) + "\n---\n" + body + "\n"


def with_good_notes(kb):
    for note_id, (title, body) in GOOD.items():
        (kb.notes_dir / f"{note_id}.md").write_text(note_text(title, body))
    return kb


def commands_on(kb, timeout=30):
    """The commands the issue saw fail or hang, each a real process with a deadline."""
    run_mage("stage", "--title", "A draft to accept", "--body", "Accepted beside a bad note.", cwd=kb.root)
    return {name: run_mage(*args, cwd=kb.root, timeout=timeout) for name, args in (
        ("index", ["index"]), ("notes", ["notes"]), ("recall", ["recall", "pytest", "editable"]),
        ("stage", ["stage", "--title", "Another lesson", "--body", "Staged beside a bad note."]),
        ("accept-all", ["groom", "--accept-all"]))}


BAD = {"bomb.md": (BOMB, "bomb.md:4: malformed frontmatter (aliases (*name) are not allowed"),
       "bad-date.md": (note_text("bad date", "x", created="2026-13-45"),
                       "bad-date.md:3: malformed frontmatter ('2026-13-45' is not a valid date"),
       "broken-yaml.md": ("---\ntitle: [unclosed\n---\nx\n", "broken-yaml.md:2: malformed frontmatter"),
       "gone.md": (None, "gone.md:1: refused: a symbolic link")}


def test_each_bad_note_is_reported_with_file_and_line_and_the_rest_works(kb):
    with_good_notes(kb)
    for name, (text, _) in BAD.items():
        if text is None:
            (kb.notes_dir / name).symlink_to(kb.root / "nowhere.md")  # a dangling link
        else:
            (kb.notes_dir / name).write_text(text)
    runs = commands_on(kb)
    for command, done in runs.items():
        assert done.returncode == 0 and "internal error" not in done.stderr, (command, done.stderr)
    for _, where in BAD.values():
        assert where in runs["index"].stderr and where in runs["notes"].stderr, where
    assert "pytest-editable" in runs["recall"].stdout and "indexed 2 notes" in runs["index"].stdout
    assert "accept a-draft-to-accept" in runs["accept-all"].stdout


def test_the_app_lists_notes_and_drafts_beside_an_alias_bomb(kb):
    from mage_tui.service import make_service

    with_good_notes(kb)
    (kb.notes_dir / "bomb.md").write_text(BOMB)
    (kb.staging_dir / "bomb-draft.md").write_text(BOMB)
    service = make_service(kb, actor="person")
    started = time.monotonic()
    notes, (rows, problems) = service.notes(), service.drafts()
    assert time.monotonic() - started < 5
    assert sorted(n.id for n in notes) == sorted(GOOD) and rows == []
    (problem,) = problems  # the broken draft is listed where YAML noticed, not dropped
    assert (problem["file"], problem["line"]) == ("bomb-draft.md", 4)
    assert problem["error"].startswith("malformed frontmatter (aliases")


def test_a_bad_date_does_not_silence_hints_for_the_whole_kb(kb):
    with_good_notes(kb)
    (kb.notes_dir / "bad-date.md").write_text(note_text("bad date", "x", created="2026-13-45"))
    assert run_mage("index", cwd=kb.root).returncode == 0
    done = run_hook("UserPromptSubmit", {"session_id": "s", "cwd": str(kb.root),
                                         "prompt": "why does pytest fail after an editable install of the package"})
    assert done.returncode == 0
    assert "pytest-editable" in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]


def test_a_50_mb_note_does_not_stall_the_hint_hook(kb):
    with_good_notes(kb)
    assert run_mage("index", cwd=kb.root).returncode == 0
    with open(kb.notes_dir / "huge.md", "w") as handle:
        handle.write("---\ntitle: A huge note\n---\n")
        handle.write("pytest editable install words " * 1_700_000)  # ~50 MB
    started = time.monotonic()
    done = run_hook("UserPromptSubmit", {"session_id": "s", "cwd": str(kb.root),
                                         "prompt": "why does pytest fail after an editable install of the package"},
                    timeout=20)
    elapsed = time.monotonic() - started
    assert done.returncode == 0 and elapsed < 3, elapsed  # the host gives a hook 10 s; it used to take 7
    assert "pytest-editable" in done.stdout
    index = run_mage("index", cwd=kb.root)
    assert "huge.md:1: refused: huge.md is 51,000,0" in index.stderr


def test_a_note_whose_id_differs_from_its_file_name_never_overwrites_another(kb):
    (kb.notes_dir / "a.md").write_text(note_text("Note a", "Body of a.", id="b"))
    (kb.notes_dir / "b.md").write_text(note_text("Note b", "Body of b."))
    b_before = (kb.notes_dir / "b.md").read_bytes()
    assert run_mage("stage", "--title", "Merge me", "--body", "More for a.", cwd=kb.root).returncode == 0
    merged = run_mage("groom", "--merge", "merge-me", "--into", "a", cwd=kb.root)
    assert merged.returncode == 0, merged.stderr
    assert (kb.notes_dir / "b.md").read_bytes() == b_before
    assert "More for a." in (kb.notes_dir / "a.md").read_text()


def test_a_mismatching_id_is_reported_and_show_finds_the_note_by_either_name(kb):
    (kb.notes_dir / "real-name.md").write_text(note_text("The real note", "Found either way.", id="declared-name"))
    listed = run_mage("notes", cwd=kb.root)
    assert "real-name  lesson/lessons  The real note" in listed.stdout
    assert "id 'declared-name' differs from the file name; the note's id is 'real-name'" in listed.stderr
    for name in ("real-name", "declared-name"):
        shown = run_mage("show", name, cwd=kb.root)
        assert shown.returncode == 0 and "Found either way." in shown.stdout, (name, shown.stderr)


def test_a_draft_edited_to_another_drafts_id_cannot_delete_that_draft(kb):
    for title in ("Draft x", "Draft y"):
        assert run_mage("stage", "--title", title, "--body", f"Body of {title}.", cwd=kb.root).returncode == 0
    x = kb.staging_dir / "draft-x.md"
    x.write_text(x.read_text().replace("id: draft-x", "id: draft-y"))
    accepted = run_mage("groom", "--accept", "draft-x", cwd=kb.root)
    assert accepted.returncode == 0, accepted.stderr
    assert (kb.staging_dir / "draft-y.md").is_file() and not x.exists()
    assert (kb.notes_dir / "draft-x.md").is_file()


def test_case_only_duplicate_ids_are_one_id(kb):
    (kb.notes_dir / "casey.md").write_text(note_text("Casey's real note", "The one INDEX.md links."))
    (kb.notes_dir / "Casey.md").write_text(note_text("Casey's twin", "Claims the same id.", id="casey"))
    (kb.staging_dir / "casey.md").write_text(note_text("Casey", "A third Casey, staged by hand."))
    accepted = run_mage("groom", "--accept", "casey", cwd=kb.root)
    assert accepted.returncode == 0 and "-> mage/notes/casey-2.md" in accepted.stdout, accepted.stderr
    index = (kb.mage_dir / "INDEX.md").read_text()
    assert index.count("(notes/casey.md)") == 1 and "Casey.md" not in index
    assert sorted(os.listdir(kb.notes_dir)) == ["Casey.md", "casey-2.md", "casey.md"]
    assert "Casey.md:1: file name 'Casey' is not a safe id" in run_mage("notes", cwd=kb.root).stderr


def test_status_and_doctor_count_the_same_readable_notes(kb):
    with_good_notes(kb)
    (kb.notes_dir / "broken.md").write_text("---\ntitle: [unclosed\n---\nx\n")
    status = json.loads(run_mage("status", "--json", cwd=kb.root).stdout)
    doctor = json.loads(run_mage("doctor", "--json", cwd=kb.root).stdout)
    check = next(c for c in doctor["checks"] if c["name"] == "kb")
    assert (status["notes"], status["unreadable_notes"]) == (2, 1)
    assert ": 2 notes, 0 skills; 1 unreadable" in check["detail"]
    assert "notes 2 (1 unreadable: see `mage doctor`)" in run_mage("status", cwd=kb.root).stdout


def test_a_draft_whose_nearest_is_not_a_note_reference_is_listed_without_one(tmp_path):
    """`nearest: foo` in a hand-edited or planted draft made `mage drafts` an internal error."""
    from helpers.process import run_mage

    root = tmp_path / "project"
    root.mkdir()
    assert run_mage("init", cwd=root).returncode == 0
    assert run_mage("stage", "--title", "Rollback needs the script", "--body",
                    "Roll back with the script before the window closes.", cwd=root).returncode == 0
    draft = next((root / ".mage" / "staging").glob("*.md"))
    for nearest in ("foo", "[1, 2]", "{id: 7}"):
        text = draft.read_text(encoding="utf-8")
        text = text.split("  nearest:")[0].rstrip("\n") if "  nearest:" in text else text
        head, _, body = text.partition("\n---\n")
        draft.write_text(f"{head}\n  nearest: {nearest}\n---\n{body}", encoding="utf-8")
        listed = run_mage("drafts", cwd=root)
        assert listed.returncode == 0 and "rollback-needs-the-script" in listed.stdout, (nearest, listed.stderr)
        rows = run_mage("drafts", "--json", cwd=root)
        assert rows.returncode == 0, rows.stderr
