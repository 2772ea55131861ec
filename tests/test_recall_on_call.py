"""The on-call's words (docs/recall.md, "The hint score"): a *page* is what wakes the on-call as
well as a web page, so it is a topic word and not everyday software talk, and `ack` is short for
acknowledge. Every team's on-call note is asked about in these words ("got paged at 3am", "what
pages us"), and the blind sets of five teams each had such a prompt its note never heard.
"""

import pytest

from helpers.recall import indexed_kb_of, why


ON_CALL = {
    "oncall-pagerduty": ("On call: PagerDuty pages, acknowledge within 15 minutes",
                         "The primary is paged first; acknowledge a page within 15 minutes or it escalates to the "
                         "secondary. Swap a shift in the rota sheet.\n"),
    "settings-form": ("The settings form saves on blur",
                      "Each field of the settings screen saves when it loses focus; no submit button.\n"),
}


@pytest.fixture(scope="module")
def on_call_kb(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("oncall") / "project", ON_CALL)


def test_being_paged_is_the_on_call_notes_word(on_call_kb):
    """A page is what wakes the on-call, not only a web page; `ack` is short for acknowledge."""
    decision = why(on_call_kb, "got paged at 3am, how long do i have to ack before it goes to someone else")
    assert decision["hinted"] == ["oncall-pagerduty"], decision
    words = {word for word, _, _ in decision["candidates"][0]["words"]}
    assert {"paged", "ack"} <= words


def test_a_web_page_alone_names_no_on_call_note(on_call_kb):
    assert why(on_call_kb, "the settings page takes four seconds to load")["hinted"] == []
