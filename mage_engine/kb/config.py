"""config.yaml read (through a JSON cache on the hook path), environment overrides, `mage dial`'s writes.

What a Config holds, its defaults and the two dials: dials.py.

The file is read with yaml.safe_load only (config_yaml.py). Hooks read it
through `load_config_cached`, which keeps a JSON copy in .mage/state/ so the
hot path never imports yaml unless the file changed. This module is on the
hook path: no yaml, json, pathlib or dataclasses at import.
"""

from mage_engine.base import fastjson, fs
from mage_engine.base.errors import ConfigError
from mage_engine.kb.dials import AUTONOMIES, DEFAULT_CONFIG_TEXT, SENSITIVITIES, Config
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.layout import CONFIG_CACHE_FILE, CONFIG_FILE, KB

ENV_OVERRIDES = {
    "MAGE_HINT_MIN_SCORE": ("hint_min_score", float),
    "MAGE_HINT_COUNT": ("hint_count", int),
    "MAGE_CAPTURE_MIN_CHARS": ("capture_min_chars", int),
    "MAGE_SENSITIVITY": ("sensitivity", str),
}


# --- reading -----------------------------------------------------------------

def load_config(kb: KB, environ=None) -> Config:
    """Parse mage/config.yaml (raising ConfigError) and apply env overrides."""
    from mage_engine.kb.config_yaml import config_from_text

    config = config_from_text(_read_config_text(kb), kb.config_path)
    from mage_engine.kb.autonomy_confirm import in_force  # the commands' config only: no hook grooms

    return apply_env(in_force(kb, config), fs.environ() if environ is None else environ)


def load_config_cached(kb: KB, environ=None) -> Config:
    """The hook path's reader: JSON cache keyed by the file's mtime and size.

    Never raises: a malformed file falls back to defaults, with the problem in
    `warnings` (hooks log it to .mage/errors.log).
    """
    environ = fs.environ() if environ is None else environ
    try:
        stat = fs.lstat(kb.at(CONFIG_FILE))
    except OSError:
        return apply_env(Config(), environ)
    key = [stat.st_mtime_ns, stat.st_size]
    cache = kb.at(CONFIG_CACHE_FILE)
    cached = _read_cache(cache, key)
    if cached is not None:
        return apply_env(cached, environ)
    try:
        from mage_engine.kb.config_yaml import config_from_text

        config = config_from_text(_read_config_text(kb), kb.config_path)
    except ConfigError as error:
        return apply_env(Config(warnings=[str(error)]), environ)
    _write_cache(cache, key, config)
    return apply_env(config, environ)  # autonomy as written: no hook grooms (kb/autonomy_confirm.py)


MAX_CONFIG_BYTES = 1024 * 1024


def _read_config_text(kb: KB) -> str:
    from mage_engine.kb import guard  # a config.yaml that is a link or a FIFO is refused, unread

    try:
        return guard.read_text(kb.at(CONFIG_FILE), MAX_CONFIG_BYTES)
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{kb.config_path}: cannot read ({error})", "check the file's permissions and encoding")


def apply_env(config: Config, environ) -> Config:
    """Environment variables win over the file; a bad value is a warning naming it, never a crash."""
    for name, (attr, _) in ENV_OVERRIDES.items():
        value, problem = env_value(name, environ.get(name))
        if problem:
            config.warnings.append(problem)
        elif value is not None:
            setattr(config, attr, value)
    return config


def env_value(name: str, raw) -> tuple:
    """(the value `raw` gives the override `name`, or None; the warning when it cannot be used)."""
    if raw is None or raw == "":
        return None, ""
    attr, kind = ENV_OVERRIDES[name]
    wanted = {"hint_min_score": "a number from 0 to 1, like 0.5", "hint_count": "a whole number, like 4",
              "capture_min_chars": "a whole number, like 400",
              "sensitivity": f"one of {', '.join(SENSITIVITIES)}"}[attr]
    try:
        value = kind(raw.strip())
    except ValueError:
        value = None
    if value is None or (attr == "sensitivity" and value not in SENSITIVITIES) or \
            (attr == "hint_min_score" and not 0 <= value <= 1) or (kind is int and value < 0):
        return None, f"{name}={raw!r} is ignored: it must be {wanted} (unset it to use mage/config.yaml)"
    return value, ""


def env_warnings(environ=None) -> list[str]:
    """One line per malformed MAGE_* override in the environment."""
    environ = fs.environ() if environ is None else environ
    return [problem for name in ENV_OVERRIDES for problem in [env_value(name, environ.get(name))[1]] if problem]


def _read_cache(cache: str, key) -> Config | None:
    data = read_object(cache)
    if data is None or data.get("key") != key:
        return None
    try:
        return Config(**data["config"])
    except (TypeError, KeyError):
        return None


def _write_cache(cache: str, key, config: Config) -> None:
    from mage_engine.kb.atomic import write_text_atomic

    try:
        write_text_atomic(cache, fastjson.dumps({"key": key, "config": config.to_dict()}))
    except OSError:
        pass  # a read-only .mage/ only costs the next hook a yaml import


# --- writing -------------------------------------------------------------------

def set_dial(kb: KB, name: str, value: str) -> None:
    """Set `sensitivity` or `autonomy` in config.yaml, keeping every other line."""
    from mage_engine.kb.atomic import write_text_atomic
    from mage_engine.kb.autonomy_confirm import confirm

    allowed = {"sensitivity": SENSITIVITIES, "autonomy": AUTONOMIES}[name]
    if value not in allowed:
        raise ConfigError(f"unknown {name} '{value}'", f"choose one of {', '.join(allowed)}")
    from mage_engine.kb.lock import kb_lock

    with kb_lock(kb):
        text = _read_config_text(kb) or DEFAULT_CONFIG_TEXT
        load_config(kb)  # refuse to rewrite a file we cannot parse
        write_text_atomic(kb.config_path, replace_top_level_value(text, name, value))
        if name == "autonomy":  # only a person sets it (grooming/autonomy.py): confirmed on this machine
            confirm(kb, value)


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
