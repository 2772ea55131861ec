"""Bad input gets one clear line on stderr and exit 1, never a traceback."""

import pytest

from helpers.process import run_mage


def assert_one_line_error(result, *fragments):
    assert result.returncode == 1, result
    assert result.stderr.startswith("mage: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    for fragment in fragments:
        assert fragment in result.stderr


@pytest.mark.parametrize("args", [["groom", "--accept", "no-such-draft"], ["groom", "--reject", "nope"],
                                  ["groom", "--merge", "nope", "--into", "nothing"]])
def test_a_draft_id_that_does_not_exist(kb, args):
    assert_one_line_error(run_mage(*args, cwd=kb.root), "no draft", "mage drafts")


def test_a_note_id_that_does_not_exist(kb):
    assert_one_line_error(run_mage("show", "missing-note", cwd=kb.root), "no note 'missing-note'", "mage notes")


def test_a_path_like_id_is_just_not_found(kb):
    assert_one_line_error(run_mage("show", "../../etc/passwd", cwd=kb.root), "no note")


def test_an_unreadable_note(kb):
    (kb.notes_dir / "broken.md").write_text("---\nid: broken\ntitle: [unclosed\n---\nbody\n")
    assert_one_line_error(run_mage("show", "broken", cwd=kb.root), "broken.md:", "malformed frontmatter")


def test_merge_into_a_missing_note_keeps_the_draft(kb):
    run_mage("stage", "--title", "A draft", "--body", "Its body.", cwd=kb.root)
    assert_one_line_error(run_mage("groom", "--merge", "a-draft", "--into", "ghost", cwd=kb.root), "no note 'ghost'")
    assert kb.draft_path("a-draft").exists()


def test_usage_errors_exit_2(kb):
    result = run_mage("groom", "--accept", "--reject", "x", cwd=kb.root)
    assert result.returncode == 2 and "choose one action" in result.stderr
    assert run_mage("stage", cwd=kb.root).returncode == 2  # --title is required


def test_a_body_that_is_missing(kb):
    result = run_mage("stage", "--title", "No body", cwd=kb.root, input="")
    assert_one_line_error(result, "no body")


def test_accept_all_with_nothing_staged(kb):
    assert_one_line_error(run_mage("groom", "--accept-all", cwd=kb.root), "no drafts in staging")


def test_kb_naming_a_missing_folder_or_a_file_says_which(kb, tmp_path):
    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    assert_one_line_error(run_mage("status", "--kb", tmp_path / "nope", cwd=kb.root),
                          f"--kb names {tmp_path / 'nope'}, which does not exist")
    assert_one_line_error(run_mage("status", "--kb", afile, cwd=kb.root), "which is a file, not a folder")
    from_env = run_mage("status", cwd=tmp_path, env={"MAGE_KB": str(tmp_path / "nope")})
    assert_one_line_error(from_env, "MAGE_KB names", "(or unset it)")


def test_show_takes_the_path_recall_prints_and_recall_reads_stdin(kb):
    from helpers.recall import write_note

    write_note(kb, "vite-env-prefix", "Vite only exposes env vars prefixed with VITE_", "import.meta.env skips others.")
    shown = run_mage("show", "mage/notes/vite-env-prefix.md", cwd=kb.root)
    assert shown.returncode == 0 and "id: vite-env-prefix" in shown.stdout
    found = run_mage("recall", "-", "--json", cwd=kb.root, input="vite env vars undefined\n")
    assert found.returncode == 0 and "vite-env-prefix" in found.stdout
    empty = run_mage("recall", "", cwd=kb.root)
    assert empty.returncode == 2 and "give words to search for" in empty.stderr


def test_show_prints_the_file_as_written_and_json_has_every_field(kb):
    path = kb.notes_dir / "plain.md"
    text = "---\nid: plain\ntitle: A plain note\nkind: lesson\ncreated: 2026-11-02\n---\nJust this.\n"
    path.write_text(text)
    shown = run_mage("show", "plain", cwd=kb.root)
    assert shown.returncode == 0 and shown.stdout == text  # no origin or signatures the file does not say
    import json

    row = json.loads(run_mage("show", "plain", "--json", cwd=kb.root).stdout)
    assert row["created"] == "2026-11-02" and row["origin"] == "lesson" and row["body"].strip() == "Just this."


def test_recall_and_why_say_a_note_could_not_be_read(kb):
    (kb.notes_dir / "broken.md").write_text("---\nid: broken\ntitle: [unclosed\nkind: lesson\n---\nbody\n")
    for args in (("recall", "unclosed"), ("recall", "--json", "unclosed"), ("hints", "--why", "unclosed title")):
        done = run_mage(*args, cwd=kb.root)
        assert done.returncode == 0 and "1 note file(s) could not be read" in done.stderr and "broken.md:3" in done.stderr
        assert "could not be read" not in done.stdout


def test_a_kb_that_is_a_symlink_loop_and_an_oversized_stdin_query_are_one_line_errors(kb, tmp_path):
    (tmp_path / "loopA").symlink_to(tmp_path / "loopB")
    (tmp_path / "loopB").symlink_to(tmp_path / "loopA")
    assert_one_line_error(run_mage("status", "--kb", tmp_path / "loopA", cwd=kb.root), "cannot be followed")
    assert_one_line_error(run_mage("recall", "-", cwd=kb.root, input="a" * 1_100_000), "more than 1 MB of query")


def test_show_says_each_warning_once(kb):
    (kb.notes_dir / "fruit.md").write_text("---\nid: fruit\ntitle: Fruit\nkind: banana\n---\nBody.\n")
    done = run_mage("show", "fruit", cwd=kb.root)
    assert done.returncode == 0 and done.stderr.count("unknown kind 'banana'") == 1


def test_kb_naming_the_mage_folder_of_a_kb_points_at_the_kb(kb):
    """`--kb proj/mage` is the natural slip; the advice was to run `mage init` inside it."""
    for folder in (kb.root / "mage", kb.root / "mage" / "notes"):
        done = run_mage("status", "--kb", folder, cwd="/")
        assert_one_line_error(done, f"is a folder of the knowledge base at {kb.root}, not a knowledge base")
        assert f"point --kb at {kb.root}" in done.stderr and "mage init" not in done.stderr
