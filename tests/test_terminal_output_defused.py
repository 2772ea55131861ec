"""Nothing a repository's files hold can drive the terminal through what `mage` prints (mage_cli/safe_output.py).

A cloned repository plants escape sequences where no listing defuses them one by
one: a skill's name, an unknown key in mage/config.yaml. Printed raw, `\\e]52;…\\a`
writes the clipboard and `\\e]0;…\\a` sets the window's title. Every command's
output goes through streams that make control characters spaces; mage's own
colours (doctor, on a terminal) still show, and `mage scrub` still passes its
input through unchanged but for secrets.
"""

import json
import os
import pty
import select
import subprocess

from helpers.process import BIN, run_mage

OSC = "\x1b]52;c;b3duZWQ=\x07\x1b]0;owned\x07"
RAW = ("\x1b", "\x07", "\r", "\u202e", "\x9b")


def plant(kb):
    yaml = OSC.replace("\x1b", "\\e").replace("\x07", "\\a") + "\\r\\u202e\\x9b"
    skill = kb.root / "mage" / "skills" / "deploy-staging"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\nname: \"deploy{yaml}staging\"\ndescription: Deploy the staging "
                                    "cluster with the blue-green script.\n---\nRun the script.\n", encoding="utf-8")
    config = kb.root / "mage" / "config.yaml"
    config.write_text(config.read_text(encoding="utf-8") + f"\"colour{yaml}\": 1\n", encoding="utf-8")


def test_no_command_prints_a_planted_control_character(kb):
    plant(kb)
    for command in (["recall", "deploy staging cluster"], ["hints"], ["status"], ["doctor"],
                    ["recall", "--json", "deploy staging cluster"]):
        done = run_mage(*command, cwd=kb.root)
        for stream in (done.stdout, done.stderr):
            assert not any(raw in stream for raw in RAW), (command, stream)
    shown = run_mage("recall", "deploy staging cluster", cwd=kb.root).stdout
    assert "skill:deploy" in shown and "]52;c;b3duZWQ=" in shown  # said, defused: the reader sees the attempt
    printed = run_mage("recall", "--json", "deploy staging cluster", cwd=kb.root).stdout
    assert "\\u202e" in printed and "\\u0007" in printed  # JSON says them with its own escapes
    ids = [hit["id"] for hit in json.loads(printed)]
    assert any("\u202e" in i and OSC in i for i in ids), ids  # and a script reading it gets the data as it is


def test_mage_scrub_passes_its_input_through_unchanged(tmp_path):
    source = tmp_path / "log.txt"
    source.write_bytes("line\x1b[2K one\ttab \u202e\n".encode("utf-8"))
    done = subprocess.run([str(BIN / "mage"), "scrub", str(source)], capture_output=True)
    assert done.returncode == 0 and done.stdout == source.read_bytes()


def test_doctor_keeps_its_own_colours_on_a_terminal(kb):
    plant(kb)
    output = _on_a_terminal([str(BIN / "mage"), "doctor"], kb.root)
    assert "\x1b[33m" in output or "\x1b[31m" in output, output  # warn / fail in colour
    assert "\x1b]" not in output and "\x07" not in output, output  # the planted sequences are not


def _on_a_terminal(argv, cwd) -> str:
    """What `argv` writes when its stdout and stderr are a pseudo-terminal."""
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "MAGE_KB")}
    process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the other end closed: the process is done
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=30)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_every_control_and_invisible_character_is_defused_between_any_text():
    """The stream filter catches each character wherever it sits (its fast path skips text by a
    match's first byte: a character whose first byte it forgot would pass)."""
    import io

    from mage_cli import safe_output
    from mage_engine.base.clip import CONTROL, INVISIBLE

    target = io.BytesIO()
    stream = io.TextIOWrapper(safe_output._DefusingBuffer(target, safe_output._pattern("utf-8")),
                              encoding="utf-8", write_through=True)
    codes = [code for code in (*CONTROL, *INVISIBLE) if code not in (0x09, 0x0A)]
    stream.write("".join(f"é—{chr(code)}…x" for code in codes) + "\x1b[31mred\x1b[0m\x1b[8mhid\n")
    written = target.getvalue().decode("utf-8")
    assert not any(chr(code) in written.replace("\x1b[31m", "").replace("\x1b[0m", "") for code in codes)
    assert written.startswith("é— …xé— …x") and "\x1b[31mred\x1b[0m" in written and " [8mhid" in written
