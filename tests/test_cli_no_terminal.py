"""Without a terminal, the commands that open the app refuse at once and name the headless form.

An automated check runs `mage groom` with stdin at /dev/null and stdout in a
pipe: the app would wait for keys forever. Each case runs the real `mage`
with a timeout far below what the app takes to start and stop.
"""

import os
import pty
import subprocess

import pytest

from helpers.process import run_mage
from helpers.process import BIN, AGENT_ENV_VARS

NO_TERMINAL = [
    (["groom"], "mage groom --accept ID"),
    (["tui"], "mage drafts"),
    (["tui", "--pane", "notes"], "mage notes"),
    (["demo"], "mage demo --no-app"),
    (["demo", "--keep"], "mage demo --no-app"),
]


@pytest.mark.parametrize("args,instead", NO_TERMINAL, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_with_stdin_not_a_terminal_the_app_commands_refuse_in_one_line(kb, tmp_path, args, instead):
    done = run_mage(*args, cwd=kb.root, input="", env={"TMPDIR": str(tmp_path)}, timeout=20)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("mage: ") and "needs a terminal" in line and instead in line
    assert not any(tmp_path.glob("mage-demo-*")), "no demo KB is built for an app that cannot open"


def test_with_stdout_in_a_pipe_groom_refuses_even_when_stdin_is_a_terminal(kb):
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in AGENT_ENV_VARS}
    try:
        done = subprocess.run([str(BIN / "mage"), "groom"], cwd=kb.root, stdin=slave, capture_output=True,
                              text=True, env=env, timeout=20)
    finally:
        os.close(slave)
        os.close(master)
    assert done.returncode == 2 and "needs a terminal" in done.stderr and "mage drafts" in done.stderr


@pytest.mark.parametrize("args,says", [
    (["groom", "--into", "some-note"], "--into goes with --merge"),
    (["groom", "--reason", "foo"], "--reason goes with --reject or --propose"),
    (["groom", "--verdict", "accept"], "--verdict goes with --propose"),
    (["groom", "--accept", "a-draft", "--into", "some-note"], "--into goes with --merge, not --accept"),
    (["groom", "--accept", "a-draft", "--verdict", "reject"], "--verdict goes with --propose, not --accept"),
    (["groom", "--json"], "--json goes with an action"),
    (["groom", "a-draft"], "draft ids need an action"),
])
def test_an_option_without_its_action_is_a_usage_error_not_the_app(kb, args, says):
    done = run_mage(*args, cwd=kb.root, input="", timeout=20)
    assert done.returncode == 2 and says in done.stderr, done.stderr
    assert "needs a terminal" not in done.stderr, "the mistake is named, not the missing terminal"


def test_the_headless_forms_still_work_without_a_terminal(kb):
    done = run_mage("stage", "--title", "Pin the uv cache key", "--body", "Key it on uv.lock.", cwd=kb.root,
                    input="")
    assert done.returncode == 0, done.stderr
    draft = run_mage("drafts", "--json", cwd=kb.root, input="")
    assert draft.returncode == 0
    done = run_mage("groom", "--accept-all", cwd=kb.root, input="")
    assert done.returncode == 0 and "accept" in done.stdout
