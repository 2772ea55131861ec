"""Signatures: normalisation, command heads, and what never makes a signature (docs/recurrence.md#what-a-signature-is)."""

import pytest

from mage_engine.recurrence import command_kinds, flags
from mage_engine.recurrence.observations import analyse
from mage_engine.recurrence.corrections import wanted
from mage_engine.recurrence.signatures import error_class, normalise_text
from mage_engine.recurrence.steps import hook_steps


@pytest.mark.parametrize("raw, normalised", [
    ("No such file: /home/dev/work/acme/src/app.py", "No such file: <path>"),
    ("failed after 12 retries in 0.52s", "failed after <n> retries in <n>s"),
    ("commit 3f9a2c1b8e is not a descendant", "commit <hash> is not a descendant"),
    ("request 9b2f6c1e-4d3a-4f7e-9a2b-1c3d5e7f9a0b timed out", "request <id> timed out"),
    ("tool toolu_01ABCdefGH123456 crashed", "tool <id> crashed"),
    ("cannot write /tmp/pytest-of-dev/pytest-12/out.json", "cannot write <tmp>"),
    ("wrote tmpa8x93kq2/result.txt", "wrote <tmp>"),
    ("src/app.py:42:7: E501 line too long", "<path>:<line>: E501 line too long"),
    ('File "x.py", line 42, in main', "File <path>, line <n>, in main"),
    ("KeyError: 'user_id'", "KeyError: <name>"),
    ("expected \"a long sentence here\" got nothing", "expected <value> got nothing"),
    ("installed requests v2.32.3", "installed requests v<n>"),
    ("python3 and utf8 keep their digits", "python3 and utf8 keep their digits"),
])
def test_volatile_parts_become_placeholders(raw, normalised):
    assert normalise_text(raw) == normalised


def test_the_same_error_in_two_places_has_one_class():
    first = error_class("E   ModuleNotFoundError: No module named 'acme_billing'", 2)
    second = error_class("E ModuleNotFoundError: No module named 'acme_billing.invoices'", 1)
    assert first == second == "ModuleNotFoundError: No module named <name>"


def test_a_shell_failure_keeps_its_exit_code_and_drops_the_shell_prefix():
    assert error_class("bash: line 1: rg: command not found", 127) == "exit 127: rg: command not found"
    assert error_class("", 2) == "exit 2"
    assert error_class("", None) == ""


@pytest.mark.parametrize("command, head", [
    ("cd /repo && uv run python -m pytest -q tests/ 2>&1 | tail -20", "pytest"),
    ("CI=1 timeout 60 cargo test --release", "cargo test"),
    ("npm run build", "npm run build"),
    ("git -C ../other push origin main", "git push"),
    ("npx eslint src/", "eslint"),
    ("python manage.py migrate --noinput", "manage.py migrate"),
])
def test_the_head_is_the_program_that_did_the_work(command, head):
    assert command_kinds.head(command) == head


def test_a_retry_is_the_same_command_with_other_flags_or_environment():
    assert flags.skeleton("pytest t.py") == flags.skeleton("CI=1 pytest t.py --reruns 3")
    assert flags.delta("pytest -x t.py", "CI=1 pytest t.py") == "with CI=<n>, without -x"
    assert flags.skeleton("pytest a.py") != flags.skeleton("pytest b.py")


@pytest.mark.parametrize("prompt, want", [
    ("No, use pnpm here — this repo is a pnpm workspace.", "use pnpm"),
    ("Don't use npm here, we use pnpm.", "use pnpm"),
    ("Stop — we use pnpm in this repo, not npm.", "use pnpm"),
    ("don't push to main please", "don't push to main"),
    ("no", ""),
    ("no, that's fine, leave it as it is.", ""),
])
def test_what_the_user_wanted_is_read_from_the_correction(prompt, want):
    assert wanted(prompt) == want


def steps_of(*records):
    return [step for record in records for step in hook_steps({"ts": "t", **record})]


def tool(command=None, ok=True, tool_name="Bash", **fields):
    record = {"event": "PostToolUse" if ok else "PostToolUseFailure", "tool": tool_name, "ok": ok, **fields}
    if command:
        record["command"] = command
    return record


def test_tool_and_file_names_alone_never_make_a_signature():
    steps = steps_of(*[tool(tool_name="Read", paths=["README.md"]), tool(tool_name="Edit", paths=["README.md"]),
                       tool("git status"), {"event": "UserPromptSubmit", "prompt": "now the ADR-12 section"}] * 3)
    assert analyse(steps) == ([], [])


def test_a_fix_by_editing_ordinary_code_is_not_a_procedure():
    steps = steps_of(tool("pytest -q", ok=False, error="AssertionError: assert 1 == 2"),
                     tool(tool_name="Edit", paths=["src/totals.py"]), tool("pytest -q"))
    assert analyse(steps)[0] == []


def test_a_fix_by_editing_a_config_file_is_one():
    steps = steps_of(tool("pytest -q", ok=False, error="E ModuleNotFoundError: No module named 'acme'"),
                     tool(tool_name="Edit", paths=["pyproject.toml"]), tool("pytest -q"))
    assert [o["sig"] for o in analyse(steps)[0]] == [
        "fix: pytest | ModuleNotFoundError: No module named <name> | edit pyproject.toml"]


def test_passing_again_with_nothing_changed_is_a_flake_not_a_fix():
    steps = steps_of(tool("pytest -q", ok=False, error="E TimeoutError"), tool(tool_name="Read", paths=["x.py"]),
                     tool("ls -la"), tool("pytest -q"))
    assert analyse(steps)[0] == []


def test_a_correction_needs_an_action_before_it():
    prompt = {"event": "UserPromptSubmit", "prompt": "No, use pnpm."}
    assert analyse(steps_of(prompt))[0] == []
    found = analyse(steps_of(tool("npm install x"), prompt))[0]
    assert [o["sig"] for o in found] == ["correction: npm | use pnpm"]
