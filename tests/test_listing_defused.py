"""Listings print titles and ids with direction and control characters defused, as recall and INDEX.md do.

A title holding U+202E (right-to-left override) reverses the rest of the terminal
line, and an escape sequence can rewrite it: a cloned repository's note or a
draft the agent staged must not do either to `mage notes`, `mage drafts`,
`mage show`, the hints listing or the app's rows.
"""

from helpers.process import run_mage

from mage_engine.base.clip import plain, plain_block

RLO, ESC = "\u202e", "\x1b"
TITLE = f"Deploy {RLO}gnp.exe{ESC}[2K hidden"


def assert_defused(text: str):
    assert RLO not in text and ESC not in text and "\u2066" not in text
    assert "Deploy" in text and "hidden" in text


def test_notes_show_and_drafts_print_no_direction_or_escape_characters(kb):
    yaml_title = TITLE.replace(RLO, "\\u202e").replace(ESC, "\\e")  # YAML escapes: the file is plain text
    (kb.notes_dir / "deploy.md").write_text(f"---\nid: deploy\ntitle: \"{yaml_title}\"\nkind: lesson\n---\n"
                                            f"Body line {RLO}two\n\tindented\n", encoding="utf-8")
    notes = run_mage("notes", cwd=kb.root)
    assert notes.returncode == 0, notes.stderr
    assert_defused(notes.stdout)
    shown = run_mage("show", "deploy", cwd=kb.root)
    assert shown.returncode == 0, shown.stderr
    assert_defused(shown.stdout)
    assert "\tindented\n" in shown.stdout, "mage show keeps the note's lines and tabs"
    staged = run_mage("stage", "--title", f"Rollback {RLO}fdp.sh{ESC}]0;owned{ESC}\\ hidden Deploy",
                      "--body", "Roll back with the script before the deploy window closes.", cwd=kb.root)
    assert staged.returncode == 0, staged.stderr
    drafts = run_mage("drafts", cwd=kb.root)
    assert drafts.returncode == 0, drafts.stderr
    assert_defused(drafts.stdout)


def test_the_shared_function_keeps_ordinary_text_and_one_line():
    assert plain("Déploiement 日本 — ok") == "Déploiement 日本 — ok"
    assert plain(f"a\nb\r{RLO}c\u200bd\u2067e") == "a b cde"
    assert plain_block(f"a\n\tb{RLO}\x07c\r\n") == "a\n\tb c \n"


def test_the_apps_rows_and_the_hint_listing_defuse_too():
    from mage_engine.recall.hint.explain import candidate_line
    from mage_tui.app.widgets.list_table import cell

    assert_defused(cell(TITLE).plain)
    assert_defused(candidate_line({"score": 0.5, "id": f"Deploy-{RLO}x{ESC}[2K-hidden", "reason": "hinted"}))


def test_warnings_and_listings_defuse_every_frontmatter_value(kb):
    """A cloned repository's note with an escape sequence in its kind, category and dates: the
    warnings that name those values (`mage notes`, `mage show`, `mage doctor`, `mage status`) and
    the listing's kind/category column print them defused, not as a terminal title or colour."""
    sequence = "\\e]0;owned\\a\\e[31m"  # YAML escapes for ESC and BEL: a window title, then red
    (kb.notes_dir / "evil.md").write_text(
        f"---\nid: evil\ntitle: Deploy hidden\nkind: \"tip{sequence}\"\ncategory: \"x{sequence}\"\n"
        f"created: \"2026{sequence}\"\nupdated: 2026-01-01\n---\nBody.\n", encoding="utf-8")
    for command in (["notes"], ["show", "evil"], ["doctor"], ["status"], ["recall", "deploy hidden"]):
        done = run_mage(*command, cwd=kb.root)
        for stream in (done.stdout, done.stderr):
            assert ESC not in stream and "\a" not in stream, (command, stream)
    warned = run_mage("notes", cwd=kb.root).stderr
    assert "unknown category 'x ]0;owned" in warned and "unknown kind 'tip ]0;owned" in warned, warned
