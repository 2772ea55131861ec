"""`mage connect claude-code` / `mage disconnect claude-code`.

Connect merges mage's hook groups into .claude/settings.local.json (or, with
--shared, .claude/settings.json), points `autoMemoryDirectory` at mage/ (the
twin), and mirrors mage/skills/ into .claude/skills/. Everything it replaced
or created is recorded in .mage/state/claude-code.json so disconnect removes
exactly that and puts back what was there. Both settings files are read (and
a malformed one refused) before anything is written.
"""

import json

from mage_engine.hosts import HostChange
from mage_engine.hosts.claude_code import skills, twin
from mage_engine.hosts.claude_code.settings import read_settings, remove_settings, settings_path, write_settings
from mage_engine.hosts.claude_code.wiring import hook_executable, unwire, wire, wired_groups
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.layout import KB

HOST = "claude-code"


def state_path(kb: KB):
    return kb.state_dir / f"{HOST}.json"


def load_state(kb: KB) -> dict:
    try:
        data = json.loads(state_path(kb).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def connect(kb: KB, shared: bool = False, hooks: bool = True, executable=None) -> HostChange:
    """Wire mage into Claude Code for this project; running it again changes nothing.

    `hooks=False` wires only the twin and the skills, for the plugin route
    (its hooks come from the plugin; any of mage's settings groups are removed).
    """
    executable = executable or hook_executable()
    hooks_file = settings_path(kb, shared)
    state, change = load_state(kb), HostChange(HOST)
    claude_dir_existed = hooks_file.parent.is_dir()
    current = {path: read_settings(kb, path) for path in (settings_path(kb, False), settings_path(kb, True))}
    _remember_originals(kb, state, current)
    updated = _planned(kb, current, hooks_file if hooks else None, executable, state)
    created = set(state.get("created", [])) | (set() if claude_dir_existed else {".claude"})
    for path, data in updated.items():
        existed = path.exists()
        if write_settings(kb, path, data):
            change.did(f"{'updated' if existed else 'created'} {kb.relative(path)}")
            created |= set() if existed else {kb.relative(path)}
    for link in skills.mirror_skills(kb):
        change.did(f"linked {link} -> mage/skills/")
    state.update(hooks_file=kb.relative(hooks_file) if hooks else None, created=sorted(created), hook=str(executable))
    _save_state(kb, state)
    change.details = {"settings": kb.relative(hooks_file) if hooks else None, "hook": str(executable),
                      "memory_settings": kb.relative(settings_path(kb, False)),
                      "auto_memory_directory": twin.memory_dir(kb)}
    if not change.changed:
        change.note("already connected: nothing to change")
    return change


def _planned(kb: KB, current: dict, hooks_file, executable, state: dict) -> dict:
    """The new content of each settings file that must change: hooks, then the twin."""
    updated = {}
    for path, data in current.items():
        if path == hooks_file:
            updated[path] = _with_hooks(data, wire(data.get("hooks", {}), executable))
        elif path.exists():
            hooks, moved = unwire(data.get("hooks", {}))
            if moved:  # mage's groups live in one file only: no hook runs twice
                updated[path] = _with_hooks(data, hooks)
    local = settings_path(kb, False)
    updated[local], state["memory"] = twin.point_at_kb(updated.get(local, current[local]), kb, state.get("memory"))
    return updated


def disconnect(kb: KB) -> HostChange:
    """Remove exactly what connect added and restore what it replaced."""
    state, change = load_state(kb), HostChange(HOST)
    created = set(state.get("created", []))
    for shared in (False, True):
        path = settings_path(kb, shared)
        if not path.exists():
            continue
        data = read_settings(kb, path)
        hooks, removed = unwire(data.get("hooks", {}))
        result = _with_hooks(data, hooks) if removed else data
        if not shared:
            result = twin.restore(result, kb, state.get("memory"))
        original = state.get("originals", {}).get(kb.relative(path))
        _write_or_remove(kb, path, data, result, kb.relative(path) in created, original, change)
    for link in skills.unmirror_skills(kb):
        change.did(f"removed link {link}")
    claude_dir = kb.root / ".claude"
    if ".claude" in created and claude_dir.is_dir() and not any(claude_dir.iterdir()):
        claude_dir.rmdir()
    state_path(kb).unlink(missing_ok=True)
    if not change.changed:
        change.note("not connected: nothing of mage's found in .claude/")
    return change


def _write_or_remove(kb, path, before, after, created_by_mage, original, change) -> None:
    if after == before:
        return
    if not after and created_by_mage:
        remove_settings(kb, path)
        change.did(f"removed {kb.relative(path)} (mage had created it)")
    elif write_settings(kb, path, after, exact=original if _same_json(original, after) else None):
        change.did(f"restored {kb.relative(path)}")


def _remember_originals(kb: KB, state: dict, current: dict) -> None:
    """Keep each settings file's text from before mage first touched it, to restore it byte for byte."""
    originals = state.setdefault("originals", {})
    for path in current:
        name = kb.relative(path)
        if name not in originals and path.exists() and not wired_groups(current[path].get("hooks", {})):
            originals[name] = path.read_text(encoding="utf-8")


def _same_json(text, data) -> bool:
    try:
        return text is not None and json.loads(text) == data
    except ValueError:
        return False


def _with_hooks(settings: dict, hooks: dict) -> dict:
    """`settings` with its `hooks` replaced (kept in place), or dropped when empty."""
    if not hooks:
        return {k: v for k, v in settings.items() if k != "hooks"}
    return {**settings, "hooks": hooks}


def _save_state(kb: KB, state: dict) -> None:
    write_text_atomic(state_path(kb), json.dumps(state, indent=2, sort_keys=True) + "\n")
