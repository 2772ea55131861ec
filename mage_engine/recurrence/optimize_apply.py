"""Applying and dismissing optimize proposals (the person's decision, docs/recurrence.md#optimize).

A reword rewrites the skill's `description` and appends to its
`metadata.trigger_history`. A demotion deletes the skill, removes its
`.claude/skills/` link, and sends the note back to being a note: its
`graduated_skill` is cleared and `demoted_skill` records the name, so it
does not graduate again on the next pass. Both re-check that the skill is
mage's own. Dismissed proposal ids are kept in .mage/state/optimize.json.
"""

import datetime as dt
import json
import os

from mage_engine.base.errors import MageError
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.skills import read_skill, render_skill, skill_path
from mage_engine.kb.layout import OPTIMIZE_FILE


def state_path(kb):
    return kb.path_of(OPTIMIZE_FILE)


def dismissed_ids(kb) -> set:
    from mage_engine.kb.jsonfiles import read_object

    dismissed = (read_object(state_path(kb)) or {}).get("dismissed")
    return set(dismissed) if isinstance(dismissed, dict) else set()


def dismiss(kb, found: dict) -> dict:
    """Never propose this (current) proposal again."""
    from mage_engine.kb.jsonfiles import read_object

    state = read_object(state_path(kb)) or {}
    if not isinstance(state.get("dismissed"), dict):
        state["dismissed"] = {}
    state.setdefault("dismissed", {})[found["id"]] = {"skill": found["skill"], "action": found["action"],
                                                      "at": dt.date.today().isoformat()}
    write_text_atomic(state_path(kb), json.dumps(state, indent=1, sort_keys=True) + "\n")
    return {"dismissed": found["id"], "skill": found["skill"], "action": found["action"]}


def apply_one(kb, found: dict) -> dict:
    """Apply one current proposal; returns what it wrote and the git command."""
    from mage_engine.grooming.git_hint import git_command

    written = apply_proposal_files(kb, found)
    return {"applied": found["id"], "skill": found["skill"], "action": found["action"], "written": written,
            "git_command": git_command(written, _message([found]))}


def apply_all(kb, result) -> None:
    """Apply every proposal of an optimize pass (at most MAX_EDITS), except those for mage's own skills."""
    from mage_engine.grooming.git_hint import git_command

    applied = [proposal for proposal in result.proposals if not proposal.get("shipped")]
    for proposal in applied:
        result.written += apply_proposal_files(kb, proposal)
        result.applied.append(proposal["id"])
    result.git_command = git_command(result.written, _message(applied))


def apply_proposal_files(kb, proposal: dict) -> list[str]:
    """Write one proposal's change (a reworded trigger, or a demotion) under the KB lock."""
    from mage_engine.kb.lock import kb_lock

    with kb_lock(kb):
        return _apply_files(kb, proposal)


def _apply_files(kb, proposal: dict) -> list[str]:
    """Make the edit on disk; returns the committed paths it changed."""
    if proposal.get("shipped"):
        raise MageError(f"{proposal['skill']} is mage's own skill: mage never rewrites it",
                        "the proposal is evidence: share it with mage's developers "
                        "(`mage optimize --dry-run --json`), or dismiss it")
    path = skill_path(kb, proposal["skill"])
    skill = read_skill(path)
    if not skill.generated:
        raise MageError(f"skill {skill.name} is hand-written", "mage never rewords or demotes hand-written skills")
    today = dt.date.today().isoformat()
    evidence = proposal["evidence"]
    history = f"{today} {proposal['action']}: match {evidence['match_rate']} over {evidence['loads']} loads"
    if proposal["action"] == "reword":
        skill.description = proposal["after"]["description"]
        skill.metadata["trigger_history"] = f"{skill.metadata.get('trigger_history', '')}; {history}".lstrip("; ")
        write_text_atomic(path, render_skill(skill))
        return [kb.relative(path)]
    return _demote(kb, skill, path)


def _demote(kb, skill, path) -> list[str]:
    from mage_engine.kb.notes import read_note, render_note
    from mage_engine.kb.transaction import Transaction

    note_id = skill.metadata.get("from_note", "")
    if not kb.note_path(note_id).is_file():
        raise MageError(f"skill {skill.name} comes from note '{note_id}', which is gone",
                        "restore the note, or delete the skill folder by hand")
    note = read_note(kb.note_path(note_id))
    note.graduated_skill = None
    note.extra["demoted_skill"] = skill.name
    tx = Transaction(kb)
    tx.write(kb.note_path(note_id), render_note(note))
    tx.delete(path)
    tx.commit()
    _tidy(kb, skill.name)
    return [kb.relative(path), kb.relative(kb.note_path(note_id))]


def _tidy(kb, name: str) -> None:
    """Remove the emptied skill folder and the host's now-dangling link to it."""
    try:
        os.rmdir(kb.skills_dir / name)
    except OSError:
        pass  # the folder holds other files a person put there: leave them
    link = kb.root / ".claude" / "skills" / name
    if link.is_symlink() and not link.exists():
        link.unlink()


def _message(proposals: list) -> str:
    return "mage: optimize " + ", ".join(f"{p['action']} {p['skill']}" for p in proposals)
