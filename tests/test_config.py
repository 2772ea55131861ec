"""config.yaml: defaults, dials, environment overrides, clear errors."""

import pytest

from mage_engine.base.errors import ConfigError
from mage_engine.kb.config import load_config, load_config_cached, set_dial
from helpers.process import run_mage


def write_config(kb, text):
    kb.config_path.write_text(text)


def test_defaults_match_the_spec(kb):
    config = load_config(kb, environ={})
    assert (config.sensitivity, config.autonomy) == ("normal", "operator")
    assert (config.hint_min_score, config.hint_count) == (0.5, 4)
    assert (config.capture_min_chars, config.retain_days, config.max_mb, config.budget_lines) == (400, 30, 200, 200)
    assert (config.k, config.m) == (3, 5)


@pytest.mark.parametrize("level,k,m", [("low", 4, 7), ("normal", 3, 5), ("high", 2, 4)])
def test_sensitivity_scales_k_and_m(kb, level, k, m):
    write_config(kb, f"sensitivity: {level}\n")
    config = load_config(kb, environ={})
    assert (config.k, config.m) == (k, m)


def test_explicit_thresholds_override_the_dial(kb):
    write_config(kb, "sensitivity: low\nthresholds: {K: 6}\n")
    config = load_config(kb, environ={})
    assert (config.k, config.m) == (6, 7)


def test_unknown_sensitivity_falls_back_to_normal_with_a_warning(kb):
    write_config(kb, "sensitivity: extreme\n")
    config = load_config(kb, environ={})
    assert config.sensitivity == "normal"
    assert "unknown sensitivity 'extreme'" in config.warnings[0] and "config.yaml:1" in config.warnings[0]


def test_environment_wins_over_the_file(kb):
    write_config(kb, "sensitivity: low\nhint: {min_score: 0.7, count: 2}\n")
    config = load_config(kb, environ={"MAGE_HINT_MIN_SCORE": "0.3", "MAGE_HINT_COUNT": "6",
                                      "MAGE_CAPTURE_MIN_CHARS": "10", "MAGE_SENSITIVITY": "high"})
    assert (config.hint_min_score, config.hint_count, config.capture_min_chars) == (0.3, 6, 10)
    assert config.sensitivity == "high" and config.k == 2


def test_malformed_yaml_names_file_and_line(kb):
    write_config(kb, "sensitivity: normal\nhint: {min_score: 0.5\nautonomy: operator\n")
    with pytest.raises(ConfigError) as caught:
        load_config(kb, environ={})
    message = str(caught.value)
    assert "config.yaml:" in message and "malformed YAML" in message and "\n" not in message


def test_a_bad_value_names_file_line_and_key(kb):
    write_config(kb, "sensitivity: normal\nhint:\n  min_score: lots\n")
    with pytest.raises(ConfigError) as caught:
        load_config(kb, environ={})
    assert "config.yaml:3: key 'hint.min_score' must be a number" in str(caught.value)


@pytest.mark.parametrize("value", [".nan", "1.5"])
def test_a_floor_outside_0_to_1_is_refused_nan_too(kb, value):
    write_config(kb, f"sensitivity: normal\nhint:\n  min_score: {value}\n")
    with pytest.raises(ConfigError) as caught:
        load_config(kb, environ={})
    assert "config.yaml:3: key 'hint.min_score' must be between 0 and 1" in str(caught.value)


def test_cli_reports_a_malformed_config_in_one_line(kb):
    write_config(kb, "hint: [1, 2\n")
    result = run_mage("dial", cwd=kb.root)
    assert result.returncode == 1
    assert result.stderr.startswith("mage: ") and result.stderr.count("\n") == 1
    assert "config.yaml" in result.stderr and "Traceback" not in result.stderr


def test_hooks_fall_back_to_defaults_on_a_malformed_config(kb):
    write_config(kb, "hint: {min_score: 2}\n")
    config = load_config_cached(kb, environ={})
    assert config.hint_min_score == 0.5
    assert "hint.min_score" in config.warnings[0]


def test_the_hook_cache_follows_edits(kb):
    write_config(kb, "hint: {min_score: 0.6}\n")
    assert load_config_cached(kb, environ={}).hint_min_score == 0.6
    write_config(kb, "hint: {min_score: 0.65, count: 3}\n")
    assert load_config_cached(kb, environ={}).hint_count == 3


def test_setting_a_dial_keeps_comments_and_other_keys(kb):
    before = kb.config_path.read_text()
    set_dial(kb, "sensitivity", "high")
    after = kb.config_path.read_text()
    assert "sensitivity: high" in after and "# low | normal | high" in after
    assert [l for l in before.splitlines() if not l.startswith("sensitivity")] == \
           [l for l in after.splitlines() if not l.startswith("sensitivity")]
    assert load_config(kb, environ={}).k == 2


def test_dial_command_shows_and_sets(kb):
    result = run_mage("dial", "sensitivity", "low", cwd=kb.root)
    assert result.returncode == 0, result.stderr
    assert "K=4" in result.stdout and "M=7" in result.stdout
    assert "sensitivity: low" in kb.config_path.read_text()
    bad = run_mage("dial", "autonomy", "god", cwd=kb.root)
    assert bad.returncode == 2 and "choose one of operator, approver, overseer" in bad.stderr  # a usage error


def test_the_agent_cannot_raise_its_own_autonomy(kb):
    result = run_mage("dial", "autonomy", "overseer", cwd=kb.root, env={"CLAUDECODE": "1"})
    assert result.returncode == 1 and "only a person changes autonomy" in result.stderr
    assert "autonomy: operator" in kb.config_path.read_text()


def test_every_key_mage_reads_is_known_and_a_typo_is_named(kb):
    kb.config_path.write_text("kbs:\n  - ../team-memory\nscratch: shared\nsensitivty: high\n")
    config = load_config(kb)
    assert config.scratch == "shared" and [entry["path"] for entry in config.kbs] == ["../team-memory"]
    assert len(config.warnings) == 1 and "unknown key 'sensitivty'" in config.warnings[0]
    assert "did you mean 'sensitivity'?" in config.warnings[0]
