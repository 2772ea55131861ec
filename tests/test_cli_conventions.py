"""The command line keeps the conventions its users' hands already know, and says what it did.

`-` is standard input for every file option; `--kb` and `--json` go before
or after the subcommand; what mage silently accepted (an unknown kind, a
malformed MAGE_* value, a 5 MB body, a redacted secret, an init outside git)
is now said, in one line, once.
"""

import json

import click
import pytest

from helpers.process import git, run_mage
from helpers.hook import run_hook
from mage_cli.main import cli

TOKEN = "ghp_" + "R7x2Kq9PlantedSecretToken0000abcdEF12"
AWS = "AKIA" + "Q3EGRIDQZ5BVAQXY"


def file_options():
    """(command, option) for every option or argument that names a file to read."""
    for name in cli.list_commands(None):
        for param in cli.get_command(None, name).params:
            kind = param.type
            if isinstance(kind, click.File) or (isinstance(kind, click.Path) and kind.file_okay and not kind.dir_okay):
                yield name, param
            elif isinstance(kind, click.Path) and kind.file_okay and param.name == "paths":
                yield name, param


@pytest.mark.parametrize("command, param", list(file_options()), ids=lambda v: getattr(v, "name", v))
def test_every_file_option_takes_dash_for_standard_input(command, param):
    assert isinstance(param.type, click.File) or param.type.allow_dash, f"mage {command} {param.opts[0]}"


def test_stage_reads_the_body_from_stdin_with_body_file_dash(kb):
    done = run_mage("stage", "--title", "From a pipe", "--body-file", "-", "--json", cwd=kb.root,
                    input="Read from standard input, as every Unix tool does.\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "staged"
    assert "as every Unix tool does" in kb.draft_path("from-a-pipe").read_text()


def test_stage_names_each_secret_it_redacted(kb):
    body = f"Deploy with {TOKEN}, then the AWS key {AWS}."
    done = run_mage("stage", "--title", "Deploy keys", "--body", body, cwd=kb.root)
    assert "redacted 2 secrets (" in done.stdout
    assert "github-token" in done.stdout and "aws" in done.stdout
    assert TOKEN not in done.stdout + kb.draft_path("deploy-keys").read_text()
    assert json.loads(run_mage("stage", "--title", "Again", "--body", f"x {TOKEN}", "--json", cwd=kb.root).stdout)[
        "redacted"] == ["github-token"]


def test_a_body_over_64_kb_is_refused_and_nothing_is_staged(kb):
    done = run_mage("stage", "--title", "The whole log", "--body-file", "-", cwd=kb.root, input="log line\n" * 600_000)
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "over 64 KB" in done.stderr and "one topic" in done.stderr and "split it" in done.stderr
    assert not list(kb.staging_dir.glob("*.md"))
    long = run_mage("stage", "--title", "Long but fine", "--body", "word " * 400, cwd=kb.root)
    assert long.returncode == 0 and "over about 1200" in long.stderr


def test_body_file_dev_zero_is_refused_without_reading_it_all(kb):
    done = run_mage("stage", "--title", "Zeros", "--body-file", "/dev/zero", cwd=kb.root, timeout=20)
    assert done.returncode == 1 and "over 64 KB" in done.stderr


@pytest.mark.parametrize("before", [True, False])
def test_kb_and_json_go_before_or_after_the_command(kb, tmp_path, before):
    args = ["--kb", kb.root, "--json"]
    done = run_mage(*(args + ["status"] if before else ["status"] + args), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["kb"] == str(kb.root)


def test_after_the_command_wins_over_before_and_before_over_the_environment(kb, tmp_path):
    other = tmp_path / "other"
    run_mage("init", other, cwd=tmp_path)
    done = run_mage("--kb", other, "status", "--kb", kb.root, "--json", cwd=tmp_path)
    assert json.loads(done.stdout)["kb"] == str(kb.root)
    done = run_mage("--kb", other, "status", "--json", cwd=tmp_path, env={"MAGE_KB": str(kb.root)})
    assert json.loads(done.stdout)["kb"] == str(other.resolve())


def test_a_global_option_a_command_does_not_take_is_a_usage_error(kb):
    done = run_mage("--json", "tui", cwd=kb.root)
    assert done.returncode == 2 and "--json does not apply to `mage tui`" in done.stderr


def test_init_before_the_command_names_the_folder(tmp_path):
    done = run_mage("--kb", tmp_path / "there", "init", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "there" / "mage" / "config.yaml").is_file()


def test_init_says_what_it_created_warns_outside_git_and_knows_an_existing_kb(tmp_path):
    first = run_mage("init", cwd=tmp_path)
    assert first.stdout.startswith(f"created a knowledge base at {tmp_path}")
    assert "  created mage/config.yaml" in first.stdout
    assert "is not inside a git repository" in first.stderr and "git init" in first.stderr
    (tmp_path / "src").mkdir()
    again = run_mage("init", cwd=tmp_path / "src")
    assert again.stdout == (f"already a knowledge base: {tmp_path} (nothing to create); "
                            f"`mage init .` makes a separate one in {tmp_path / 'src'}\n")
    assert not (tmp_path / "src" / "mage").exists(), "no KB nested inside the one it is in"


def test_init_inside_git_does_not_warn(git_kb):
    done = run_mage("init", cwd=git_kb.root)
    assert done.returncode == 0 and done.stderr == "" and "already a knowledge base" in done.stdout


@pytest.mark.parametrize("name, value, words", [("autonomy", "operator", "the agent may only stage"),
                                                ("sensitivity", "normal", "K=3")])
def test_dial_name_shows_the_value_and_what_it_means(kb, name, value, words):
    done = run_mage("dial", name, cwd=kb.root)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{name}  {value}: ") and words in done.stdout.splitlines()[0]
    assert f"mage dial {name} " in done.stdout
    shown = json.loads(run_mage("dial", name, "--json", cwd=kb.root).stdout)
    assert shown["value"] == value and len(shown["levels"]) == 3


def test_an_unknown_kind_or_category_in_a_note_is_said_with_the_allowed_ones(kb):
    (kb.notes_dir / "fruit.md").write_text("---\nid: fruit\ntitle: Fruit\nkind: banana\ncategory: snacks\n---\nA.\n")
    listed = run_mage("notes", cwd=kb.root)
    assert "fruit.md:4: unknown kind 'banana' (allowed: lesson, procedure, pointer" in listed.stderr
    assert "fruit.md:5: unknown category 'snacks' (allowed: system, human" in listed.stderr
    assert "unknown kind 'banana'" in run_mage("index", cwd=kb.root).stderr
    assert "unknown kind 'banana'" in run_mage("show", "fruit", cwd=kb.root).stderr
    report = json.loads(run_mage("doctor", "--json", cwd=kb.root).stdout)
    assert "unknown kind 'banana'" in next(c for c in report["checks"] if c["name"] == "kb")["detail"]


@pytest.mark.parametrize("name, raw", [("MAGE_HINT_MIN_SCORE", "abc"), ("MAGE_HINT_MIN_SCORE", "5"),
                                       ("MAGE_HINT_COUNT", "many"), ("MAGE_CAPTURE_MIN_CHARS", "-3"),
                                       ("MAGE_SENSITIVITY", "extreme")])
def test_a_malformed_environment_override_is_warned_once_naming_the_variable(kb, name, raw):
    done = run_mage("status", cwd=kb.root, env={name: raw})
    assert done.returncode == 0
    warnings = [line for line in done.stderr.splitlines() if name in line]
    assert len(warnings) == 1 and warnings[0].startswith(f"mage: warning: {name}={raw!r} is ignored: it must be")


def test_hooks_log_a_malformed_override_once_not_on_every_run(kb):
    payload = {"session_id": "s", "cwd": str(kb.root), "hook_event_name": "UserPromptSubmit", "prompt": "hello"}
    for _ in range(3):
        assert run_hook("UserPromptSubmit", payload, env={"MAGE_HINT_MIN_SCORE": "abc"}).returncode == 0
    lines = [line for line in kb.errors_log.read_text().splitlines() if "MAGE_HINT_MIN_SCORE" in line]
    assert len(lines) == 1


def test_redact_check_says_in_one_line_that_all_is_clean(kb):
    """config.yaml, and the MEMORY.md and INDEX.md init writes."""
    done = run_mage("redact", "--check", cwd=kb.root)
    assert done.returncode == 0 and done.stdout == "no secrets in 3 files under mage/\n"


def test_a_personal_kb_above_a_repository_does_not_swallow_its_init(tmp_path):
    run_mage("init", cwd=tmp_path, env={"HOME": str(tmp_path)})  # a KB in ~
    project = tmp_path / "src" / "api"
    project.mkdir(parents=True)
    git(project, "init", "-q")
    done = run_mage("init", cwd=project, env={"HOME": str(tmp_path)})
    assert done.stdout.startswith(f"created a knowledge base at {project}")
    assert (project / "mage" / "config.yaml").is_file()
