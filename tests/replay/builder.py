"""Feed Sessions to the real `mage-hook` (one subprocess per event), sessions in parallel.

Events of one session run in order, as the host sends them; different
sessions run side by side, as concurrent Claude Code sessions do. Every hook
must exit 0 with nothing but valid hook JSON on stdout.
"""

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from helpers.hook import run_hook

WORKERS = 4


def replay(sessions: list) -> None:
    """Run every session's events through mage-hook; raises AssertionError on a misbehaving hook."""
    for session in sessions:
        transcript = Path(session.transcript)
        transcript.parent.mkdir(parents=True, exist_ok=True)
        transcript.touch()  # an empty transcript: folds read nothing, hooks lines carry the work
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for failure in pool.map(_run_session, sessions):
            assert failure is None, failure


def _run_session(session):
    for event, payload in session.events:
        done = run_hook(event, payload, env={"MAGE_SENSITIVITY": ""}, timeout=30)
        if done.returncode != 0:
            return f"{event}: exit {done.returncode}: {done.stderr}"
        if done.stdout and json.loads(done.stdout)["hookSpecificOutput"]["hookEventName"] != event:
            return f"{event}: wrong hookEventName in {done.stdout[:200]}"
    session.events = []  # replayed: a session object can be extended and replayed again
    return None


def hook_calls(sessions: list) -> int:
    return sum(len(session.events) for session in sessions)
