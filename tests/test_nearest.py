"""A draft's nearest note: found for a near-duplicate, absent for an unrelated draft."""

from mage_engine.grooming.nearest import similarity
from mage_engine.grooming.stage import stage_draft
from mage_engine.kb.notes import Note, write_note


def seed(kb):
    notes = [
        Note(id="gha-uv-cache-key", title="Key the uv cache on uv.lock in GitHub Actions",
             body="The CI cache must be keyed on the hash of uv.lock, or stale wheels are restored after "
                  "a dependency bump.", category="tools", tags=["ci", "uv"]),
        Note(id="local-postgres-port", title="Local Postgres listens on 5433",
             body="The compose file maps Postgres to port 5433 so it does not clash with a system install.",
             category="infrastructure"),
    ]
    for note in notes:
        write_note(kb.note_path(note.id), note)


def test_a_near_duplicate_names_its_note(kb):
    seed(kb)
    result = stage_draft(kb, title="Key the GitHub Actions uv cache on the uv.lock hash",
                         body="Stale wheels came back after bumping a dependency: the uv cache key must hash uv.lock.")
    assert result.nearest["id"] == "gha-uv-cache-key" and result.nearest["similarity"] >= 0.4


def test_an_unrelated_draft_has_no_nearest(kb):
    seed(kb)
    result = stage_draft(kb, title="Write commit messages in the imperative mood",
                         body="Say what the commit does when applied: 'Add retry to the client', not 'Added'.")
    assert result.nearest is None


def test_function_words_do_not_make_texts_alike():
    assert similarity("the cat is on the mat with the hat", "the dog is in the house with the car") == 0.0
