"""Reading config.yaml into a Config (dials.py): the YAML half of kb/config.py.

Kept apart so the hook path, which reads config.py's JSON cache, loads none of
it. Every problem is a ConfigError naming the file, the line and the key.
"""

from mage_engine.base.errors import ConfigError
from mage_engine.kb.dials import AUTONOMIES, SENSITIVITIES, Config


def config_from_text(text: str, path) -> Config:
    """The Config that the YAML `text` of `path` describes (defaults for what it leaves out)."""
    import yaml  # lazy: the hook path reads the JSON cache instead

    from mage_engine.kb import safe_yaml

    try:
        data = safe_yaml.load(text) if text.strip() else {}
        lines = _key_lines(yaml, text)
    except yaml.YAMLError as error:
        from mage_engine.kb.yaml_marks import error_line, error_problem

        line = error_line(error, text)
        problem = error_problem(error)
        raise ConfigError(f"{path}:{line}: malformed YAML ({problem})", "fix the file or delete it to use the defaults")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}:1: expected a mapping of settings, got {type(data).__name__}",
                          "see the README's configuration section")
    return _config_from_mapping(data, path, lines)


def _key_lines(yaml, text: str) -> dict:
    """Map dotted key paths ('hint.min_score') to their 1-based line numbers."""
    lines: dict = {}

    def walk(node, prefix):
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                dotted = f"{prefix}{key_node.value}"
                lines[dotted] = key_node.start_mark.line + 1
                walk(value_node, dotted + ".")

    if text.strip():
        from mage_engine.kb import safe_yaml

        walk(safe_yaml.compose(text), "")
    return lines


_SECTIONS = {
    "hint": {"min_score": ("hint_min_score", float), "count": ("hint_count", int)},
    "capture": {"min_chars": ("capture_min_chars", int), "retain_days": ("retain_days", int),
                "max_mb": ("max_mb", int)},
    "memory": {"budget_lines": ("budget_lines", int)},
}


TOP_KEYS = ("sensitivity", "autonomy", *_SECTIONS, "thresholds", "logs", "kbs", "scratch")  # the last two: config_kbs.py


def _unknown_keys(data: dict, config: Config, path, lines: dict) -> None:
    """A typo (`sensitivty: high`) would silently keep the default: a warning naming the nearest key."""
    from difflib import get_close_matches

    def say(key: str, known) -> None:
        near = get_close_matches(key.rsplit(".", 1)[-1], known, n=1, cutoff=0.6)
        hint = f"did you mean '{near[0]}'?" if near else f"known keys: {', '.join(known)}"
        config.warnings.append(f"{path}:{lines.get(key, 1)}: unknown key '{key}', ignored ({hint})")

    for key in data:
        if str(key) not in TOP_KEYS:
            say(str(key), TOP_KEYS)
        elif str(key) in _SECTIONS and isinstance(data[key], dict):
            for name in data[key]:
                if str(name) not in _SECTIONS[key]:
                    say(f"{key}.{name}", tuple(_SECTIONS[key]))


def _config_from_mapping(data: dict, path, lines: dict) -> Config:
    config = Config()
    _unknown_keys(data, config, path, lines)

    def fail(key, problem):
        raise ConfigError(f"{path}:{lines.get(key, 1)}: key '{key}' {problem}",
                          "fix the value or remove the key to use the default")

    config.sensitivity = _dial(data, "sensitivity", SENSITIVITIES, "normal", config, path, lines)
    config.autonomy = _dial(data, "autonomy", AUTONOMIES, "operator", config, path, lines)
    for section, keys in _SECTIONS.items():
        block = data.get(section)
        if block is None:
            continue
        if not isinstance(block, dict):
            fail(section, "must be a mapping, like `hint: {min_score: 0.5}`")
        for name, (attr, kind) in keys.items():
            if name in block:
                setattr(config, attr, _typed(block[name], kind, f"{section}.{name}", fail))
    if not 0 <= config.hint_min_score <= 1:  # NaN too: no comparison holds for it
        fail("hint.min_score", "must be between 0 and 1")
    config.thresholds = _thresholds(data.get("thresholds"), fail)
    config.logs = bool(data.get("logs", False))
    from mage_engine.kb.config_kbs import read_kbs_keys

    read_kbs_keys(data, config, fail)
    return config


def _dial(data, key, allowed, default, config, path, lines) -> str:
    value = data.get(key)
    if value is None:
        return default
    if value in allowed:
        return value
    config.warnings.append(f"{path}:{lines.get(key, 1)}: unknown {key} '{value}', using '{default}' "
                           f"(choose one of {', '.join(allowed)})")
    return default


def _typed(value, kind, key, fail):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(key, f"must be a number, got {value!r}")
    if kind is int and int(value) != value:
        fail(key, f"must be a whole number, got {value!r}")
    if value < 0:
        fail(key, f"must not be negative, got {value!r}")
    return kind(value)


def _thresholds(block, fail):
    if block is None:
        return None
    if not isinstance(block, dict):
        fail("thresholds", "must be a mapping like `thresholds: {K: 3, M: 5}`")
    result = {}
    for name in ("K", "M"):
        if name in block:
            value = _typed(block[name], int, f"thresholds.{name}", fail)
            if value < 1:
                fail(f"thresholds.{name}", "must be at least 1")
            result[name] = value
    return result or None
