"""`mage connect generic`: a marked AGENTS.md section for hosts without hooks.

Agents that read AGENTS.md (Codex, Cursor, Gemini CLI, Aider, …) run the same
loop by hand: read MEMORY.md, `mage recall` before unfamiliar work, `mage
stage` what was learned. The section sits between two HTML comment markers;
connect writes or refreshes it, disconnect removes exactly it (and the file,
when mage created it and nothing else is left).
"""

import re

from mage_engine.hosts import HostChange
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.layout import KB

HOST = "generic"
FILE_NAME = "AGENTS.md"
BEGIN = "<!-- mage:begin (written by `mage connect generic`; `mage disconnect generic` removes it) -->"
END = "<!-- mage:end -->"
_SECTION = re.compile(r"\n*<!-- mage:begin[^\n]*-->\n.*?<!-- mage:end -->\n?", re.S)

BODY = """\
## Project memory (mage)

This project keeps its hard-earned knowledge as markdown notes under `mage/notes/`, managed by mage.
`mage` below is the mage command. If your shell does not find it, run it by its full path: on the machine that
wrote this section that is `{mage}`; elsewhere `command -v mage`, `~/.local/bin/mage` (pipx) or the project's
`.venv/bin/mage` finds it.

- Before starting a task, read `mage/MEMORY.md`: the standing rules and the most useful notes.
- Before unfamiliar work, search the notes: `mage recall "<a few words>"`; read one in full with `mage show <id>`.
- When you learn something worth keeping (a fix that took effort, a rule the user stated, a procedure that
  worked), stage it: `mage stage --title "<what was learned>" --body "<the lesson: what, why, how to apply>"`.
  A person grooms drafts into notes.
- Never edit `mage/notes/`, `mage/INDEX.md` or `mage/MEMORY.md` yourself: mage writes them."""


def section(mage: str | None = None) -> str:
    """The marked block connect writes, naming `mage` (this install's command) as the full path."""
    if mage is None:
        from mage_engine.grooming.precommit_hook import mage_command

        mage = " ".join(mage_command())
    return f"{BEGIN}\n{BODY.format(mage=mage)}\n{END}\n"


def connect(kb: KB) -> HostChange:
    """Write or refresh the marked section; idempotent."""
    path, change = kb.root / FILE_NAME, HostChange(HOST)
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if _SECTION.search(text):
        updated = _SECTION.sub(lambda _: "\n\n" + section(), text, count=1).lstrip("\n")
    else:
        updated = (text.rstrip("\n") + "\n\n" if text.strip() else "") + section()
    change.details = {"file": FILE_NAME}
    if updated == text:
        change.note(f"already connected: {FILE_NAME} has mage's section")
        return change
    write_text_atomic(path, updated)
    change.did(f"{'updated' if text else 'created'} {FILE_NAME} (mage's section)")
    return change


def disconnect(kb: KB) -> HostChange:
    """Remove the marked section; delete the file if nothing else is in it."""
    path, change = kb.root / FILE_NAME, HostChange(HOST)
    change.details = {"file": FILE_NAME}
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if not _SECTION.search(text):
        change.note(f"not connected: no mage section in {FILE_NAME}")
        return change
    rest = _SECTION.sub("\n", text, count=1).strip("\n")
    if rest.strip():
        write_text_atomic(path, rest + "\n")
        change.did(f"removed mage's section from {FILE_NAME}")
    else:
        path.unlink()
        change.did(f"removed {FILE_NAME} (it held only mage's section)")
    return change
