"""`mage doctor`: each check, as a user runs it (a subprocess), judged by its lines and exit status."""

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
          "PreCompact", "PostCompact", "Stop", "SubagentStop", "SessionEnd"]
NOTE = "---\nid: {id}\ntitle: {title}\nkind: lesson\ncategory: tools\ntags: [deploy]\ncreated: 2026-11-01\n" \
       "updated: 2026-11-01\norigin: lesson\nsignatures: []\n---\n{title}: restart the worker first.\n"


def mage(project, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_") and k != "CLAUDECODE"}
    return subprocess.run([str(BIN / "mage"), *args], cwd=project, env=env, capture_output=True, text=True,
                          timeout=120)


def doctor(project, *args):
    done = mage(project, "doctor", "--json", *args)
    report = json.loads(done.stdout)
    return done.returncode, {check["name"]: check for check in report["checks"]}, report


@pytest.fixture
def project(tmp_path):
    assert mage(tmp_path, "init").returncode == 0
    for index in range(3):
        (tmp_path / "mage" / "notes" / f"n{index}.md").write_text(NOTE.format(id=f"n{index}", title=f"Deploy {index}"))
    return tmp_path


def connect(project, *args):
    done = mage(project, "connect", "claude-code", *args)
    assert done.returncode == 0, done.stderr


def settings(project):
    return project / ".claude" / "settings.local.json"


def test_without_a_kb_doctor_fails_with_the_fix(tmp_path):
    done = mage(tmp_path, "doctor")
    assert done.returncode == 1
    assert done.stdout.splitlines()[1].startswith("fail  kb  no knowledge base found")
    assert "fix: run `mage init`" in done.stdout


def test_a_connected_project_is_live_in_every_check(project):
    connect(project)
    assert mage(project, "index").returncode == 0
    code, checks, report = doctor(project)
    assert [n for n in checks if n.startswith("hook:")] == [f"hook:{e}" for e in EVENTS]
    assert checks["hooks-wired"]["status"] == "ok" and ".claude/settings.local.json" in checks["hooks-wired"]["detail"]
    assert "Gate-0 scrubbed a sample secret" in checks["hook:PreToolUse"]["detail"]
    for event in EVENTS:
        check = checks[f"hook:{event}"]
        assert check["status"] == "ok", check
        assert 0 < check["data"]["ms"] <= check["data"]["budget_ms"]
    assert checks["memory-twin"]["status"] == "ok" and checks["index"]["status"] == "ok"
    assert code == 0 and report["ok"] and report["counts"]["fail"] == 0


def test_the_sample_session_leaves_no_trace(project):
    connect(project)
    doctor(project)
    learnings = project / ".mage" / "learnings"
    assert not learnings.exists() or list(learnings.iterdir()) == []
    ledger = project / ".mage" / "injections.jsonl"
    assert not ledger.exists() or "mage-doctor" not in ledger.read_text()
    assert not (project / "mage" / ".doctor-probe.md").exists()


def test_not_connected_fails_and_says_how_to_connect(project):
    code, checks, _ = doctor(project)
    assert code == 1
    assert checks["hooks-wired"]["status"] == "fail"
    assert "mage connect claude-code" in checks["hooks-wired"]["fix"]
    assert checks["memory-twin"]["status"] == "warn"


def test_a_missing_hook_command_fails_and_fix_rewires_it(project):
    connect(project)
    data = json.loads(settings(project).read_text())
    for groups in data["hooks"].values():
        groups[-1]["hooks"][0]["command"] = groups[-1]["hooks"][0]["command"].replace(str(BIN), "/gone/bin")
    settings(project).write_text(json.dumps(data, indent=2))
    code, checks, _ = doctor(project)
    assert code == 1 and checks["hooks-wired"]["status"] == "fail"
    assert "/gone/bin/python does not exist" in checks["hooks-wired"]["detail"]
    assert checks["hook:Stop"]["status"] == "fail"
    code, checks, _ = doctor(project, "--fix")
    assert checks["hooks-wired"]["status"] == "ok" and "updated .claude/settings.local.json" in checks["hooks-wired"]["fixed"]
    assert f"{BIN / 'python'} -I -S -c" in settings(project).read_text()


def test_hooks_through_pips_launcher_are_drift_and_fix_writes_the_direct_command(project):
    connect(project)
    data = json.loads(settings(project).read_text())
    for event, groups in data["hooks"].items():
        groups[-1]["hooks"][0]["command"] = f"{BIN / 'mage-hook'} {event}"  # what an earlier mage wrote
    settings(project).write_text(json.dumps(data, indent=2))
    _, checks, _ = doctor(project)
    assert checks["hooks-wired"]["status"] == "warn" and "pip's launcher" in checks["hooks-wired"]["detail"]
    assert checks["hook:PostToolUse"]["status"] == "ok", "it still runs: an earlier mage's groups are mage's"
    _, checks, _ = doctor(project, "--fix")
    assert checks["hooks-wired"]["status"] == "ok"
    assert settings(project).read_text().count(f"{BIN / 'python'} -I -S -c") == len(EVENTS)


def test_a_hand_edited_timeout_is_reported_as_drift(project):
    connect(project)
    data = json.loads(settings(project).read_text())
    data["hooks"]["UserPromptSubmit"][0]["hooks"][0]["timeout"] = 90
    settings(project).write_text(json.dumps(data, indent=2))
    _, checks, _ = doctor(project)
    assert checks["hooks-wired"]["status"] == "warn"
    assert "UserPromptSubmit: timeout 90 (mage writes 10)" in checks["hooks-wired"]["detail"]


def fake_hook(tmp_path, body: str) -> Path:
    script = tmp_path / "fake" / "mage-hook"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\ncat >/dev/null\n" + body)
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def wire_to(project, script: Path):
    data = json.loads(settings(project).read_text())
    for groups in data["hooks"].values():
        handler = groups[-1]["hooks"][0]
        handler["command"] = f"{script} {handler['command'].split()[-1]}"
    settings(project).write_text(json.dumps(data, indent=2))


def test_a_hook_that_fails_answers_wrongly_or_hangs_is_a_failure(project, tmp_path):
    """How a run is judged: a real process per event (doctor's runner, given the command to run)."""
    from mage_engine.doctor import hook_runs, samples
    from mage_engine.kb.layout import KB

    script = fake_hook(tmp_path, 'case "$1" in\n'
                                 '  Stop) echo broken >&2; exit 3;;\n'
                                 '  UserPromptSubmit) echo \'{"hookSpecificOutput": {"hookEventName": "SessionStart"}}\';;\n'
                                 '  SessionEnd) sleep 3;;\n'
                                 'esac\n')
    kb, transcript = KB(project), tmp_path / "t.jsonl"
    samples.write_transcript(transcript, kb, "doctor-test")

    def run(event, timeout=10.0):
        return hook_runs._run(kb, event, f"{script} {event}", timeout, "doctor-test", str(transcript))

    assert run("Stop").status == "fail" and "exited 3 (broken)" in run("Stop").detail
    assert "answered as 'SessionStart'" in run("UserPromptSubmit").detail
    assert "did not finish within its 1 s timeout" in run("SessionEnd", 1.0).detail
    assert "Gate-0 let a sample secret through" in run("PreToolUse").detail


def test_doctor_never_runs_a_wired_command_that_is_not_mages(project, tmp_path):
    """A clone's committed .claude/settings.json (or a planted local one) names the command: doctor
    runs only the command this install writes, or mage's own shared script. `/x/mage-hook;id>…;#/mage-hook`
    passed the check of a mage command's shape and ran under `sh`."""
    connect(project)
    marker = tmp_path / "PWNED"
    data = json.loads(settings(project).read_text())
    for event, groups in data["hooks"].items():
        groups[-1]["hooks"][0]["command"] = f"/x/mage-hook;touch${{IFS}}{marker};#/mage-hook {event}"
    settings(project).write_text(json.dumps(data, indent=2))
    code, checks, _ = doctor(project)
    assert not marker.exists()
    assert code == 1 and checks["hook:Stop"]["status"] == "fail"
    assert "the wired command is not the one this mage writes, so doctor did not run it" in checks["hook:Stop"]["detail"]
    assert "this install's hook, run instead: ok" in checks["hook:Stop"]["detail"]
    wire_to(project, fake_hook(tmp_path, f"touch {marker}\n"))  # any other program named mage-hook
    doctor(project)
    assert not marker.exists()


def test_doctor_never_runs_a_shared_script_that_is_not_mages(project, tmp_path):
    connect(project, "--shared")
    script = project / ".claude" / "hooks" / "mage-hook"
    assert script.is_file()
    marker = tmp_path / "PWNED"
    env_path = f"{BIN}:{os.environ.get('PATH', '')}"
    done = subprocess.run([str(BIN / "mage"), "doctor", "--json"], cwd=project, capture_output=True, text=True,
                          env={**os.environ, "PATH": env_path}, timeout=120)
    checks = {check["name"]: check for check in json.loads(done.stdout)["checks"]}
    assert checks["hook:SessionStart"]["status"] == "ok", checks["hook:SessionStart"]  # mage's own script runs
    script.write_text(f"#!/bin/sh\ntouch {marker}\ncat >/dev/null\n")  # the clone ships its own
    done = subprocess.run([str(BIN / "mage"), "doctor", "--json"], cwd=project, capture_output=True, text=True,
                          env={**os.environ, "PATH": env_path}, timeout=120)
    checks = {check["name"]: check for check in json.loads(done.stdout)["checks"]}
    assert not marker.exists()
    assert checks["hooks"]["status"] == "fail" and "is not the script mage writes" in checks["hooks"]["detail"]
    assert "hook:SessionStart" not in checks  # one line, not one per event
    assert "--shared" in checks["hooks"]["fix"]  # plain `connect` would move the team's hooks to this machine only


@pytest.mark.parametrize("lines, extra, status", [(20, 0, "ok"), (150, 0, "warn"), (185, 0, "fail"),
                                                   (10, 24_000, "fail")])
def test_memory_md_is_measured_against_the_hosts_budget(project, lines, extra, status):
    text = "".join(f"- [Note {i}](notes/n{i}.md) — a summary\n" for i in range(lines)) + "x" * extra
    (project / "mage" / "MEMORY.md").write_text(text)
    _, checks, _ = doctor(project)
    check = checks["memory-budget"]
    assert check["status"] == status
    assert check["data"]["lines"] == lines + (1 if extra else 0) and check["data"]["bytes"] == len(text.encode())
    assert "of what Claude Code loads at launch (200 lines or 25 KB)" in check["detail"]


def test_fix_points_the_twin_links_skills_and_rebuilds_the_index(project):
    (project / "mage" / "skills" / "deploy").mkdir(parents=True)
    (project / "mage" / "skills" / "deploy" / "SKILL.md").write_text("---\nname: deploy\ndescription: d\n---\nx\n")
    _, checks, _ = doctor(project)
    assert checks["skills"]["status"] == "warn" and checks["index"]["status"] == "warn"
    shutil.rmtree(project / ".mage" / "index", ignore_errors=True)  # the sample hooks above rebuilt it
    _, checks, _ = doctor(project, "--fix")
    assert checks["skills"]["status"] == "ok" and (project / ".claude" / "skills" / "deploy").is_symlink()
    assert checks["memory-twin"]["status"] == "ok" and checks["memory-twin"]["fixed"]
    assert checks["index"]["status"] == "ok" and checks["index"]["fixed"].startswith("index ")
    assert checks["hooks-wired"]["status"] == "fail", "--fix never wires hooks nobody asked for"


def test_malformed_settings_fail_and_doctor_writes_nothing(project):
    settings(project).parent.mkdir()
    settings(project).write_text("{oops")
    code, checks, _ = doctor(project, "--fix")
    assert code == 1 and "not valid JSON" in checks["hooks-wired"]["detail"]
    assert settings(project).read_text() == "{oops"


def test_text_output_has_one_line_per_check_and_the_fix(project):
    done = mage(project, "doctor")
    lines = done.stdout.splitlines()
    assert lines[0] == f"mage doctor: {project.resolve()}"
    assert any(line.startswith("fail  hooks-wired") for line in lines)
    assert any("fix: run `mage connect claude-code`" in line for line in lines)
    assert lines[-1].endswith("fail") and done.returncode == 1


def test_unwired_settings_with_a_live_trail_point_at_the_plugin_route(project):
    trail = project / ".mage" / "learnings" / "s1.jsonl"
    trail.write_text('{"ts":"2026-11-30T00:00:00.000Z","session":"s1","event":"SessionStart","chapter":0}\n')
    code, checks, _ = doctor(project)
    assert checks["hooks-wired"]["status"] == "warn" and "--plugin-dir" in checks["hooks-wired"]["detail"]
    assert checks["trail"]["status"] == "ok"


def damage_index(project):
    for path in (project / ".mage" / "index").glob("gen-*/*"):
        if path.is_file():
            path.write_text("junk\n")


def test_a_damaged_index_fails_the_check_and_fix_rebuilds_it(project):
    assert mage(project, "index").returncode == 0
    damage_index(project)
    code, checks, _ = doctor(project)
    assert code == 1 and checks["index"]["status"] == "fail"
    assert "cannot be read" in checks["index"]["detail"] and "mage index" in checks["index"]["fix"]
    _, fixed, _ = doctor(project, "--fix")
    assert fixed["index"]["status"] == "ok" and fixed["index"]["fixed"] == "index rebuilt"
    assert doctor(project)[1]["index"]["status"] == "ok"


def test_hints_why_and_eval_rebuild_a_damaged_index_as_recall_does(project):
    assert mage(project, "index").returncode == 0
    damage_index(project)
    done = mage(project, "hints", "--why", "deploy 1 restart the worker")
    assert done.returncode == 0 and done.stdout.startswith(("hinted", "silent")) and "corrupt" not in done.stderr
    damage_index(project)
    done = mage(project, "eval")
    assert done.returncode == 0 and "Data corrupt" not in done.stderr


def test_the_hook_probes_leave_no_standing_context_record_behind(project):
    connect(project)
    for _ in range(2):
        _, checks, _ = doctor(project)
        assert checks["hook:SessionStart"]["status"] == "ok"
    left = list((project / ".mage" / "state" / "context").glob("mage-doctor-*"))
    assert left == []


def test_a_group_under_mages_id_running_something_else_fails_and_fix_leaves_it(project, tmp_path):
    """A second group with mage's id (or mage's own group pointed elsewhere) ran on every prompt while
    doctor said 'events not wired' or all ok; --fix added mage's group beside it."""
    connect(project)
    data = json.loads(settings(project).read_text())
    extra = {"id": "mage:hint:UserPromptSubmit", "hooks": [{"type": "command", "command": "/opt/x/notify.sh"}]}
    data["hooks"]["UserPromptSubmit"].append(extra)
    settings(project).write_text(json.dumps(data, indent=2))
    code, checks, _ = doctor(project)
    assert code == 1 and checks["hooks-wired"]["status"] == "fail"
    assert "a group with mage's id for UserPromptSubmit runs '/opt/x/notify.sh'" in checks["hooks-wired"]["detail"]
    _, checks, _ = doctor(project, "--fix")
    assert checks["hooks-wired"]["status"] == "fail"  # never removed for the person: it may be theirs
    assert extra in json.loads(settings(project).read_text())["hooks"]["UserPromptSubmit"]


def test_a_failing_wiring_lists_the_rest_of_its_drift_too(project):
    connect(project)
    data = json.loads(settings(project).read_text())
    data["hooks"]["Stop"][-1]["hooks"][0]["command"] = data["hooks"]["Stop"][-1]["hooks"][0]["command"].replace(
        str(BIN), "/gone/bin")
    data["hooks"]["UserPromptSubmit"][0]["hooks"][0]["timeout"] = 90
    settings(project).write_text(json.dumps(data, indent=2))
    _, checks, _ = doctor(project)
    detail = checks["hooks-wired"]["detail"]
    assert checks["hooks-wired"]["status"] == "fail" and "/gone/bin/python does not exist" in detail
    assert "drifted: UserPromptSubmit: timeout 90 (mage writes 10)" in detail  # what --fix will reset as well
