"""The `keys:` block of mage/config.yaml: a person's own keys for the app.

Each entry maps a binding id (see `docs/tui.md`, e.g. `staging.accept`) to a
key or a comma-separated list of keys. The engine's Config ignores the block;
the app reads it here. A malformed block is a one-line ConfigError naming the
file, like any other config problem.
"""

import re

from mage_engine.base.errors import ConfigError
from mage_engine.kb.layout import KB

_BINDING_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")


def load_keymap(kb: KB) -> dict[str, str]:
    """{binding id: key(s)} from config.yaml's `keys:` mapping; {} when absent."""
    import yaml  # lazy, like every config read

    from mage_engine.kb import safe_yaml
    from mage_engine.kb.config import _read_config_text

    text = _read_config_text(kb)  # ConfigError when unreadable; "" when missing
    try:
        data = safe_yaml.load(text) if text.strip() else {}
    except yaml.YAMLError:
        raise ConfigError(f"{kb.config_path}: malformed YAML", "fix the file; `mage dial` names the line")
    block = (data or {}).get("keys") if isinstance(data, dict) else None
    return _validated(block, kb)


def _validated(block, kb: KB) -> dict[str, str]:
    if block is None:
        return {}
    if not isinstance(block, dict):
        raise ConfigError(f"{kb.config_path}: key 'keys' must be a mapping of binding id to key",
                          "write it like `keys: {staging.accept: y}`")
    keymap = {}
    for binding_id, key in block.items():
        if not isinstance(binding_id, str) or not _BINDING_ID.match(binding_id):
            raise ConfigError(f"{kb.config_path}: key 'keys.{binding_id}' is not a binding id",
                              "use ids like staging.accept (the app's `?` help lists them)")
        if not isinstance(key, (str, int)) or not str(key).strip():
            raise ConfigError(f"{kb.config_path}: key 'keys.{binding_id}' needs a key like 'y' or 'ctrl+y'",
                              "quote keys that YAML would read otherwise")
        keymap[binding_id] = str(key).strip()
    return keymap
