"""config.yaml: defaults, the two dials, environment overrides.

The file is read with yaml.safe_load only. Hooks read it through
`load_config_cached`, which keeps a JSON copy in .mage/state/ so the hot path
never imports yaml unless the file changed.
"""

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from mage_engine.errors import ConfigError
from mage_engine.kb.layout import KB

SENSITIVITIES = ("low", "normal", "high")
AUTONOMIES = ("operator", "approver", "overseer")
THRESHOLDS = {"low": (4, 7), "normal": (3, 5), "high": (2, 4)}

DEFAULT_CONFIG_TEXT = """\
# mage settings for this knowledge base. Docs: `mage dial --help`.
sensitivity: normal      # low | normal | high  -> K and M (see `mage dial`)
autonomy: operator       # operator | approver | overseer: what the agent may groom
hint: {min_score: 0.5, count: 4}
capture: {min_chars: 400, retain_days: 30, max_mb: 200}
memory: {budget_lines: 200}
"""

ENV_OVERRIDES = {
    "MAGE_HINT_MIN_SCORE": ("hint_min_score", float),
    "MAGE_HINT_COUNT": ("hint_count", int),
    "MAGE_CAPTURE_MIN_CHARS": ("capture_min_chars", int),
    "MAGE_SENSITIVITY": ("sensitivity", str),
}


@dataclass
class Config:
    """Every setting mage reads, after defaults, the file and the environment."""

    sensitivity: str = "normal"
    autonomy: str = "operator"
    hint_min_score: float = 0.5
    hint_count: int = 4
    capture_min_chars: int = 400
    retain_days: int = 30
    max_mb: int = 200
    budget_lines: int = 200
    thresholds: dict | None = None  # explicit {K, M} override the dial
    logs: bool = False
    warnings: list = field(default_factory=list)

    @property
    def k(self) -> int:
        """Distinct chapters before a recurring pattern becomes a candidate."""
        if self.thresholds and "K" in self.thresholds:
            return int(self.thresholds["K"])
        return THRESHOLDS.get(self.sensitivity, THRESHOLDS["normal"])[0]

    @property
    def m(self) -> int:
        """Distinct chapters before a proven procedure graduates to a skill."""
        if self.thresholds and "M" in self.thresholds:
            return int(self.thresholds["M"])
        return THRESHOLDS.get(self.sensitivity, THRESHOLDS["normal"])[1]


# --- reading -----------------------------------------------------------------

def load_config(kb: KB, environ=None) -> Config:
    """Parse mage/config.yaml (raising ConfigError) and apply env overrides."""
    text = _read_config_text(kb)
    config = _config_from_text(text, kb.config_path)
    return apply_env(config, os.environ if environ is None else environ)


def load_config_cached(kb: KB, environ=None) -> Config:
    """The hook path's reader: JSON cache keyed by the file's mtime and size.

    Never raises: a malformed file falls back to defaults, with the problem in
    `warnings` (hooks log it to .mage/errors.log).
    """
    environ = os.environ if environ is None else environ
    try:
        stat = kb.config_path.stat()
    except OSError:
        return apply_env(Config(), environ)
    key = [stat.st_mtime_ns, stat.st_size]
    cache = kb.state_dir / "config.json"
    cached = _read_cache(cache, key)
    if cached is not None:
        return apply_env(cached, environ)
    try:
        config = _config_from_text(_read_config_text(kb), kb.config_path)
    except ConfigError as error:
        return apply_env(Config(warnings=[str(error)]), environ)
    _write_cache(cache, key, config)
    return apply_env(config, environ)


def _read_config_text(kb: KB) -> str:
    try:
        return kb.config_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{kb.config_path}: cannot read ({error})", "check the file's permissions and encoding")


def _config_from_text(text: str, path: Path) -> Config:
    import yaml  # lazy: the hook path reads the JSON cache instead

    try:
        data = yaml.safe_load(text) if text.strip() else {}
        lines = _key_lines(yaml, text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        problem = getattr(error, "problem", None) or "not valid YAML"
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
        walk(yaml.compose(text), "")
    return lines


_SECTIONS = {
    "hint": {"min_score": ("hint_min_score", float), "count": ("hint_count", int)},
    "capture": {"min_chars": ("capture_min_chars", int), "retain_days": ("retain_days", int),
                "max_mb": ("max_mb", int)},
    "memory": {"budget_lines": ("budget_lines", int)},
}


def _config_from_mapping(data: dict, path: Path, lines: dict) -> Config:
    config = Config()

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
    if config.hint_min_score < 0 or config.hint_min_score > 1:
        fail("hint.min_score", "must be between 0 and 1")
    config.thresholds = _thresholds(data.get("thresholds"), fail)
    config.logs = bool(data.get("logs", False))
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


def apply_env(config: Config, environ) -> Config:
    """Environment variables win over the file; a bad value is a warning, not a crash."""
    for name, (attr, kind) in ENV_OVERRIDES.items():
        raw = environ.get(name)
        if raw is None or raw == "":
            continue
        try:
            value = kind(raw)
        except ValueError:
            config.warnings.append(f"{name}={raw!r} is not a valid {kind.__name__}; ignored")
            continue
        if attr == "sensitivity" and value not in SENSITIVITIES:
            config.warnings.append(f"{name}={raw!r} is not one of {', '.join(SENSITIVITIES)}; ignored")
            continue
        setattr(config, attr, value)
    return config


def _read_cache(cache: Path, key) -> Config | None:
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
        if data.get("key") != key:
            return None
        return Config(**data["config"])
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _write_cache(cache: Path, key, config: Config) -> None:
    from mage_engine.kb.atomic import write_text_atomic

    try:
        write_text_atomic(cache, json.dumps({"key": key, "config": asdict(config)}))
    except OSError:
        pass  # a read-only .mage/ only costs the next hook a yaml import


# --- writing -------------------------------------------------------------------

def set_dial(kb: KB, name: str, value: str) -> None:
    """Set `sensitivity` or `autonomy` in config.yaml, keeping every other line."""
    from mage_engine.kb.atomic import write_text_atomic

    allowed = {"sensitivity": SENSITIVITIES, "autonomy": AUTONOMIES}[name]
    if value not in allowed:
        raise ConfigError(f"unknown {name} '{value}'", f"choose one of {', '.join(allowed)}")
    text = _read_config_text(kb) or DEFAULT_CONFIG_TEXT
    load_config(kb)  # refuse to rewrite a file we cannot parse
    write_text_atomic(kb.config_path, replace_top_level_value(text, name, value))


def replace_top_level_value(text: str, key: str, value: str) -> str:
    """Swap the value of a top-level `key:` line, keeping its trailing comment."""
    out, done = [], False
    for line in text.splitlines():
        if not done and line.startswith(f"{key}:"):
            rest = line[len(key) + 1:]
            comment = rest[rest.index("#"):] if "#" in rest else ""
            head = f"{key}: {value}"
            line = f"{head:<24} {comment}".rstrip() if comment else head
            done = True
        out.append(line)
    if not done:
        out.append(f"{key}: {value}")
    return "\n".join(out) + "\n"
