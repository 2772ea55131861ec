"""The recurrence families on the situations real sessions hold: compound commands, look-only
steps, destructive fixes, program+subcommand keys, and routines that keep succeeding."""

import pytest

from mage_engine.recurrence import command_kinds
from mage_engine.recurrence.command_kinds import destructive_reason, is_look_only, key_shape
from mage_engine.recurrence.pipeline import distill
from mage_engine.recurrence.graduate import graduate
from mage_engine.recurrence.promote import promote
from replay.lines import TrailWriter

TTY = "the input device is not a TTY"


@pytest.mark.parametrize("command,head", [
    ("git add secrets.env && git status", "git add"),
    ("cd web && npm install && npm run build", "npm run build"),
    ("docker exec -it web_1 bash -c 'python manage.py migrate'", "docker exec"),
    ("sudo timeout 60 docker compose up -d", "docker compose up"),
    ("C:/Python314/python.exe Projects/Scripts/sync_logs.py", "sync_logs.py"),
    ("for f in *.md; do grep -q x \"$f\"; done", "grep"),
])
def test_a_command_is_named_by_program_and_subcommand(command, head):
    assert command_kinds.head(command) == head


def test_a_compound_command_that_failed_is_named_by_the_failing_segment():
    error = "The following paths are ignored by one of your .gitignore files: secrets.env"
    assert command_kinds.head("git add secrets.env && git status", error) == "git add"
    assert command_kinds.head("npm ci && npm run build", "npm ERR! missing script: build") == "npm run build"


@pytest.mark.parametrize("command", ["ipconfig", "ipconfig /all", "ping -c 3 web1", "systemctl status nginx",
                                     "docker logs web", "docker ps -a", "ls -la", "cat /etc/hosts", "git status",
                                     "journalctl -u nginx", "kubectl get pods", "ip addr", "pytest --version",
                                     "./manage.sh status", "log show --last 1h"])
def test_look_only_commands(command):
    assert is_look_only(command)


@pytest.mark.parametrize("command", ["pip install -e .", "systemctl restart nginx", "docker exec -it web bash",
                                     "make deploy", "git add -f x", "./manage.sh setup"])
def test_commands_that_change_something(command):
    assert not is_look_only(command)


@pytest.mark.parametrize("command", ["sudo rm -rf /var/lib/postgresql/17/main", "docker system prune -af --volumes",
                                     "pip install --break-system-packages requests", "git push --force-with-lease",
                                     "git push -f origin main", "git reset --hard origin/main", "git clean -fdx",
                                     "psql -c 'DROP TABLE users'", "git commit --no-verify -m wip"])
def test_destructive_steps(command):
    assert destructive_reason(command)


def test_positional_arguments_become_placeholders_in_a_fix_key():
    assert key_shape("apt-get install -y libpq-dev") == key_shape("apt-get install -y libssl-dev")
    assert key_shape("apt-get install -y libpq-dev") == "apt-get install -y <arg>"
    assert key_shape("pip install -e .") == "pip install -e ."


def _tty_chapter(kb, session, container, day):
    trail = TrailWriter(kb, session, day=day)
    trail.prompt(f"run the migrations in {container}")
    trail.fails(f"docker exec -it {container} python manage.py migrate", TTY)
    trail.ok(f"docker exec {container} python manage.py migrate")
    trail.end()


def test_the_docker_tty_retry_is_one_signature_whatever_the_container(kb):
    for day, container in enumerate(("web_1", "api-prod", "worker"), 1):
        _tty_chapter(kb, f"tty{day}", container, day)
    (tally,) = distill(kb).tallies
    assert tally["signature"] == f"retry: docker exec | exit 1: {TTY} | without -it"
    assert tally["chapter_count"] == 3
    (draft,) = promote(kb, dry_run=True).staged
    assert draft["title"] == f"docker exec fails with “{TTY}”: it passes when re-run without -it"


def _ignored_chapter(kb, session, day):
    trail = TrailWriter(kb, session, day=day)
    trail.prompt("commit the env file too")
    trail.fails("git add secrets.env && git status",
                "The following paths are ignored by one of your .gitignore files:", code=1)
    trail.ok("git status")  # only looks: never the fix
    trail.ok("git add -f secrets.env")
    trail.end()


def test_a_look_only_step_is_never_the_fix_and_the_failing_segment_names_it(kb):
    for day in (1, 2, 3):
        _ignored_chapter(kb, f"ign{day}", day)
    (tally,) = distill(kb).tallies
    assert tally["signature"].startswith("retry: git add | exit 1: The following paths are ignored")
    assert "git status" not in tally["signature"]


def _prune_chapter(kb, session, day):
    trail = TrailWriter(kb, session, day=day)
    trail.prompt("bring the stack up")
    trail.fails("docker compose up -d", "no space left on device")
    trail.ok("docker system prune -af --volumes")
    trail.ok("docker compose up -d")
    trail.end()


def test_a_destructive_fix_is_staged_only_with_a_warning_and_never_graduates(kb):
    for day in (1, 2, 3):
        _prune_chapter(kb, f"prune{day}", day)
    (draft,) = promote(kb).staged
    assert draft["title"] == ("DESTRUCTIVE FIX — docker compose up fails with “no space left on device”: "
                              "running docker system prune -af --volumes fixes it")
    assert draft["body"].startswith("**WARNING: a destructive step.** `docker system prune -af --volumes` deletes")
    from helpers.process import run_mage

    assert run_mage("groom", "--accept", draft["draft"], "--kb", kb.root).returncode == 0
    for day in (4, 5, 6, 7, 8):
        _prune_chapter(kb, f"prune{day}", day)
    result = graduate(kb, dry_run=True)
    assert result.graduated == []
    assert "never made into a skill" in result.waiting[0]["refused"]


def _sync_chapter(kb, session, day, script="python3 scripts/sync_raw_logs.py"):
    trail = TrailWriter(kb, session, day=day)
    trail.prompt("sync today's logs")
    trail.ok(script)
    trail.ok("git add Archives/ Journals/")
    trail.ok('git commit -m "sync logs"')
    trail.ok("git push")
    trail.end()


def test_a_routine_that_keeps_succeeding_becomes_a_procedure_candidate(kb):
    scripts = ("python3 scripts/sync_raw_logs.py", "cd ~/M && python scripts/sync_raw_logs.py",
               "/c/Python314/python.exe scripts/sync_raw_logs.py")
    for day, script in enumerate(scripts, 1):
        _sync_chapter(kb, f"sync{day}", day, script)
    candidates = [c["signature"] for c in distill(kb).candidates]
    assert candidates == ["procedure: sync_raw_logs.py"]  # git add, commit and push: every project's everyday
    (draft,) = promote(kb, dry_run=True).staged
    assert draft["title"] == "Routine: sync_raw_logs.py, which worked in 3 chapters"
    assert "then, usually: `git add Archives/ Journals/`" in draft["body"]
