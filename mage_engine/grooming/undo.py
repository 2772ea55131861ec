"""Undo the last accept, reject or merge, as long as nobody has committed it or changed its files.

Each grooming transaction also writes an undo record into the same journal
(so the record and the change land together or not at all): for every file
it touches, the text before and the git blob id of the text after. The
records form a short stack in `.mage/state/undo.json`; `undo_last` takes the
newest one back:

- it refuses when a file no longer holds what the action wrote (someone
  edited it since, or a later action did and was not undone first);
- it refuses when HEAD holds what the action wrote (the person committed it:
  git undoes commits, mage does not);
- otherwise it writes every file back in one transaction and says what it
  restored, warning when the person had already `git add`-ed the change.

Git is only read (`git ls-tree`, `git diff --cached`); mage never commits.
"""

import hashlib
import json
import subprocess

from mage_engine.base.errors import MageError
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.clock import utc_now
from mage_engine.kb.layout import KB, UNDO_FILE
from mage_engine.kb.transaction import Transaction

KEEP = 10  # records kept; older ones cannot be undone any more
MOST_BYTES = 4 * 1024 * 1024  # each record holds INDEX.md as it was: a large KB keeps fewer records
VERBS = {"accept": "accept", "reject": "reject", "merge": "merge", "approve-proposals": "approval of proposals"}


def undo_path(kb: KB):
    return kb.path_of(UNDO_FILE)


def record_undo(kb: KB, tx: Transaction, action: str, done: list) -> None:
    """Add to `tx` the undo record of the change it holds (call just before `tx.commit()`)."""
    files = {}
    for path, text in tx.writes.items():
        files[path] = {"before": _read(kb, path), "after": blob_id(text)}
    for path in tx.deletes:
        files.setdefault(path, {"before": _read(kb, path), "after": None})
    record = {"action": action, "done": done, "at": utc_now(), "files": files}
    stack = (_stack(kb) + [record])[-KEEP:]
    if _state_dir_usable(kb):  # a linked .mage/state (a hostile clone): the change goes through, unrecorded
        tx.write(undo_path(kb), _dumped(stack))


def _state_dir_usable(kb: KB) -> bool:
    from mage_engine.kb import guard

    try:
        guard.makedirs(kb.state_dir)
        return True
    except OSError:
        return False


def last_undoable(kb: KB) -> dict | None:
    """The record `undo_last` would take back (None: nothing to undo), without checking it."""
    stack = _stack(kb)
    return stack[-1] if stack else None


def undo_last(kb: KB, actor: str | None = None):
    """Put back every file the newest grooming action changed. Returns a GroomResult ('undo')."""
    from mage_engine.kb.lock import kb_lock

    with kb_lock(kb):  # the stack is read and rewritten with no other groomer in between
        return _undo_last(kb, actor)


def _undo_last(kb: KB, actor):
    from mage_engine.grooming import autonomy
    from mage_engine.grooming.result import GroomResult
    from mage_engine.kb.config import load_config
    from mage_engine.grooming.derived import refresh_search_index

    autonomy.require("undo", load_config(kb).autonomy, actor)
    stack = _stack(kb)
    if not stack:
        raise MageError("nothing to undo", "undo takes back the last accept, reject or merge made since "
                                           "mage started keeping undo records")
    record = stack[-1]
    what = describe(record)
    _refuse_if_changed(kb, record, what)
    _refuse_if_committed(kb, record, what)
    tx = Transaction(kb)
    for path, change in sorted(record["files"].items()):
        if change["before"] is None:
            tx.delete(kb.path_of(path))
        else:
            tx.write(kb.path_of(path), change["before"])
    tx.write(undo_path(kb), _dumped(stack[:-1]))
    tx.commit()
    changed = sorted(p for p in record["files"] if not p.startswith(".mage/"))
    result = GroomResult("undo", done=[{**d, "undid": record["action"]} for d in record.get("done", [])],
                         written=changed)
    result.warnings += _staged_warnings(kb, changed)
    warning = refresh_search_index(kb)
    if warning:
        result.warnings.append(warning)
    return result


def describe(record: dict) -> str:
    """'the accept of uv-cache-key', 'the merge of a into b', 'the reject of 2 drafts'."""
    done = record.get("done") or []
    verb = VERBS.get(record.get("action"), record.get("action", "change"))
    if record.get("action") == "merge" and done:
        return f"the merge of {done[0]['draft']} into {done[0]['note']}"
    names = [d["draft"] for d in done]
    shown = names[0] if len(names) == 1 else f"{len(names)} drafts"
    return f"the {verb} of {shown}"


def blob_id(text: str | None) -> str | None:
    """Git's blob id of `text` (what `git hash-object` prints), None for no file."""
    if text is None:
        return None
    data = text.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _refuse_if_changed(kb: KB, record: dict, what: str) -> None:
    for path, change in sorted(record["files"].items()):
        if blob_id(_read(kb, path)) != change["after"]:
            raise MageError(f"cannot undo {what}: {path} changed since",
                            "put it back as mage left it, or undo the change by hand")


def _refuse_if_committed(kb: KB, record: dict, what: str) -> None:
    committed = _head_blobs(kb, [p for p in record["files"] if not p.startswith(".mage/")])
    for path, change in sorted(record["files"].items()):
        if change["after"] is not None and committed.get(path) == change["after"] != blob_id(change["before"]):
            raise MageError(f"cannot undo {what}: it is committed ({path} in HEAD holds it)",
                            "mage only undoes what is not committed; revert the commit with `git revert`")


def _head_blobs(kb: KB, paths: list[str]) -> dict:
    """{path: blob id in HEAD} for the paths HEAD has; {} outside git or before the first commit."""
    if not paths:
        return {}
    out = _git(kb, "ls-tree", "-z", "HEAD", "--", *paths)
    blobs = {}
    for entry in (out or "").split("\0"):
        meta, _, name = entry.partition("\t")
        if name and len(meta.split()) == 3:
            blobs[name] = meta.split()[2]
    return {path: blobs[path] for path in paths if path in blobs}


def _staged_warnings(kb: KB, paths: list[str]) -> list[str]:
    staged = (_git(kb, "diff", "--cached", "--name-only", "--relative", "--", *paths) or "").split()
    if not staged:
        return []
    return [f"git add had staged {', '.join(staged)}: the files are back as before, but git's index still holds "
            f"the undone change; run `git restore --staged {' '.join(staged)}`"]


def _git(kb: KB, *args: str) -> str | None:
    """Output of a read-only git command in the KB's folder, or None (no git, not a repository)."""
    from mage_engine.grooming.redact_check import git_env

    try:
        done = subprocess.run(["git", *args], cwd=kb.root, env=git_env(), capture_output=True, text=True,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _stack(kb: KB) -> list[dict]:
    data = read_object(undo_path(kb)) or {}
    stack = data.get("stack")
    return [r for r in stack if isinstance(r, dict) and isinstance(r.get("files"), dict)] \
        if isinstance(stack, list) else []


def _dumped(stack: list[dict]) -> str:
    text = json.dumps({"version": 1, "stack": stack}, ensure_ascii=False, sort_keys=True)
    while len(text) > MOST_BYTES and len(stack) > 1:
        stack = stack[1:]
        text = json.dumps({"version": 1, "stack": stack}, ensure_ascii=False, sort_keys=True)
    return text


def _read(kb: KB, path: str) -> str | None:
    from mage_engine.kb import guard

    try:  # bytes as written (CRLF stays), through the guard: no link followed, no FIFO waited on
        return guard.read_bytes(kb.path_of(path), MOST_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
