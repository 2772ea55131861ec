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


def test_the_hooks_graph_names_only_steps_on_an_edge_and_commands_still_know_every_step(kb):
    """The prompt hook parses graph.json on every guided prompt: a procedure note's step that no edge
    touches is left out of it (thousands in a big KB), yet `mage session turn` still resolves a name
    against it."""
    import json

    from mage_engine.grooming.groom import accept
    from mage_engine.grooming.stage import stage_draft
    from mage_engine.recall.index.lifecycle import ensure_fresh
    from mage_engine.recall.procedure import graph, sessions

    accept(kb, [stage_draft(kb, "Rotate the signing keys", "Steps to rotate them.", kind="procedure").id])
    ensure_fresh(kb)
    for step in ("build", "test"):
        sessions.turn(kb, "one", step)
    sessions.end(kb, "one", "succeeded")
    written = json.loads(open(kb.at(".mage/index/graph.json")).read())
    rotate = step_key("Rotate the signing keys")
    assert rotate not in written["note_steps"] and written["observed"]
    assert graph.steps(graph.with_all_steps(kb))[rotate] == "Rotate the signing keys"
    turned = sessions.turn(kb, "two", "rotate the signing keys")
    assert turned["known"] and turned["key"] == rotate
