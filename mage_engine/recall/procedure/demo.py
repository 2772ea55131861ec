"""A small procedural graph for the app's screenshots and tests: three ended sessions, one open.

Two groomed transition notes give advice (test → deploy, deploy → verify);
the trail gives the outcomes: build → test → deploy succeeded twice and failed
once with a credentials error, and one session is still standing at test.
"""

TRANSITIONS = {
    "test-to-deploy-when-green": ("test", "deploy", "the suite is green", "run make deploy from a clean tree",
                                  "deploying without KUBECONFIG set"),
    "deploy-to-verify-health": ("deploy", "verify", "the rollout finished", "curl /healthz on every pod",
                                "trusting the rollout status alone"),
}
NOTE = """---
id: {id}
title: '{source} → {target}: {when}'
kind: transition
category: workflow
tags: [transition]
created: 2026-11-20
updated: 2026-11-20
origin: lesson
signatures: []
from: {source}
to: {target}
when: {when}
do: {do}
avoid: {avoid}
---
From "{source}" to "{target}": when {when}; do {do}; avoid {avoid}.
"""
SESSIONS = (("demo-graph-1", "succeeded", ("build", "test", "deploy", "verify")),
            ("demo-graph-2", "succeeded", ("build", "test", "deploy")),
            ("demo-graph-3", "failed", ("build", "test", "deploy")))


def seed_graph(kb) -> None:
    """Write the transition notes and the sessions' trail lines into `kb`."""
    from mage_engine.kb.atomic import write_text_atomic
    from mage_engine.recall.procedure import sessions, traces

    for note_id, (source, target, when, do, avoid) in TRANSITIONS.items():
        write_text_atomic(kb.note_path(note_id), NOTE.format(id=note_id, source=source, target=target, when=when,
                                                             do=do, avoid=avoid))
    for session, outcome, steps in SESSIONS:
        for step in steps:
            sessions.turn(kb, session, step)
        if outcome == "failed":
            traces.append_line(kb, session, {"event": "PostToolUseFailure", "tool": "Bash", "id": "demo-fail",
                                             "command": "make deploy", "ok": False, "exit": 1,
                                             "error": "error: no credentials for cluster staging"})
        sessions.end(kb, session, outcome)
    sessions.turn(kb, "demo-graph-open", "test")
