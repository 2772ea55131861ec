"""`mage graduate` (docs/recurrence.md#graduate): a procedure note used in at least M chapters becomes a skill.

M comes from the sensitivity dial (or explicit thresholds). The skill is
written to `mage/skills/<name>/SKILL.md` (name = the note's id) and the note
records `graduated_skill: <name>`, both in one transaction. When Claude Code
is connected, the skill is linked into `.claude/skills/` so the host sees it.
Nothing is committed: the result carries the git command to run after
reading the diff. Notes carrying `demoted_skill` (optimize sent their skill
back) do not graduate again until a person removes that key. A note whose
procedure holds a destructive step (`rm -rf`, `git reset --hard`, `--force`:
capture/hazards.py) never becomes a skill: a skill is followed without a person
reading it first. It waits with the reason instead.
"""

import datetime as dt
from dataclasses import dataclass, field

from mage_engine.recurrence import skill_text
from mage_engine.kb.skills import render_skill, skill_path
from mage_engine.recurrence.use_evidence import note_evidence


@dataclass
class GraduateResult:
    """What graduated (or would), what is still short of M, and the git command."""

    m: int
    dry_run: bool
    graduated: list = field(default_factory=list)
    waiting: list = field(default_factory=list)
    written: list = field(default_factory=list)
    linked: list = field(default_factory=list)
    git_command: str | None = None
    warnings: list = field(default_factory=list)

    def to_json(self) -> dict:
        return {"M": self.m, "dry_run": self.dry_run, "graduated": self.graduated, "waiting": self.waiting,
                "written": self.written, "linked": self.linked, "git_command": self.git_command,
                "warnings": self.warnings}


def graduate(kb, dry_run: bool = False, today: str | None = None) -> GraduateResult:
    """Mint a skill for every procedure note with evidence in ≥ M chapters (under the KB lock)."""
    import contextlib

    from mage_engine.kb.lock import kb_lock

    with contextlib.nullcontext() if dry_run else kb_lock(kb):
        return _graduate(kb, dry_run, today)


def _graduate(kb, dry_run: bool, today: str | None) -> GraduateResult:
    from mage_engine.kb.config import load_config
    from mage_engine.kb.notes import load_folder

    config = load_config(kb)
    notes, _ = load_folder(kb.notes_dir)
    eligible = [n for n in notes if n.kind == "procedure" and not n.graduated_skill
                and not n.extra.get("demoted_skill")]
    evidence, warnings = note_evidence(kb, eligible)
    result = GraduateResult(m=config.m, dry_run=dry_run, warnings=warnings)
    ready = []
    for note in eligible:
        chapters = evidence.get(note.id, {})
        row = {"note": note.id, "title": note.title, "chapter_count": len(chapters), "evidence": chapters}
        danger = destructive_step(note.body)
        if danger:
            result.waiting.append(row | {"needed": config.m, "refused": danger})
        elif len(chapters) >= config.m:
            ready.append((note, row))
        else:
            result.waiting.append(row | {"needed": config.m})
    if ready:
        _mint(kb, ready, result, today or dt.date.today().isoformat())
    return result


def destructive_step(body: str) -> str:
    """'`rm -rf build` deletes files …' for the first destructive command the note's text names, else ''."""
    import re

    from mage_engine.capture.hazards import hazard

    for span in re.findall(r"`([^`\n]+)`", body or ""):
        reason = hazard(span)
        if reason:
            return f"`{span[:80]}` {reason}: never made into a skill"
    return ""


def _mint(kb, ready: list, result: GraduateResult, today: str) -> None:
    from mage_engine.kb.transaction import Transaction

    tx, taken = Transaction(kb), set()
    for note, row in ready:
        _add_skill(kb, tx, note, row, taken, today, result)
    if result.dry_run:
        result.written = []
        return
    tx.commit()
    result.linked = _make_visible(kb)
    from mage_engine.grooming.git_hint import git_command
    from mage_engine.grooming.derived import refresh_search_index

    names = ", ".join(row["skill"] for row in result.graduated)
    result.git_command = git_command(result.written, f"mage: graduate {names}")
    warning = refresh_search_index(kb)
    if warning:
        result.warnings.append(warning)


def _add_skill(kb, tx, note, row: dict, taken: set, today: str, result: GraduateResult) -> None:
    """Put the skill and the note recording it into the transaction."""
    from mage_engine.kb.ids import unique_id
    from mage_engine.kb.notes import render_note

    name = unique_id(note.id, lambda c: c in taken or skill_path(kb, c).parent.exists())
    taken.add(name)
    skill = skill_text.skill_from_note(note, name, row["evidence"], today)
    text = render_skill(skill)
    result.graduated.append(row | {"skill": name, "description": skill.description,
                                   "path": kb.relative(skill_path(kb, name))})
    note.graduated_skill = name
    tx.write(skill_path(kb, name), text)
    tx.write(kb.note_path(note.id), render_note(note))
    result.written += [kb.relative(skill_path(kb, name)), kb.relative(kb.note_path(note.id))]


def _make_visible(kb) -> list:
    """Link new skills into .claude/skills/ when this project is connected to Claude Code."""
    from mage_engine.hosts.claude_code.connect import load_state
    from mage_engine.hosts.claude_code.skills import mirror_skills

    if not load_state(kb):
        return []
    return mirror_skills(kb)
