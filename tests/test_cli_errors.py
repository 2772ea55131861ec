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
