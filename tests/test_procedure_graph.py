"""The procedural graph end to end: real `mage` commands, real `mage-hook` processes fed JSON on stdin.

Two sessions declare build → test → deploy; the second fails at deploy with an
error line. The graph then holds test → deploy with 1 ok / 1 failed and the
error as pitfall evidence; a transition note taught with `mage session
remember` and groomed like any note says what follows deploy. A third session
at `test` gets Next: deploy and Then: verify, and nothing about build; no
position, an ended session and an unknown step get no guidance.
"""

import json

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from mage_engine.kb.init import init_kb

ERROR = "Error: no credentials for the staging cluster (KUBECONFIG unset)"


def mage(project, *args, ok=True):
    done = run_mage(*args, cwd=project)
    assert (done.returncode == 0) == ok, f"mage {' '.join(args)}: {done.stdout}{done.stderr}"
    return done


def hook(project, event, session, **payload):
    done = run_hook(event, {"session_id": session, "cwd": str(project), "hook_event_name": event, **payload},
                    cwd=project)
    assert done.returncode == 0, done.stderr
    return done.stdout


def context_of(project, session, prompt="what should I do now?") -> str:
    out = hook(project, "UserPromptSubmit", session, prompt=prompt)
    return json.loads(out)["hookSpecificOutput"].get("additionalContext", "") if out.strip() else ""


def declare(project, session, *steps):
    for step in steps:
        hook(project, "UserPromptSubmit", session, prompt=f"now {step}")
        mage(project, "session", "turn", session, "--at", step)


@pytest.fixture(scope="module")
def replayed(tmp_path_factory):
    project = init_kb(tmp_path_factory.mktemp("graph") / "project").kb.root
    hook(project, "SessionStart", "s-ok", source="startup")
    declare(project, "s-ok", "build", "test", "deploy")
    mage(project, "session", "end", "s-ok", "--outcome", "succeeded")
    hook(project, "SessionStart", "s-bad", source="startup")
    declare(project, "s-bad", "build", "test", "deploy")
    hook(project, "PostToolUseFailure", "s-bad", tool_name="Bash", tool_use_id="toolu_1",
         tool_input={"command": "make deploy"}, error=f"Exit code 1\n{ERROR}")
    mage(project, "session", "end", "s-bad", "--outcome", "failed")
    return project


def transition_notes(project) -> list:
    return json.loads(mage(project, "notes", "--kind", "transition", "--json").stdout)["notes"]


def graph(project) -> dict:
    steps = json.loads(mage(project, "session", "graph", "--json").stdout)["steps"]
    return {row["key"]: row for row in steps}


def edge(project, source, target) -> dict:
    return next(out for out in graph(project)[source]["out"] if out["to"] == target)


def test_the_replay_counts_each_transition_by_how_its_sessions_ended(replayed):
    deploy = edge(replayed, "test", "deploy")
    assert deploy["outcomes"] == {"succeeded": 1, "failed": 1, "abandoned": 0}
    assert deploy["counts"] == "[1 ok / 1 failed]"
    assert edge(replayed, "build", "test")["counts"] == "[1 ok / 1 failed]"
    assert graph(replayed)["deploy"]["out"] == [], "nothing observed after deploy yet"


def test_the_failure_after_deploy_is_pitfall_evidence_on_test_to_deploy(taught):
    assert edge(taught, "test", "deploy")["evidence"] == [{"command": "make deploy", "error": ERROR}]
    assert edge(taught, "build", "test")["evidence"] == []
    note = next(n for n in transition_notes(taught)
                if n["title"].startswith("test → deploy"))
    body = (taught / "mage" / "notes" / f"{note['id']}.md").read_text()
    assert "## Evidence" in body and f"- `make deploy`: {ERROR}" in body, "the draft carried it into the note"


@pytest.fixture(scope="module")
def taught(replayed):
    """deploy → verify taught by the agent, groomed by a person; the test → deploy draft accepted too."""
    mage(replayed, "session", "remember", "--from", "deploy", "--to", "verify", "--when", "the rollout finished",
         "--do", "curl the health endpoint", "--avoid", "trusting the rollout status alone")
    mage(replayed, "session", "remember", "--from", "test", "--to", "deploy", "--when", "the suite is green",
         "--do", "run make deploy", "--avoid", "deploying without KUBECONFIG")
    mage(replayed, "groom", "--accept-all")
    return replayed


def test_transition_notes_are_groomed_indexed_and_listed_like_any_note(taught):
    listed = sorted(transition_notes(taught), key=lambda n: n["title"])
    assert {"deploy → verify: the rollout finished", "test → deploy: the suite is green"} <= {n["title"] for n in listed}
    index = (taught / "mage" / "INDEX.md").read_text()
    assert "deploy → verify: the rollout finished" in index
    note = (taught / "mage" / "notes" / f"{listed[0]['id']}.md").read_text()
    assert "kind: transition" in note and "from: deploy" in note and "to: verify" in note
    assert "unknown kind" not in mage(taught, "notes").stderr
    assert "deploy → verify" in mage(taught, "recall", "health endpoint rollout").stdout


def test_a_prompt_after_at_test_gets_next_deploy_and_then_verify_only(taught):
    declare(taught, "s-three", "build", "test")
    text = context_of(taught, "s-three")
    next_part, then_part = text.split("\nNext:\n")[1].split("\nThen:\n")
    assert next_part.startswith("- deploy — when the suite is green; do run make deploy; "
                                "avoid deploying without KUBECONFIG [1 ok / 1 failed]")
    assert then_part.startswith("- verify (after deploy) — when the rollout finished; do curl the health endpoint")
    assert "build" not in text, "what precedes the step is what the agent has already done"
    assert len(text) < 1500


def test_the_guidance_is_in_the_injection_ledger(taught):
    declare(taught, "s-ledger", "test")
    text = context_of(taught, "s-ledger")
    lines = [json.loads(line) for line in (taught / ".mage" / "injections.jsonl").read_text().splitlines()]
    mine = [line for line in lines if line["session"] == "s-ledger" and line["chars"] == len(text.split("\n\n")[0])]
    assert mine and mine[-1]["notes"], "the transition notes named are logged"


def test_no_position_means_no_guidance(taught):
    hook(taught, "SessionStart", "s-none", source="startup")
    assert "Next:" not in context_of(taught, "s-none", "deploy the test build")


def test_an_ended_session_gets_no_guidance(taught):
    declare(taught, "s-ended", "test")
    assert "Next:" in context_of(taught, "s-ended")
    mage(taught, "session", "end", "s-ended", "--outcome", "abandoned")
    assert "Next:" not in context_of(taught, "s-ended")
    assert "has already ended" in mage(taught, "session", "end", "s-ended", "--outcome", "failed", ok=False).stderr


def test_an_unknown_step_gets_no_guidance(taught):
    declare(taught, "s-unknown", "test", "lint the docs")
    assert "Next:" not in context_of(taught, "s-unknown")
    assert "a step the graph did not know yet" in mage(taught, "session", "turn", "s-unknown", "--at", "paint").stdout


def test_a_superseding_transition_replaces_the_advice_and_keeps_the_old_one(taught):
    mage(taught, "session", "remember", "--from", "verify", "--to", "announce", "--do", "post in #deploys")
    mage(taught, "groom", "--accept-all")
    old = next(n["id"] for n in transition_notes(taught)
               if n["title"].startswith("verify → announce"))
    mage(taught, "session", "remember", "--from", "verify", "--to", "announce", "--when", "the deploy is public",
         "--do", "post the changelog in #releases", "--supersedes", old)
    mage(taught, "groom", "--accept-all")
    announce = edge(taught, "verify", "announce")
    assert announce["do"] == "post the changelog in #releases" and announce["superseded"] == [old]
    assert (taught / "mage" / "notes" / f"{old}.md").is_file(), "the old transition keeps its file"
    declare(taught, "s-four", "verify")
    text = context_of(taught, "s-four")
    assert "post the changelog in #releases" in text and "post in #deploys" not in text


def test_trace_steps_and_current(taught):
    trace = json.loads(mage(taught, "session", "trace", "s-bad", "--json").stdout)
    assert [p["key"] for p in trace["positions"]] == ["build", "test", "deploy"] and trace["outcome"] == "failed"
    steps = {row["key"] for row in json.loads(mage(taught, "session", "steps", "--json").stdout)}
    assert {"build", "test", "deploy", "verify"} <= steps
    hook(taught, "UserPromptSubmit", "s-latest", prompt="a fresh session")
    assert "session s-latest at" in mage(taught, "session", "turn", "--current", "--at", "Build").stdout


def test_dot_output_names_every_transition(taught):
    dot = mage(taught, "session", "graph", "--dot").stdout
    assert dot.startswith("digraph procedure {") and '"test" -> "deploy" [label="[1 ok / 1 failed]"];' in dot


def test_session_start_names_the_session_where_the_kb_keeps_a_graph(taught, tmp_path):
    start = json.loads(hook(taught, "SessionStart", "5f2c-new", source="startup"))
    text = start["hookSpecificOutput"]["additionalContext"]
    assert 'This session is `5f2c-new`: declare where you are in a procedure with ' \
           '`mage session turn 5f2c-new --at "STEP"`' in text
    bare = init_kb(tmp_path / "bare").kb.root
    plain = json.loads(hook(bare, "SessionStart", "5f2c-new", source="startup"))
    assert "mage session turn" not in plain["hookSpecificOutput"]["additionalContext"]


def test_generic_hosts_are_told_how_to_declare_and_end(tmp_path):
    project = init_kb(tmp_path / "generic").kb.root
    mage(project, "connect", "generic")
    agents = (project / "AGENTS.md").read_text()
    assert 'mage session turn <session> --at "<step>"' in agents
    assert "mage session end <session> --outcome succeeded|failed|abandoned" in agents
    assert "mage session remember --from" in agents


def test_a_session_is_named_or_current_and_errors_say_what_to_do(taught):
    assert run_mage("session", "turn", "--at", "test", cwd=taught).returncode == 2
    assert run_mage("session", "turn", "s-x", "--current", "--at", "test", cwd=taught).returncode == 2
    missing = mage(taught, "session", "end", "never-seen", "--outcome", "failed", ok=False)
    assert missing.returncode == 1 and missing.stderr.startswith("mage: no session never-seen")
    assert "Traceback" not in missing.stderr and len(missing.stderr.strip().splitlines()) == 1


def test_one_steps_name_is_the_name_the_whole_list_gives_it():
    from mage_engine.recall.procedure.graph import step_name, steps

    cache = {"note_steps": {"build": "Build it", "test": "Run the tests"},
             "transitions": [{"from_key": "test", "from": "run tests", "to_key": "deploy", "to": "Deploy"},
                             {"from_key": "deploy", "from": "deploy!", "to_key": "smoke", "to": "Smoke test"}],
             "trace_steps": {"smoke": "smoke", "rollback": "Roll back"}}
    for key, name in steps(cache).items():
        assert step_name(cache, key) == name
    assert step_name(cache, "nowhere") is None
