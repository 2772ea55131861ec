"""On the real Claude Code: the post-compaction digest names the failure and the fix the compacted context held.

Two ways of driving a session, each a real `claude -p` against the scripted model:
- `-p --resume` per prompt (how scripts and CI drive Claude Code, and the harness's
  default): every prompt is its own process and ends in SessionEnd;
- one process for the whole session (`--input-format stream-json`), like a person at
  the terminal.
In both, a check fails, the agent copies the missing config into place, the check
passes, the person runs /compact, and the next prompt's request must carry mage's
digest of the compacted chapter, naming the failure and the step after which it passed.
"""

import json

import pytest

from realhost import context
from realhost.fixtures import claude_cli, mage, make_project  # noqa: F401  (fixtures)
from realhost.session import run_session

pytestmark = pytest.mark.realhost

CHECK = "python3 scripts/check_ledger.py"
FIX = "cp config/ledger.ini.example config/ledger.ini"
PROMPTS = ["Please RUN_CHECK on the ledger.", "/compact", "Carry on with the release notes. AFTER_COMPACT"]
SCENARIO = {"turns": [
    {"when": "RUN_CHECK", "steps": [
        [{"tool_use": {"name": "Bash", "input": {"command": CHECK, "description": "check"}}}],
        [{"tool_use": {"name": "Bash", "input": {"command": FIX, "description": "config"}}}],
        [{"tool_use": {"name": "Bash", "input": {"command": CHECK, "description": "check again"}}}],
        [{"text": "The ledger check passes once config/ledger.ini exists."}]]},
    {"when": "AFTER_COMPACT", "reply": [{"text": "Release notes next."}]}],
    "summary": ("<analysis>The user asked for the ledger check.</analysis>\n<summary>\n1. Primary Request and Intent:\n"
                "   - Run the ledger check\n\n4. Errors and fixes:\n"
                "   - The ledger check failed because config/ledger.ini was missing:\n"
                "      - Fixed: put the example config in place with `cp config/ledger.ini.example config/ledger.ini`\n"
                "      - User feedback: \"keep the example file in git\"\n\n5. Pending Tasks:\n"
                "   - Release notes\n</summary>")}
LEDGER_SCRIPT = ("import os, sys\nif not os.path.exists('config/ledger.ini'):\n"
                 "    print('LEDGER-CHECK-FAILED: config/ledger.ini is missing')\n    sys.exit(1)\nprint('ledger ok')\n")


@pytest.fixture(scope="module", params=["resumed", "one-process"])
def compacted(request, claude_cli, tmp_path_factory):
    root = tmp_path_factory.mktemp(f"rh-digest-{request.param}")
    project = make_project(root / "project")
    (project / "scripts").mkdir()
    (project / "scripts" / "check_ledger.py").write_text(LEDGER_SCRIPT)
    (project / "config").mkdir()
    (project / "config" / "ledger.ini.example").write_text("[ledger]\ncurrency = EUR\n")
    mage(project, "connect", "claude-code")
    session = run_session(project, SCENARIO, root / "out", prompts=PROMPTS,
                          one_process=request.param == "one-process")
    assert session.ok, session.failure()
    return request.param, project, session


def _digest(session) -> str:
    transcript = session.transcript()
    (boundary,) = context.compact_boundaries(transcript)
    after = [text for line, text in context.hook_contexts(transcript, "SessionStart") if line > boundary]
    digest = next((text for text in after if "What happened in it" in text), None)
    assert digest, f"no digest of the compacted chapter after the compaction: {after}"
    return digest


def test_the_digest_names_the_failure_and_the_step_after_which_it_passed(compacted):
    mode, _, session = compacted
    digest = _digest(session)
    assert (f"- Failed: Bash `{CHECK}`: LEDGER-CHECK-FAILED: config/ledger.ini is missing (exit 1) → passed after "
            f"`{FIX}`") in digest, digest
    assert "(1 prompt, 3 tool uses, 1 failed)" in digest.splitlines()[0] or "1 failed)" in digest, digest


def test_the_digest_reached_the_model_with_the_next_prompt(compacted):
    mode, _, session = compacted
    digest = _digest(session)
    body = context.answering(session.out, "AFTER_COMPACT")
    sent = "\n".join(text for _, text in context.strings_of(body))
    assert f"passed after `{FIX}`" in sent and digest.splitlines()[0] in sent


def test_the_resumed_processes_are_one_chapter_until_the_compaction(compacted):
    mode, project, session = compacted
    rows = [row for row in json.loads(mage(project, "chapters", "--json").stdout)
            if row["id"].startswith(f"{session.session_id}:")]
    first = rows[0]
    assert (first["prompts"], first["tools"], first["failures"], first["ended_by"]) == (1, 3, 1, "PreCompact")
    assert len(rows) == 2


def test_the_hosts_own_summary_feeds_the_digest_and_a_draft(compacted):
    mode, project, session = compacted
    digest = _digest(session)
    assert ("- Claude Code's summary noted: The ledger check failed because config/ledger.ini was missing → put the "
            "example config in place with `cp config/ledger.ini.example config/ledger.ini` (the person: \"keep the "
            "example file in git\")") in digest, digest
    drafts = json.loads(mage(project, "drafts", "--json").stdout)["drafts"]
    assert [(d["source"], d["title"][:45]) for d in drafts] == [
        ("nudge", "The ledger check failed because config/ledger")]
