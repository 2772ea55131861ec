"""`mage connect generic`: a marked AGENTS.md section for hosts without hooks.

Agents that read AGENTS.md (Codex, Cursor, Gemini CLI, Aider, …) run the same
loop by hand: read MEMORY.md, `mage recall` before unfamiliar work, `mage
stage` what was learned. The section sits between two HTML comment markers;
connect writes or refreshes it, disconnect removes exactly it (and the file,
when mage created it and nothing else is left).

The section points at the same grooming and onboarding instructions that
Claude Code gets as skills (hosts/agent_files/), which connect writes as
Agent Skills under `.agents/skills/` (the folder Codex reads): owned by
content and recorded in .mage/state/generic.json like Claude Code's tools
(hosts/agent_install.py), written with AGENTS.md in one journaled step.
"""

import json
import re

from mage_engine.hosts import agent_install
from mage_engine.hosts.change import HostChange
from mage_engine.hosts.agent_files import GROOM, ONBOARD, files_for
from mage_engine.hosts.linked_paths import refuse_linked_paths
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.layout import host_record_file, KB
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.journal import HOST as HOST_FILES, recover
from mage_engine.kb.transaction import Transaction

HOST = "generic"
FILE_NAME = "AGENTS.md"
BEGIN = "<!-- mage:begin (written by `mage connect generic`; `mage disconnect generic` removes it) -->"
END = "<!-- mage:end -->"
_SECTION = re.compile(r"\n*<!-- mage:begin[^\n]*-->\n.*?<!-- mage:end -->\n?", re.S)

BODY = """\
## Project memory (mage)

This project keeps its hard-earned knowledge as markdown notes under `mage/notes/`, managed by mage.
`mage` below is the mage command. If your shell does not find it, look for it by its full path:
`command -v mage`, `~/.local/bin/mage` (pipx) or the project's `.venv/bin/mage`; `mage doctor` says which.

- Before starting a task, read `mage/MEMORY.md`: the standing rules and the most useful notes.
- Before unfamiliar work, search the notes: `mage recall "<a few words>"`; read one in full with `mage show <id>`.
- When you learn something worth keeping (a fix that took effort, a rule the user stated, a procedure that
  worked), stage it: `mage stage --title "<what was learned>" --body "<the lesson: what, why, how to apply>"`.
  A person grooms drafts into notes.
- To groom the drafts (what is worth keeping, how to stage one well, what you may do at this project's autonomy
  level), follow `{groom}`; when the memory seems not to work, `{onboard}`.
- In a task of several steps, say where you are: `mage session turn <session> --at "<step>"` (a step in a few
  words, such as "run the test suite"; `<session>` is a name you pick for this task, such as
  `2026-12-02-deploy`, and `--current` reuses the last open one). It prints what past sessions here did next
  from that step (Next, Then: condition, advice, pitfall, how they ended); follow it where it fits.
  When the task is over, `mage session end <session> --outcome succeeded|failed|abandoned`. A step that
  should be remembered: `mage session remember --from "<step>" --to "<step>" --when "…" --do "…" --avoid "…"`.
- Never edit `mage/notes/`, `mage/INDEX.md` or `mage/MEMORY.md` yourself: mage writes them."""


def section() -> str:
    """The marked block connect writes. AGENTS.md is committed: it names no path of this machine."""
    body = BODY.format(groom=GROOM.paths[HOST], onboard=ONBOARD.paths[HOST])
    return f"{BEGIN}\n{body}\n{END}\n"


def state_path(kb: KB):
    return kb.root / host_record_file(HOST)


def connect(kb: KB) -> HostChange:
    """Write or refresh the marked section and the instructions it points at; idempotent."""
    refuse_linked_paths(kb, HOST)
    with kb_lock(kb):
        recover(kb, HOST_FILES)
        return _connect(kb)


def _connect(kb: KB) -> HostChange:
    path, change, plan = kb.root / FILE_NAME, HostChange(HOST), Transaction(kb, HOST_FILES)
    state = read_object(state_path(kb)) or {}
    owned, created = state.setdefault("agent_files", {}), set(state.get("created", []))
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if _SECTION.search(text):
        updated = _SECTION.sub(lambda _: "\n\n" + section(), text, count=1).lstrip("\n")
    else:
        updated = (text.rstrip("\n") + "\n\n" if text.strip() else "") + section()
    if updated != text:
        plan.write(path, updated)
        change.did(f"{'updated' if text else 'created'} {FILE_NAME} (mage's section)")
    agent_install.plan_install(kb, plan, change, owned, files_for(HOST), created)
    state["created"] = sorted(created)
    _commit(kb, plan, state)
    change.details = {"file": FILE_NAME, "skills": sorted(owned)}
    if not change.changed:
        change.note(f"already connected: {FILE_NAME} has mage's section")
    return change


def disconnect(kb: KB) -> HostChange:
    """Remove the marked section (the file too if nothing else is in it) and the instructions mage wrote."""
    refuse_linked_paths(kb, HOST)
    with kb_lock(kb):
        recover(kb, HOST_FILES)
        return _disconnect(kb)


def _disconnect(kb: KB) -> HostChange:
    path, change, plan = kb.root / FILE_NAME, HostChange(HOST), Transaction(kb, HOST_FILES)
    state = read_object(state_path(kb)) or {}
    change.details = {"file": FILE_NAME}
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if _SECTION.search(text):
        rest = _SECTION.sub("\n", text, count=1).strip("\n")
        if rest.strip():
            plan.write(path, rest + "\n")
            change.did(f"removed mage's section from {FILE_NAME}")
        else:
            plan.delete(path)
            change.did(f"removed {FILE_NAME} (it held only mage's section)")
    agent_install.plan_removal(kb, plan, change, state.get("agent_files", {}), files_for(HOST), fallback=not state)
    if state_path(kb).exists():
        plan.delete(state_path(kb))
    if plan.writes or plan.deletes:
        plan.commit()
    agent_install.remove_empty_folders(kb, set(state.get("created", [])))
    if not change.changed:
        change.note(f"not connected: no mage section in {FILE_NAME}")
    return change


def _commit(kb: KB, plan, state: dict) -> None:
    """The files and the record, as one step (nothing when nothing changes)."""
    text = json.dumps(state, indent=2, sort_keys=True) + "\n"
    current = state_path(kb).read_text(encoding="utf-8") if state_path(kb).exists() else None
    if plan.writes or plan.deletes or current != text:
        plan.write(state_path(kb), text)
        plan.commit()
