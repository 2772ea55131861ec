"""The config.yaml keys of several KBs: `kbs:` (other KBs to search) and `scratch:`.

    kbs:
      - ~/src/team-memory                       # labelled by its folder name: [team-memory]
      - {path: ~/src/platform-kb, name: platform}
    scratch: shared    # in a linked git worktree, use the main worktree's .mage/

Paths are kept as written (a leading ~ expanded when read, relative ones
taken from the project folder), so one committed config works on every
teammate's machine where the team KB is cloned at the same place.
"""

import re

SCRATCH_MODES = ("own", "shared")
_LABEL = re.compile(r"[^a-z0-9-]+")


def read_kbs_keys(data: dict, config, fail) -> None:
    """Set `config.kbs` and `config.scratch` from the parsed YAML mapping `data`."""
    config.kbs = _kbs(data.get("kbs"), fail)
    scratch = data.get("scratch", "own")
    if scratch not in SCRATCH_MODES:
        fail("scratch", f"must be one of {', '.join(SCRATCH_MODES)}, got {scratch!r}")
    config.scratch = scratch


def _kbs(block, fail) -> list:
    if block is None:
        return []
    if not isinstance(block, list):
        fail("kbs", "must be a list of folders, like `kbs: [~/src/team-memory]`")
    entries, names = [], set()
    for item in block:
        path, name = (item, None) if isinstance(item, str) else _mapping(item, fail)
        if not path.strip():
            fail("kbs", "holds an empty path")
        name = label_for(name or path.rstrip("/").rsplit("/", 1)[-1])
        if name in names or name in ("project", "personal"):
            fail("kbs", f"names two KBs {name!r} (or one the name of the project's or the personal KB): "
                        "give one a `name:`")
        names.add(name)
        entries.append({"name": name, "path": path})
    return entries


def _mapping(item, fail) -> tuple:
    if not isinstance(item, dict) or not isinstance(item.get("path"), str):
        fail("kbs", "entries are folders or mappings like `{path: ~/src/team-kb, name: team}`")
    name = item.get("name")
    if name is not None and not isinstance(name, str):
        fail("kbs", f"a name must be text, got {name!r}")
    return item["path"], name


def label_for(text: str) -> str:
    """A KB's label as hits show it (`[team-memory]`): lower case letters, digits and dashes."""
    return _LABEL.sub("-", text.casefold()).strip("-")[:40] or "kb"
