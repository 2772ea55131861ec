"""Connect's own record, .mage/state/claude-code.json, and the one journaled step that writes it.

The record holds what disconnect needs to undo connect exactly: each settings
file's text from before mage first touched it (byte for byte, CRLF and all),
the autoMemoryDirectory value connect replaced, the files and folders it
created, and whether it added its lines to .gitignore. It is written in the
same transaction (kb/transaction.py) as the files it describes, so the two
can never disagree after a crash.
"""

import json

from mage_engine.base import fastjson
from mage_engine.hosts.agent_files import files_for
from mage_engine.hosts.claude_code.settings import backup_file, read_exact
from mage_engine.hosts.claude_code.wiring import wired_groups
from mage_engine.kb.layout import host_record_file, KB
from mage_engine.kb.transaction import Transaction

HOST = "claude-code"


def state_path(kb: KB):
    return kb.root / host_record_file(HOST)


def load_state(kb: KB) -> dict:
    try:
        data = fastjson.loads(state_path(kb).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def remember_originals(kb: KB, state: dict, files: dict) -> None:
    """Keep each settings file's exact text from before mage first touched it, to restore it byte for byte."""
    originals = state.setdefault("originals", {})
    for path, (text, data) in files.items():
        name = kb.relative(path)
        if name not in originals and text is not None and not wired_groups(data.get("hooks", {})):
            originals[name] = text


def before_mage(state: dict, name: str) -> dict:
    """What the file held before mage: which hook events (even empty ones) and whether a `hooks` key."""
    try:
        hooks = fastjson.loads(state.get("originals", {}).get(name) or "{}").get("hooks")
    except (ValueError, AttributeError):
        hooks = None
    return {"events": set(hooks) if isinstance(hooks, dict) else set(), "hooks": isinstance(hooks, dict)}


def commit(kb: KB, plan: Transaction, state: dict | None) -> None:
    """Back up each settings file about to change, then write every file and the record as one step.

    `state` None deletes the record (disconnect has planned that already).
    """
    if state is not None:
        text = json.dumps(state, indent=2, sort_keys=True) + "\n"
        if read_exact(state_path(kb)) != text:
            plan.write(state_path(kb), text)
    tools = {rel for rel, _ in files_for("project")}  # mage's own files: nothing of the person's to keep
    for name in [*plan.writes, *plan.deletes]:
        path = kb.root / name
        if name.startswith(".claude/") and name not in tools and path.is_file():
            backup_file(kb, path)
    if plan.writes or plan.deletes:
        plan.commit()
