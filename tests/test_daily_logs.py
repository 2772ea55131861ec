"""Daily logs: three sessions over two days through the real hooks, `mage log` by hand,
idempotence, the scrub, SessionStart catching up a missed end, logs off, `recall --logs`."""

import datetime as dt
import json
import os
import random
import re
import string
import time

from helpers.process import run_mage
from replay.builder import replay
from replay.payloads import Session

_RNG = random.Random(17)
TOKEN = "ghp_" + "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(36))


def project(tmp_path, logs=True):
    root = tmp_path / "proj"
    root.mkdir()
    assert run_mage("init", cwd=root).returncode == 0
    if logs:
        with open(root / "mage/config.yaml", "a") as handle:
            handle.write("logs: true\n")
    return root


def accept(root, title, body):
    staged = json.loads(run_mage("stage", "--title", title, "--body", body, "--json", cwd=root).stdout)
    assert run_mage("groom", "--accept", staged["id"], cwd=root).returncode == 0
    return staged["id"]


def shift_back_one_day(root, session_ids):
    """Move these sessions (their trail lines and what grooming logged meanwhile) to yesterday:
    the hooks stamp the real clock, and a two-day replay cannot wait a day."""
    def back(stamp):
        moment = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00")) - dt.timedelta(days=1)
        return moment.isoformat(timespec="milliseconds" if "." in stamp else "seconds").replace("+00:00", "Z")

    for path in (root / ".mage/learnings").glob("*.jsonl"):
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        if lines and lines[0]["session"] in session_ids:
            path.write_text("".join(json.dumps({**r, "ts": back(r["ts"])}) + "\n" for r in lines))
    groomed = root / ".mage/state/groomed.jsonl"
    entries = [json.loads(line) for line in groomed.read_text().splitlines()]
    groomed.write_text("".join(json.dumps({**e, "at": back(e["at"])}) + "\n" for e in entries))
    for draft in (root / ".mage/staging").glob("*.md"):
        text = draft.read_text()
        draft.write_text(re.sub(r"staged: '?([0-9T:Z-]+)'?", lambda m: f"staged: '{back(m[1])}'", text))


def files(root):
    return {p.name: p.read_bytes() for p in sorted((root / "mage/logs").glob("*.md"))}


def test_three_sessions_over_two_days_write_two_logs_linking_the_notes_accepted(tmp_path):
    root = project(tmp_path)
    one = Session(root, "day-one-morning")
    one.prompt(f"Fix the flaky deploy test. CI uses the token {TOKEN} to push.")
    one.bash_fails("pytest tests/test_deploy.py", "E   TimeoutError: cache cold", code=1)
    one.edit("deploy/warm.sh")
    one.bash("pytest tests/test_deploy.py", "3 passed")
    replay([one])
    accept(root, "Warm the artifact cache before deploy", "Run deploy/warm.sh first; a cold cache times out CI.")
    one.end()
    two = Session(root, "day-one-evening")
    two.prompt("Why is the staging database slow today?")
    two.bash("psql -c 'select 1'", "1")
    replay([one, two])
    run_mage("stage", "--title", "Staging db needs vacuum", "--body", "Run VACUUM ANALYZE weekly.", cwd=root)
    two.end()
    replay([two])
    shift_back_one_day(root, {one.id, two.id})
    for old in (root / "mage/logs").glob("*.md"):
        old.unlink()  # their SessionEnd wrote today's file; a replay of yesterday writes yesterday's
    assert run_mage("log", cwd=root).returncode == 0

    three = Session(root, "day-two")
    three.prompt("Pin the node version for CI")
    three.edit(".nvmrc")
    replay([three])
    accept(root, "Pin node with nvmrc", "CI and laptops read .nvmrc so both run node 22.")
    three.end()
    replay([three])  # this SessionEnd writes its entry itself

    today = dt.datetime.now(dt.timezone.utc).date()
    yesterday = today - dt.timedelta(days=1)
    logs = files(root)
    assert sorted(logs) == [f"{yesterday}.md", f"{today}.md"]
    first, second = logs[f"{yesterday}.md"].decode(), logs[f"{today}.md"].decode()
    assert first.startswith(f"# {yesterday}\n")
    assert len(re.findall(r"(?m)^## \d\d:\d\d - ", first)) == 2
    assert len(re.findall(r"(?m)^## \d\d:\d\d - ", second)) == 1
    assert "## " in first and "Fix the flaky deploy test" in first
    assert "[Warm the artifact cache before deploy](../notes/warm-the-artifact-cache-before-deploy.md)" in first
    assert "Staging db needs vacuum" in first and "staging-db-needs-vacuum" in first  # learned: the draft
    assert "`pytest tests/test_deploy.py` failed" in first or "pytest tests/test_deploy.py" in first
    assert "`deploy/warm.sh`" in first
    assert "[Pin node with nvmrc](../notes/pin-node-with-nvmrc.md)" in second
    assert "warm-the-artifact" not in second  # accepted yesterday, not in today's session
    assert TOKEN not in first and "[REDACTED:" in first

    again = run_mage("log", "--json", cwd=root)  # re-running writes nothing new
    assert {s["status"] for s in json.loads(again.stdout)["sessions"]} == {"unchanged"}
    assert files(root) == logs
    three.end()
    replay([three])  # a second SessionEnd of the same session replaces, never adds
    assert files(root) == logs

    memory = (root / "mage/MEMORY.md").read_text() + (root / "mage/INDEX.md").read_text()
    assert "logs/" not in memory
    notes_hits = json.loads(run_mage("recall", "flaky deploy test token", "--json", cwd=root).stdout)
    assert all(hit["path"].startswith("mage/notes/") for hit in notes_hits)
    log_hits = json.loads(run_mage("recall", "--logs", "staging database slow", "--json", cwd=root).stdout)
    assert log_hits[0]["path"] == f"mage/logs/{yesterday}.md" and "staging database" in log_hits[0]["title"]


def test_session_start_catches_up_a_session_whose_end_was_missed(tmp_path):
    root = project(tmp_path)
    lost = Session(root, "killed-terminal")
    lost.prompt("Rename the billing module")
    lost.edit("billing/__init__.py")
    replay([lost])  # no SessionEnd: the terminal was killed
    assert files(root) == {}
    trail = next((root / ".mage/learnings").glob("*.jsonl"))
    hour_ago = time.time() - 3700
    os.utime(trail, (hour_ago, hour_ago))
    replay([Session(root, "next-morning")])  # its SessionStart
    logs = files(root)
    assert len(logs) == 1 and "Rename the billing module" in next(iter(logs.values())).decode()


def test_with_logs_off_no_hook_writes_a_log_but_mage_log_does_by_hand(tmp_path):
    root = project(tmp_path, logs=False)
    session = Session(root, "quiet")
    session.prompt("List the open migrations")
    session.bash("alembic heads", "abc123 (head)")
    session.end()
    replay([session])
    assert not (root / "mage/logs").exists()
    dry = run_mage("log", "--dry-run", cwd=root)
    assert dry.returncode == 0 and "List the open migrations" in dry.stdout
    assert not (root / "mage/logs").exists()
    assert run_mage("log", cwd=root).returncode == 0
    assert len(files(root)) == 1


def _imported(event, payload, cwd):
    import subprocess

    from helpers.hook import MAGE_HOOK

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "MAGE_KB")}
    done = subprocess.run([MAGE_HOOK.replace("mage-hook", "python"), "-X", "importtime", MAGE_HOOK, event],
                          input=json.dumps(payload).encode(), capture_output=True, cwd=cwd, env=env, timeout=30)
    assert done.returncode == 0
    return {line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if line.startswith("import time:")}


def test_the_hooks_stay_lean_with_logs_off_and_a_start_with_nothing_missed(tmp_path):
    for logs in (False, True):
        (tmp_path / str(logs)).mkdir()
        root = project(tmp_path / str(logs), logs=logs)
        base = {"session_id": f"lean-{logs}", "cwd": str(root), "transcript_path": str(root / "t.jsonl")}
        _imported("SessionStart", {**base, "hook_event_name": "SessionStart", "source": "startup"}, root)  # caches
        start = _imported("SessionStart", {**base, "hook_event_name": "SessionStart", "source": "startup"}, root)
        assert not {"mage_engine.logs.story", "mage_engine.logs.entry", "mage_engine.logs.daily_file", "re",
                    "json", "pathlib", "yaml"} & start, sorted(m for m in start if "logs" in m)
        end = _imported("SessionEnd", {**base, "hook_event_name": "SessionEnd", "reason": "other"}, root)
        assert ("mage_engine.logs.writer" in end) is logs  # off: nothing of the log is even imported
        assert not {"yaml", "click", "rich", "textual"} & end
