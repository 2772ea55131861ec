"""The README tells the truth: its command table, its usage blocks and its tour are checked against mage.

sqlite-utils' tests/test_docs.py is the model. Each command the README's
table names must exist, with every flag and value it shows in its `--help`;
every command mage has must be in the table; every `mage …` line of a usage
block must parse against the real command; the five-minute tour runs in a
temporary git repository and prints what the README says it prints; the
columns, scores, settings, variables and hook events the README names are
the ones mage has. A README that promises `mage distill --dry-run`, a column
order mage does not print or a score it does not give fails here.
"""

import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from helpers.process import BIN, git, run_mage
from mage_cli.main import cli
from mage_engine.hosts.claude_code.wiring import EVENTS
from mage_engine.kb.dials import DEFAULT_CONFIG_TEXT
from mage_engine.kb.config import ENV_OVERRIDES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
TOUR_NOTE = "run-pytest-only-after-an-editable-install"
METAVAR = re.compile(r"^[A-Z][A-Z_]*…?$|…")


def command_table() -> dict:
    """{command: {"flags": set, "words": set, "does": str}} from the README's table rows."""
    table = {}
    for line in README.splitlines():
        if not line.startswith("| `mage "):
            continue
        first, does = [cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:3]]
        current = None
        for segment in first.replace("\\|", "|").split(" · "):
            named = re.match(r"`mage ([a-z-]+)", segment)
            current = named.group(1) if named else current
            entry = table.setdefault(current, {"flags": set(), "words": set(), "does": does})
            entry["flags"] |= set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-n)\b", segment))
            tail = segment[named.end():] if named else segment
            entry["words"] |= {w for w in re.findall(r"(?<![-\w])[a-z][a-z-]+(?=[|`\s]|$)", tail.replace("|", " "))
                               if w not in ("stdin",)}
    return table


def help_of(*command) -> str:
    result = CliRunner().invoke(cli, [*command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


TABLE = command_table()


def test_the_table_names_every_command_mage_has_and_no_other():
    built = set(cli.list_commands(None))
    assert set(TABLE) <= built, f"documented but missing: {sorted(set(TABLE) - built)}"
    assert built <= set(TABLE), f"built but not in the README's table: {sorted(built - set(TABLE))}"


@pytest.mark.parametrize("command", sorted(TABLE))
def test_every_flag_and_value_in_the_table_is_in_the_commands_help(command):
    text = help_of(command)
    for flag in TABLE[command]["flags"]:
        assert re.search(rf"(?<![\w-]){re.escape(flag)}\b", text), f"`mage {command}` has no {flag}"
    for word in TABLE[command]["words"]:
        assert word in text, f"`mage {command} --help` never mentions {word!r}"


def usage_lines() -> list[list[str]]:
    """Every `mage …` command line of the README's ```sh blocks, as words (comments and `\\` joined)."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        joined = re.sub(r"\\\n\s*", " ", block)
        for line in joined.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line.startswith("mage "):
                lines.append(shlex.split(line)[1:])
    return lines


@pytest.mark.parametrize("words", usage_lines(), ids=lambda w: " ".join(w)[:60])
def test_every_usage_line_parses_against_the_real_command(words):
    command = words[0]
    assert command in TABLE, f"`mage {command}` is used in a block but not in the table"
    text = help_of(command)
    for flag in (w.split("=")[0] for w in words[1:] if w.startswith("-")):
        assert re.search(rf"(?<![\w-]){re.escape(flag)}\b", text), f"`mage {command}` has no {flag}"


def tour_block() -> list[list[str]]:
    section = README.split("## Five minutes with the lesson path", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [shlex.split(re.sub(r"\s+#.*$", "", line)) for line in re.sub(r"\\\n\s*", " ", block).splitlines()
            if line.strip()]


def printed_block_after(sentence: str) -> str:
    after = README.split(sentence, 1)[1]
    return re.search(r"```\n(.*?)```", after, re.S).group(1)


@pytest.fixture(scope="module")
def tour(tmp_path_factory):
    """The tour, run as the README gives it, in a fresh git repository: each command's output."""
    project = tmp_path_factory.mktemp("tour") / "my-project"
    project.mkdir()
    git(project, "init", "-q")
    outputs = {}
    for words in tour_block():
        if words[0] == "cd":
            continue
        assert words[0] == "mage"
        done = run_mage(*words[1:], cwd=project)
        assert done.returncode == 0, f"{' '.join(words)}: {done.stderr}"
        outputs[words[1]] = done
    return project, outputs


def test_the_tour_runs_and_accept_prints_what_the_readme_shows(tour):
    project, outputs = tour
    assert outputs["groom"].stdout == printed_block_after("prints the command to run after reading the diff:")
    assert (project / "mage" / "notes" / f"{TOUR_NOTE}.md").is_file()
    assert outputs["init"].stderr == "", "the tour runs in a git repository: no warning"


def test_the_drafts_columns_are_the_ones_the_table_lists(tmp_path):
    run_mage("init", cwd=tmp_path)
    run_mage("stage", "--title", "Pin tantivy", "--kind", "rule", "--body", "Pin it: 0.27 changed the API.",
             cwd=tmp_path)
    line = run_mage("drafts", cwd=tmp_path).stdout.splitlines()[0]
    columns = TABLE["drafts"]["does"].split(": ", 1)[1].split(", ")
    assert columns[:3] == ["id", "kind/source", "title"]
    assert re.fullmatch(r"pin-tantivy\s+rule/lesson\s+Pin tantivy", line), line


def test_the_recall_scores_the_readme_quotes(tour):
    project, _ = tour
    for prompt in ("editable install", "Run pytest only after an editable install"):
        claimed = re.search(rf"{re.escape(prompt)}[^*]*\*\*([0-9.]+)\*\*", README.replace("\n", " "), re.I)
        hit = run_mage("recall", prompt, "--json", cwd=project)
        top = json.loads(hit.stdout)[0]
        assert top["id"] == TOUR_NOTE and f"{top['score']:.2f}" == claimed.group(1), (prompt, top["score"])


def test_the_lesson_path_behaves_as_its_bullets_say(tour):
    project, _ = tour
    token = "ghp_" + "R7x2Kq9PlantedSecretToken0000abcdEF12"
    staged = run_mage("stage", "--title", "Bot token", "--body", f"Use {token} for the bot.", cwd=project)
    assert "[REDACTED:github-token]" in (project / ".mage" / "staging" / "bot-token.md").read_text()
    assert "redacted 1 secret (github-token)" in staged.stdout
    again = run_mage("stage", "--title", "Run pytest only after an editable install", "--body",
                     "Imports fail under pytest unless the package is installed with pip install -e .", cwd=project)
    assert again.stdout.startswith("not staged: duplicate of an existing note")
    long = run_mage("stage", "--title", "A long one", "--body", "word " * 300, cwd=project)
    assert "over about 1200" in long.stderr
    huge = run_mage("stage", "--title", "A huge one", "--body-file", "-", cwd=project, input="x" * 70_000)
    assert huge.returncode == 1 and "over 64 KB" in huge.stderr and "split it" in huge.stderr


def test_global_options_go_before_the_command_as_the_readme_says(tour, tmp_path):
    project, _ = tour
    before = run_mage("--kb", project, "--json", "status", cwd=tmp_path)
    after = run_mage("status", "--kb", project, "--json", cwd=tmp_path)
    assert before.returncode == 0 and before.stdout == after.stdout


def test_the_shell_completion_the_readme_documents_works():
    env = {**os.environ, "_MAGE_COMPLETE": "bash_source"}
    script = subprocess.run([str(BIN / "mage")], env=env, capture_output=True, text=True).stdout
    assert "complete -o" in script and "_MAGE_COMPLETE=bash_complete" in script
    env = {**os.environ, "_MAGE_COMPLETE": "bash_complete", "COMP_WORDS": "mage sta", "COMP_CWORD": "1"}
    offered = subprocess.run([str(BIN / "mage")], env=env, capture_output=True, text=True).stdout
    assert "stage" in offered and "status" in offered


def test_the_configuration_block_is_the_default_config():
    block = re.search(r"### Configuration and the two dials\n\n```yaml\n(.*?)```", README, re.S).group(1)
    assert yaml.safe_load(block) == yaml.safe_load(DEFAULT_CONFIG_TEXT)


def test_the_environment_overrides_named_are_the_ones_mage_reads():
    named = set(re.findall(r"`(MAGE_[A-Z_]+)`", README.split("The environment wins over", 1)[1][:400]))
    assert named == set(ENV_OVERRIDES)


def test_the_hook_table_lists_every_event_mage_hooks():
    table = README.split("| event | what mage does |", 1)[1].split("\n\n", 1)[0]
    listed = set(re.findall(r"\b(Session\w+|UserPromptSubmit|Pre\w+|Post\w+|Stop|SubagentStop)\b", table))
    assert listed == set(EVENTS)


def test_the_readme_links_only_files_that_exist():
    for target in re.findall(r"\]\(((?:docs|screenshots)/[^)#]+)\)", README):
        assert (ROOT / target).is_file(), target

