"""Claude Code's settings files: read strictly, write atomically, back up first.

A settings file belongs to its user: mage reads it without loosening (a file
that is not a JSON object, or whose `hooks` is not shaped as Claude Code
expects, is refused rather than guessed at), keeps every key it does not own
in its original order, and writes in the file's own style: its indentation,
its line endings (CRLF stays CRLF) and its final newline (a new file gets two
spaces and LF). Before any change, and when refusing a malformed file, the
current bytes are copied to .mage/backups/ so nothing a person wrote is ever lost.
"""

import json
import shutil
import time
from pathlib import Path

from mage_engine.base import fastjson
from mage_engine.base.errors import MageError
from mage_engine.kb.layout import KB, SETTINGS_BACKUPS_DIR

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


def read_exact(path: Path) -> str | None:
    """The file's text exactly as stored (CRLF kept), or None when absent."""
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None


def read_both(kb: KB) -> dict:
    """path -> (exact text or None, JSON object) for the personal and the shared file; refuses malformed ones."""
    files = {}
    for path in (settings_path(kb, False), settings_path(kb, True)):
        data = read_settings(kb, path)  # first: it refuses what cannot be read
        files[path] = (read_exact(path), data)
    return files


def same_json(text, data) -> bool:
    """True when the JSON text `text` holds exactly `data`."""
    try:
        return text is not None and fastjson.loads(text) == data
    except ValueError:
        return False


def load_settings(path: Path) -> tuple[dict, str]:
    """(the file's JSON object, "") or ({}, what is wrong with it); no side effects."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return {}, ""
    except (OSError, UnicodeDecodeError) as error:
        return {}, f"cannot read it ({error})"
    if not text.strip():
        return {}, ""
    problem = _problem(text)
    return ({}, problem) if problem else (fastjson.loads(text), "")


def _problem(text: str) -> str:
    try:
        data = fastjson.loads(text)
    except ValueError as error:
        if not hasattr(error, "lineno"):  # nested too deeply: there is no line to point at
            return f"not valid JSON ({error})"
        return f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
    if not isinstance(data, dict):
        return f"expected a JSON object, found a {type(data).__name__}"
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict):
        return '"hooks" must be an object of event names'
    for event, groups in hooks.items():
        if not isinstance(groups, list) or not all(isinstance(g, dict) for g in groups):
            return f'"hooks.{event}" must be a list of matcher groups'
    return ""


def render_settings(data: dict, like: str | None = None) -> str:
    """Deterministic text in the style of `like` (the file's current text): keys in the order held."""
    indent, newline, final = style_of(like)
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return text.replace("\n", newline) + (newline if final else "")


def style_of(text: str | None) -> tuple[str, str, bool]:
    """(indent unit, line ending, ends with a newline) of a JSON text; two spaces, LF and yes for none."""
    if not text or not text.strip():
        return "  ", "\n", True
    newline = "\r\n" if "\r\n" in text else "\n"
    indent = "  "
    for line in text.splitlines()[1:]:
        body = line.lstrip(" \t")
        if body and len(body) < len(line):
            indent = line[: len(line) - len(body)]  # the first indented line is one level deep
            break
    return indent, newline, text.endswith("\n")


def backup_file(kb: KB, path: Path) -> Path:
    """Copy `path` to .mage/backups/<name>.<UTC stamp>.bak; keep the newest KEEP_BACKUPS."""
    folder = kb.root / SETTINGS_BACKUPS_DIR
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
