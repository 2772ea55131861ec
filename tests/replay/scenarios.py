"""Planted patterns and realistic noise, each a few hook events appended to a Session.

Planted (each must become exactly one candidate once seen in K chapters):
- IMPORT_FIX: pytest fails with ModuleNotFoundError, `pip install -e .`, pytest passes;
- FLAKY_RETRY: a network test fails with ConnectionResetError, passes with `--reruns N`;
- PNPM_CORRECTION: the agent runs npm, the user says to use pnpm.
Noise (must yield nothing, at any dial): ordinary tool use, different errors once
each, the same error never fixed, source-code fixes, harness notifications, a
"no" with nothing to learn, a compaction with no work, and a subagent repeating
a fix pattern (recorded, never the user's work).
"""

from replay.payloads import SUBAGENT

IMPORT_FIX = "fix: pytest | ModuleNotFoundError: No module named <name> | pip install -e ."
FLAKY_RETRY = "retry: pytest | ConnectionResetError: [Errno <n>] Connection reset by peer | with --reruns <n>"
PNPM_CORRECTION = "correction: npm | use pnpm"
PLANTED = (IMPORT_FIX, FLAKY_RETRY, PNPM_CORRECTION)


def pytest_collection_error(module: str, test_file: str, seconds: str) -> str:
    return f"""============================= test session starts ==============================
platform linux -- Python 3.11.9, pytest-8.3.2, pluggy-1.5.0
rootdir: /home/dev/work/acme
collected 0 items / 1 error

==================================== ERRORS ====================================
_____________________ ERROR collecting {test_file} ______________________
ImportError while importing test module '/home/dev/work/acme/{test_file}'.
Traceback:
/usr/lib/python3.11/importlib/__init__.py:126: in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
{test_file}:3: in <module>
    from {module} import create_invoice
E   ModuleNotFoundError: No module named '{module}'
=========================== short test summary info ============================
ERROR {test_file}
!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!
=============================== 1 error in {seconds}s ==============================="""


def import_fix(session, command="pytest -q", module="acme_billing", test_file="tests/test_api.py"):
    session.prompt("Run the test suite and fix whatever is broken.")
    session.bash_fails(command, pytest_collection_error(module, test_file, "0.12"), code=2)
    session.read("pyproject.toml")
    session.bash("pip install -e .", "Successfully installed acme-billing-0.3.1")
    session.bash(command, "42 passed in 1.93s")


def flaky_retry(session, test_file="tests/test_network.py", reruns=3, errno=104, line=88):
    session.prompt(f"Run {test_file} please.")
    session.bash_fails(f"pytest {test_file}", f"""{test_file}::test_fetch_rates FAILED
{test_file}:{line}: in test_fetch_rates
    rates = client.get("/rates")
E   ConnectionResetError: [Errno {errno}] Connection reset by peer
FAILED {test_file}::test_fetch_rates - ConnectionResetError: [Errno {errno}] Connection reset by peer
========================= 1 failed, 41 passed in 3.21s =========================""")
    session.bash(f"pytest {test_file} --reruns {reruns}", "42 passed, 1 rerun in 4.02s")


def pnpm_correction(session, command="npm install lodash", said="No, use pnpm here — this repo is a pnpm workspace.",
                    then="pnpm add lodash"):
    session.prompt("Add lodash to the web app.")
    session.bash(command, "added 1 package, and audited 213 packages in 2s")
    session.prompt(said)
    session.bash(then, "Packages: +1")


def ordinary_work(session, n=1):
    session.prompt(f"Tidy up the README section {n}.")
    session.read("README.md")
    session.edit("README.md", "old text", "new text")
    session.bash("git status --short", " M README.md")
    session.bash("git diff --stat", " README.md | 4 ++--")


def source_fix(session, line=17):
    """A failing test fixed by editing ordinary code: programming, not a recurring procedure."""
    session.bash_fails("pytest -q tests/test_totals.py", f"""tests/test_totals.py:{line}: in test_total
E   AssertionError: assert 99 == 100
FAILED tests/test_totals.py::test_total - AssertionError: assert 99 == 100""")
    session.read("src/acme_billing/totals.py")
    session.edit("src/acme_billing/totals.py", "round(x)", "round(x, 2)")
    session.bash("pytest -q tests/test_totals.py", "3 passed")


def one_off_errors(session, which: int):
    """A different error each time, each fixed once."""
    if which == 0:
        session.bash_fails("npm run build", "TypeError: Cannot read properties of undefined (reading 'map')")
        session.bash("npm ci", "added 812 packages")
        session.bash("npm run build", "built in 4.1s")
    else:
        session.bash_fails("cargo build", "error[E0658]: use of unstable library feature 'let_chains'", code=101)
        session.bash("rustup update stable", "stable updated")
        session.bash("cargo build", "Finished dev [unoptimized] target(s) in 9.02s")


def unfixed_error(session):
    session.prompt("Why does lint fail?")
    for _ in range(2):
        session.bash_fails("make lint", "src/acme_billing/api.py:12:1: E302 expected 2 blank lines, found 1\n"
                                        "make: *** [Makefile:9: lint] Error 1", code=2)
        session.read("Makefile")


def harness_noise(session):
    """After an action: a task notification and an interruption, neither of them a person correcting."""
    session.bash("npm run build", "built in 3.9s")
    session.prompt("<task-notification>\n<task-id>b7f1</task-id>\n<status>failed</status>\n<summary>Background "
                   "command \"npm test\" failed. Don't use npm; use pnpm.</summary>\n</task-notification>")
    session.prompt("[Request interrupted by user for tool use]")
    session.bash("npm run lint", "0 problems")
    session.prompt("no, that's fine, leave it as it is.")


def subagent_fix(session):
    """A subagent fixing `go test` with `go mod tidy`: recorded as sub, never counted."""
    session.bash_fails("go test ./...", "pkg/rates/rates.go:14:2: undefined: decimal.NewFromString", **SUBAGENT)
    session.bash("go mod tidy", "go: finding module for package github.com/shopspring/decimal", **SUBAGENT)
    session.bash("go test ./...", "ok  \tacme/pkg/rates\t0.41s", **SUBAGENT)
