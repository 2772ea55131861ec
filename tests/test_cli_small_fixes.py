"""Small CLI promises a new user tripped over: usage errors exit 2, --json is JSON, counts count what they say."""

import json
import random
import string
import subprocess

from helpers.process import run_mage

RNG = random.Random(41)


def token() -> str:
    return "ghp_" + "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(35)) + "7"


def test_an_unknown_dial_value_is_a_usage_error_naming_the_choices(kb):
    for dial, value, choices in (("sensitivity", "extreme", "low, normal, high"),
                                 ("autonomy", "boss", "operator, approver, overseer")):
        done = run_mage("dial", dial, value, cwd=kb.root)
        assert done.returncode == 2 and f"unknown {dial} '{value}': choose one of {choices}" in done.stderr
    assert "sensitivity: normal" in kb.config_path.read_text(), "nothing written"


def test_setting_a_dial_the_environment_overrides_says_the_environment_wins(kb):
    done = run_mage("dial", "sensitivity", "normal", cwd=kb.root, env={"MAGE_SENSITIVITY": "low"})
    assert done.returncode == 0
    assert "MAGE_SENSITIVITY=low in this environment wins" in done.stderr
    assert "sensitivity: normal" in kb.config_path.read_text()
    assert "wins" not in run_mage("dial", "sensitivity", "high", cwd=kb.root).stderr


def test_redact_without_an_action_is_a_usage_error_naming_the_actions(kb):
    done = run_mage("redact", cwd=kb.root)
    assert done.returncode == 2 and "choose one action: --check [PATH…|-], --install-hook or --rescrub" in done.stderr
    both = run_mage("redact", "--check", "--rescrub", cwd=kb.root)
    assert both.returncode == 2 and "not --check and --rescrub" in both.stderr


def test_redact_install_hook_json_prints_json(tmp_path):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    run_mage("init", cwd=tmp_path)
    done = run_mage("redact", "--install-hook", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["installed"].endswith("pre-commit") and (tmp_path / ".git" / "hooks" / "pre-commit").is_file()


def test_the_secret_count_names_the_files_holding_them_of_the_files_scanned(kb):
    for index in range(8):
        (kb.notes_dir / f"n{index}.md").write_text(f"note {index}\n")
    (kb.notes_dir / "n0.md").write_text("".join(f"line {token()}\n" for _ in range(3)))
    done = run_mage("redact", "--check", cwd=kb.root)
    assert done.returncode == 1
    assert "3 secret(s) found in 1 of " in done.stderr and "files under mage/" in done.stderr


def test_a_misspelt_config_key_is_a_warning_naming_the_nearest_key(kb):
    with kb.config_path.open("a") as handle:
        handle.write("sensitivty: high\n")
    report = json.loads(run_mage("doctor", "--json", cwd=kb.root).stdout)
    (config,) = [c for c in report["checks"] if c["name"] == "config"]
    assert config["status"] == "warn"
    assert "unknown key 'sensitivty', ignored (did you mean 'sensitivity'?)" in config["detail"]
    shown = run_mage("dial", cwd=kb.root)
    assert "did you mean 'sensitivity'?" in shown.stderr


def test_the_top_level_help_says_which_commands_take_no_kb(kb):
    help_text = run_mage("--help").stdout
    assert "for any command" not in help_text and "every command but scrub and demo" in help_text
    for command in ("scrub", "demo"):
        done = run_mage("--kb", kb.root, command, cwd=kb.root, input="")
        assert done.returncode == 2 and f"--kb does not apply to `mage {command}`" in done.stderr
    assert run_mage("--kb", kb.root, "status", cwd=kb.root).returncode == 0
