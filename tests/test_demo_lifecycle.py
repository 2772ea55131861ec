"""`mage demo`: a git repository with one commit, removed when the app closes unless kept.

The app itself runs for real in a pseudo-terminal (Textual draws, `q` quits);
the folder it ran on must be gone afterwards, and the git command the app
prints after an accept must work in a demo that was kept.
"""

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import termios
import time
from pathlib import Path

import pytest

from helpers.process import BIN, run_mage
from mage_engine.demo.build import DEMO_NOW
from mage_engine.demo.lifecycle import DemoSession


def git(root, *args) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout


def run_app_in_a_terminal(args, env, quit_after: bytes = b"Staging", timeout: float = 90) -> str:
    """Run `mage ARGS` on a 120x40 pseudo-terminal, press q once the app shows `quit_after`; its output."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    process = subprocess.Popen([str(BIN / "mage"), *args], stdin=slave, stdout=slave, stderr=slave,
                               env={**env, "TERM": "xterm-256color"}, close_fds=True, start_new_session=True)
    os.close(slave)
    seen, started, pressed = b"", time.monotonic(), False
    try:
        while process.poll() is None and time.monotonic() - started < timeout:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
            if not pressed and quit_after in seen:
                time.sleep(0.5)
                os.write(master, b"q")
                pressed = True
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    return re.sub(r"\x1b\[[0-9;?<>]*[A-Za-z]", "", seen.decode("utf-8", "replace"))


def test_the_demo_is_a_repository_where_the_printed_git_command_works(tmp_path):
    root = tmp_path / "demo"
    done = run_mage("demo", "--path", root, "--no-app")
    assert done.returncode == 0 and "a git repository with one initial commit" in done.stdout
    assert len(git(root, "log", "--format=%H").split()) == 1
    assert git(root, "status", "--porcelain") == "", "everything built is committed; .mage/ is ignored"
    draft = sorted(p.stem for p in (root / ".mage" / "staging").glob("*.md"))[0]
    accepted = run_mage("groom", "--accept", draft, cwd=root)
    command = accepted.stdout.strip().splitlines()[-1].strip()
    assert command.startswith("git add ") and " && git commit -m " in command
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    assert subprocess.run(["sh", "-c", command], cwd=root, env=env, capture_output=True).returncode == 0
    assert len(git(root, "log", "--format=%H").split()) == 2


def test_a_temporary_demo_is_removed_when_the_app_closes(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_")}
    output = run_app_in_a_terminal(["demo"], {**env, "TMPDIR": str(tmp_path)})
    where = Path(re.search(r"Demo knowledge base: (\S+)", output).group(1))
    assert where.is_relative_to(tmp_path)
    assert "Removed the temporary demo KB" in output
    assert not where.exists() and not any(tmp_path.glob("mage-demo-*")), "nothing left behind"


def test_keep_and_no_app_leave_the_demo_and_say_how_to_remove_it(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAGE_")}
    done = subprocess.run([str(BIN / "mage"), "demo", "--no-app"], env={**env, "TMPDIR": str(tmp_path)},
                          capture_output=True, text=True, timeout=120)
    (folder,) = tmp_path.glob("mage-demo-*")
    assert done.returncode == 0 and f"remove it with `rm -rf {folder}`" in done.stdout
    assert (folder / "acme-api" / "mage" / "config.yaml").is_file()


def test_the_session_removes_its_folder_even_when_the_app_fails(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    with pytest.raises(KeyboardInterrupt):
        with DemoSession(now=DEMO_NOW) as session:
            assert session.built.kb.notes_dir.is_dir() and session.git
            raise KeyboardInterrupt  # ctrl-c in the app
    assert not session.root.exists() and not any(tmp_path.glob("mage-demo-*"))
    with DemoSession(keep=True, now=DEMO_NOW) as kept:
        pass
    assert kept.root.is_dir()
