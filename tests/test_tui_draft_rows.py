"""Staging's rows come from a cache of parsed drafts: the same rows as the engine lists, never stale."""

from mage_engine.grooming.drafts import list_drafts
from mage_tui.draft_rows import cached_rows, draft_rows
from helpers.tui import BASTION, ORDER, UV_CACHE, demo_kb


def test_rows_are_the_engine_listing_and_are_cached_after_the_first_read(tmp_path):
    kb = demo_kb(tmp_path)
    assert cached_rows(kb) is None  # nothing cached yet: the app parses in a worker
    rows, problems = draft_rows(kb)
    assert (rows, problems) == list_drafts(kb)
    assert [row["id"] for row in rows] == ORDER
    assert cached_rows(kb) == (rows, problems)


def test_a_draft_edited_outside_is_parsed_again(tmp_path):
    kb = demo_kb(tmp_path)
    draft_rows(kb)
    path = kb.draft_path(UV_CACHE)
    path.write_text(path.read_text().replace("Add the Python version", "Add the Python minor version"))
    assert cached_rows(kb) is None  # a changed draft means the worker path
    rows, _ = draft_rows(kb)
    assert rows[0]["title"] == "Add the Python minor version to the uv cache key"
    assert draft_rows(kb) == list_drafts(kb)


def test_removed_and_unreadable_drafts_show_as_the_engine_shows_them(tmp_path):
    kb = demo_kb(tmp_path)
    draft_rows(kb)
    kb.draft_path(BASTION).unlink()
    (kb.staging_dir / "broken.md").write_text("---\ntitle: [unclosed\n---\nbody\n")
    rows, problems = draft_rows(kb)
    assert BASTION not in [row["id"] for row in rows]
    assert [(p["id"], p["file"], p["line"]) for p in problems] == [("broken", "broken.md", 2)]
    assert problems[0]["error"].startswith("malformed frontmatter")
    assert (rows, [p["message"] for p in problems]) == list_drafts(kb)
    assert cached_rows(kb) == (rows, problems)  # a problem is remembered too, until the file changes
