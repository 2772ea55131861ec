"""Step names: one step however it is spelled, never a steer toward a different one."""

from mage_engine.recall.procedure.outcomes import counts_text, edges_of, observed
from mage_engine.terms.step_names import resolve, step_key


def test_case_whitespace_articles_and_plurals_make_one_step():
    assert step_key("Run the Tests") == step_key("  run   tests ") == step_key("run a test") == "run test"
    assert step_key("Deploy to the staging cluster!") == "deploy to staging cluster"
    assert step_key("the") == "" and step_key("---") == ""


def test_a_near_identical_name_resolves_to_the_known_step_and_a_different_one_does_not():
    known = {"deploy to staging", "run test suite", "lint"}
    assert resolve(step_key("deploy to stagng"), known) == "deploy to staging"
    assert resolve(step_key("run the test suites"), known) == "run test suite"
    assert resolve(step_key("list"), known) == "list", "one letter apart in a short word is another step"
    assert resolve(step_key("deploy to production"), known) == "deploy to production"


def trace(session, outcome, *steps, failures=None):
    positions = [{"ts": f"2026-12-01T00:00:0{i}Z", "step": s, "key": s, "failures": []} for i, s in enumerate(steps)]
    for index, failure in (failures or {}).items():
        positions[index]["failures"].append({"command": "make", "error": failure})
    return {"session": session, "positions": positions, "outcome": outcome, "ended": "x" if outcome else ""}


def test_failures_between_two_steps_are_evidence_on_that_transition():
    found = edges_of(trace("a", "succeeded", "build", "test", "deploy", failures={0: "E1"}))
    assert found == [("build", "test", [{"command": "make", "error": "E1"}]), ("test", "deploy", [])]


def test_a_session_counts_once_per_transition_even_when_it_loops():
    table = observed([trace("a", "failed", "test", "fix", "test", "fix", "test"), trace("b", "succeeded", "test", "fix")])
    assert table[("test", "fix")]["failed"] == 1 and table[("test", "fix")]["succeeded"] == 1
    assert counts_text(table[("test", "fix")]) == "[1 ok / 1 failed]"
    assert counts_text(None) == "[no ended session yet]"


def test_a_transition_taught_with_a_typo_names_the_step_the_graph_knows(kb):
    from mage_engine.kb.notes import read_note
    from mage_engine.recall.procedure import sessions
    from mage_engine.grooming.transition_draft import stage_transition

    for step in ("deploy to staging", "verify"):
        sessions.turn(kb, "one", step)
    sessions.end(kb, "one", "succeeded")
    result = stage_transition(kb, "deploy to stagng", "Verify", do="curl /healthz")
    draft = read_note(kb.draft_path(result.id))
    assert draft.extra["from"] == "deploy to staging" and draft.extra["to"] == "Verify"
    assert draft.kind == "transition" and "when" not in draft.extra, "an empty field is left out"


def test_every_index_build_leaves_the_transition_notes_for_the_prompt_hook(kb):
    import os

    from mage_engine.grooming.groom import accept
    from mage_engine.recall.procedure import graph
    from mage_engine.grooming.transition_draft import stage_transition

    graph.build(kb)  # the cache, drawn before the note exists
    accept(kb, [stage_transition(kb, "deploy", "verify", do="curl /healthz").id])
    os.remove(kb.at(".mage/index/manifest.json"))  # the hook must not need the 6 MB manifest of a big KB
    cache = graph.for_hook(kb)
    assert [(t["from_key"], t["to_key"], t["do"]) for t in cache["transitions"]] == [("deploy", "verify", "curl /healthz")]
    assert cache["notes_key"] == graph.notes_key(kb)
