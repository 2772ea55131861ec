"""Claude Code's settings files: read strictly, write atomically, back up first.

A settings file belongs to its user: mage reads it without loosening (a file
that is not a JSON object, or whose `hooks` is not shaped as Claude Code
expects, is refused rather than guessed at), keeps every key it does not own
in its original order, and writes with 2-space indentation and a final
newline. Before any change, and when refusing a malformed file, the current
bytes are copied to .mage/backups/ so nothing a person wrote is ever lost.
"""

import json
import os
import shutil
import stat
import time
from pathlib import Path

from mage_engine.errors import MageError
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.layout import KB

LOCAL = Path(".claude") / "settings.local.json"
SHARED = Path(".claude") / "settings.json"
KEEP_BACKUPS = 10


class MalformedSettings(MageError):
    """A Claude Code settings file mage will not edit because it cannot be read safely."""


def settings_path(kb: KB, shared: bool) -> Path:
    """`.claude/settings.json` when shared (committed), else `.claude/settings.local.json`."""
    return kb.root / (SHARED if shared else LOCAL)


def read_settings(kb: KB, path: Path) -> dict:
    """The file's JSON object ({} when absent). Raises MalformedSettings, keeping a backup."""
    data, problem = load_settings(path)
    if problem.startswith("cannot read"):
        raise MalformedSettings(f"{kb.relative(path)}: {problem}", "check the file's permissions and encoding")
    if problem:
        backup = backup_file(kb, path)
        raise MalformedSettings(
            f"{kb.relative(path)} is not usable: {problem}; mage left it untouched "
            f"(a copy is kept at {kb.relative(backup)})",
            "fix the file (or move it away), then run the command again")
    return data


def load_settings(path: Path) -> tuple[dict, str]:
    """(the file's JSON object, "") or ({}, what is wrong with it); no side effects."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, ""
    except (OSError, UnicodeDecodeError) as error:
        return {}, f"cannot read it ({error})"
    if not text.strip():
        return {}, ""
    problem = _problem(text)
    return ({}, problem) if problem else (json.loads(text), "")


def wiring_summary(kb: KB) -> dict | None:
    """For `mage status`: None when mage's hooks are wired nowhere, else where and how many."""
    from mage_engine.hosts.claude_code.inspect import wiring_report

    report = wiring_report(kb)
    if not report["files"] and not report["malformed"]:
        return None
    parts = [f"{len(info['events'])}/{report['expected']} events in {name}" for name, info in report["files"].items()]
    parts += [f"{name} malformed" for name in report["malformed"]]
    return {"summary": "; ".join(parts), **report}


def _problem(text: str) -> str:
    try:
        data = json.loads(text)
    except ValueError as error:
        return f"not valid JSON (line {getattr(error, 'lineno', '?')}, column {getattr(error, 'colno', '?')}: " \
               f"{getattr(error, 'msg', error)})"
    if not isinstance(data, dict):
        return f"expected a JSON object, found a {type(data).__name__}"
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict):
        return '"hooks" must be an object of event names'
    for event, groups in hooks.items():
        if not isinstance(groups, list) or not all(isinstance(g, dict) for g in groups):
            return f'"hooks.{event}" must be a list of matcher groups'
    return ""


def render_settings(data: dict) -> str:
    """Deterministic text: keys in the order held, 2-space indent, final newline."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def write_settings(kb: KB, path: Path, data: dict, exact: str | None = None) -> bool:
    """Write `data` (or the `exact` text holding it) if the file differs; back up first. True if written."""
    text = exact if exact is not None else render_settings(data)
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (FileNotFoundError, UnicodeDecodeError):
        pass
    mode = _mode_of(path)
    if path.exists():
        backup_file(kb, path)
    write_text_atomic(path, text)
    os.chmod(path, mode)  # the temporary file is private; keep the file's own permissions
    return True


def _mode_of(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def remove_settings(kb: KB, path: Path) -> None:
    """Delete a settings file mage created and emptied, keeping a backup."""
    if path.exists():
        backup_file(kb, path)
        path.unlink()


def backup_file(kb: KB, path: Path) -> Path:
    """Copy `path` to .mage/backups/<name>.<UTC stamp>.bak; keep the newest KEEP_BACKUPS."""
    folder = kb.scratch_dir / "backups"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = folder / f"{path.name}.{stamp}.bak"
    counter = 1
    while target.exists():
        counter += 1
        target = folder / f"{path.name}.{stamp}-{counter}.bak"
    shutil.copy2(path, target)
    _prune(folder, path.name)
    return target


def _prune(folder: Path, name: str) -> None:
    backups = sorted(folder.glob(f"{name}.*.bak"), key=lambda p: p.stat().st_mtime)
    for old in backups[:-KEEP_BACKUPS]:
        old.unlink(missing_ok=True)
