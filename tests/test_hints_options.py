"""`mage hints` as a user's hands type it: stdin in any bytes, a session's start for its id,
options that would do nothing refused, a config the hooks cannot read said aloud."""

import subprocess

import pytest

from helpers.hook import run_hook
from helpers.process import BIN, run_mage
from helpers.recall import eval_kb, indexed_eval_kb, injected, prompt_payload, start_payload

LOCK = "terraform plan in live/prod/eks -> Error acquiring the state lock. can I delete the row in dynamodb?"


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return indexed_eval_kb(tmp_path_factory.mktemp("hints-options") / "project")


def test_prompts_on_stdin_that_are_not_utf8_are_explained_not_a_crash(kb):
    done = subprocess.run([str(BIN / "mage"), "hints", "--why", "-"], input=LOCK.encode() + b" \xff\xfe\n",
                          capture_output=True, cwd=kb.root, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().startswith("hinted tf-state-lock-force-unlock")


def test_why_with_the_start_of_a_session_id_reads_that_sessions_standing_context(kb):
    session = "5f1c2a9e-0000-4000-8000-00000000abcd"
    start = injected(run_hook("SessionStart", start_payload(kb, session)))
    standing = next(line[2:].split(" (")[0] for line in start.splitlines() if line.startswith("- "))
    note = (kb.notes_dir / f"{standing}.md").read_text()
    title = next(line[7:] for line in note.splitlines() if line.startswith("title: "))
    full = run_mage("hints", "--why", title, "--session", session, cwd=kb.root).stdout
    short = run_mage("hints", "--why", title, "--session", "5f1c", cwd=kb.root).stdout
    assert "in standing context" in full and short == full


def test_a_session_no_record_knows_is_an_error_of_one_line(kb):
    done = run_mage("hints", "--why", LOCK, "--session", "nosuch", cwd=kb.root)
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "no session of this knowledge base starts with 'nosuch'" in done.stderr


@pytest.mark.parametrize("args, says", [
    (("--floor", "0.3"), "--floor goes with --why"),
    (("--report", "--floor", "0.3"), "--floor goes with --why"),
    (("--report", "--why", "kestrel"), "--report and --why are two views"),
    (("--report", "--session", "s1"), "--report covers every session"),
    (("--session", ""), "--session needs an id"),
])
def test_options_that_would_do_nothing_are_a_usage_error(kb, args, says):
    done = run_mage("hints", *args, cwd=kb.root)
    assert done.returncode == 2 and says in done.stderr


def test_a_config_the_hooks_cannot_read_is_said_by_the_commands_that_show_what_they_do(tmp_path):
    kb = eval_kb(tmp_path / "project")
    assert run_mage("index", cwd=kb.root).returncode == 0
    with open(kb.config_path, "a") as config:
        config.write("hint:\n  min_score: 2\n")
    for command in (("hints", "--why", LOCK), ("recall", "state lock"), ("eval",)):
        done = run_mage(*command, cwd=kb.root)
        assert done.returncode == 0, done.stderr
        assert "key 'hint.min_score' must be between 0 and 1" in done.stderr, command
        assert "use the defaults" in done.stderr
    assert "(floor 0.40" in run_mage("hints", "--why", LOCK, cwd=kb.root).stdout  # the hook's default floor


@pytest.mark.parametrize("command", [("hints", "--why", LOCK), ("eval",)])
@pytest.mark.parametrize("floor", ["nan", "abc", "1.5", "-0.1"])
def test_a_floor_that_is_no_number_from_0_to_1_is_refused_in_the_users_words(kb, command, floor):
    done = run_mage(*command, "--floor", floor, "--json", cwd=kb.root)
    assert done.returncode == 2 and done.stdout == ""
    assert f"'{floor}' is not a floor: give a number from 0 to 1, like 0.6" in done.stderr
    assert "float range" not in done.stderr


def test_listing_an_unknown_or_ambiguous_session_is_an_error_as_with_why(kb):
    for session in ("a1", "a2"):
        assert run_hook("UserPromptSubmit", prompt_payload(kb, LOCK, session)).returncode == 0
    unknown = run_mage("hints", "--session", "nosuch", "--json", cwd=kb.root)
    assert unknown.returncode == 1 and unknown.stdout == ""
    assert "no session of this knowledge base starts with 'nosuch'" in unknown.stderr
    several = run_mage("hints", "--session", "a", cwd=kb.root)
    assert several.returncode == 1 and "'a' starts " in several.stderr and "…" not in several.stderr.split("sessions")[0]
    assert run_mage("hints", "--session", "a1", "--json", cwd=kb.root).returncode == 0


def test_a_prompt_argument_that_is_not_utf8_gives_json_any_parser_reads(kb):
    done = subprocess.run([str(BIN / "mage"), "hints", "--why", b"vite env \xff undefined", "--json"],
                          capture_output=True, cwd=kb.root, timeout=60)
    assert done.returncode == 0, done.stderr
    assert b"\\udcff" not in done.stdout
    rows = __import__("json").loads(done.stdout)
    assert rows[0]["prompt"] == "vite env \ufffd undefined"
    rows[0]["prompt"].encode("utf-8")  # no lone surrogate


def test_a_malformed_variable_is_warned_about_once(kb):
    done = run_mage("hints", "--why", LOCK, cwd=kb.root, env={"MAGE_HINT_MIN_SCORE": "abc"})
    assert done.returncode == 0
    assert done.stderr.count("MAGE_HINT_MIN_SCORE") == 1 and "use the defaults" not in done.stderr


def test_n_with_why_or_report_is_a_usage_error_and_an_empty_stdin_is_said(kb):
    for args in (("--why", LOCK, "-n", "1"), ("--report", "-n", "5")):
        done = run_mage("hints", *args, cwd=kb.root)
        assert done.returncode == 2 and "-n limits the list of recent prompts" in done.stderr
    done = run_mage("hints", "--why", "-", cwd=kb.root, input="\n  \n")
    assert done.returncode == 0 and done.stdout == "" and "no prompts on stdin" in done.stderr


def test_whole_reads_all_of_stdin_as_one_prompt(kb):
    paste = "terraform plan in live/prod/eks\nError: Error acquiring the state lock\nLock Info:\n  ID: 7f3a\n"
    rows = __import__("json").loads(run_mage("hints", "--why", "-", "--whole", "--json", cwd=kb.root, input=paste).stdout)
    assert len(rows) == 1 and rows[0]["prompt"] == paste
    per_line = __import__("json").loads(run_mage("hints", "--why", "-", "--json", cwd=kb.root, input=paste).stdout)
    assert len(per_line) == 4
    assert run_mage("hints", "--why", LOCK, "--whole", cwd=kb.root).returncode == 2


def test_a_prompt_that_is_a_notes_title_says_so(kb):
    note = sorted(kb.notes_dir.glob("*.md"))[0]
    title = next(line[7:] for line in note.read_text().splitlines() if line.startswith("title: "))
    why = run_mage("hints", "--why", title, cwd=kb.root).stdout
    assert f"{note.stem}  hinted (the prompt is its title)" in why
