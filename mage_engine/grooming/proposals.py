"""Approver autonomy: the agent proposes, a person approves the batch at once.

A proposal is a `proposal:` entry in the draft's `draft:` block (verdict,
reason, who, when). Approving applies every proposal in one transaction:
proposed accepts become notes, proposed rejects go to the rejected ledger.
"""


from mage_engine.base.errors import MageError
from mage_engine.grooming import autonomy
from mage_engine.grooming.groom import (GroomResult, _finish, draft_ids, load_draft, note_from_draft,
                                        rejection_entry)
from mage_engine.grooming.git_hint import git_command
from mage_engine.grooming.lookup import groomed_entries
from mage_engine.grooming.rejected import rejections_text
from mage_engine.grooming.undo import record_undo
from mage_engine.kb.config import load_config
from mage_engine.kb.clock import utc_now
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.notes import render_note, write_note
from mage_engine.kb.transaction import Transaction
from mage_engine.scrub import scrub

VERDICTS = ("accept", "reject")


def propose(kb: KB, draft_id: str, verdict: str, reason: str, actor: str | None = None) -> dict:
    """Mark a draft as proposed for accept or reject, with a reason."""
    if verdict not in VERDICTS:
        raise MageError(f"unknown verdict '{verdict}'", "use --verdict accept or --verdict reject")
    if not (reason or "").strip():
        raise MageError("a proposal needs a reason", 'add --reason "why"')
    config = load_config(kb)
    actor = actor or autonomy.current_actor()
    autonomy.require("propose", config.autonomy, actor)
    with kb_lock(kb):
        draft = load_draft(kb, draft_id)
        draft.draft = dict(draft.draft or {})
        draft.draft["proposal"] = {"verdict": verdict, "reason": scrub(reason.strip()), "by": actor, "at": utc_now()}
        write_note(kb.draft_path(draft.id), draft)
    return {"draft": draft.id, **draft.draft["proposal"]}


def proposed_drafts(kb: KB) -> list:
    """Drafts carrying a proposal, by id."""
    drafts = [load_draft(kb, draft_id) for draft_id in draft_ids(kb)]
    return [d for d in drafts if isinstance((d.draft or {}).get("proposal"), dict)]


def approve_proposals(kb: KB, actor: str | None = None) -> GroomResult:
    """Apply every proposal as one batch (a person's decision)."""
    with kb_lock(kb):
        return _approve(kb, actor)


def _approve(kb: KB, actor) -> GroomResult:
    config = load_config(kb)
    autonomy.require("approve-proposals", config.autonomy, actor)
    drafts = proposed_drafts(kb)
    if not drafts:
        raise MageError("no proposals to approve", "the agent proposes with `mage groom --propose ID --verdict …`")
    tx, result, taken, notes, rejections = Transaction(kb), GroomResult("approve-proposals"), set(), [], []
    for draft in drafts:
        proposal = draft.draft["proposal"]
        if proposal.get("verdict") == "accept":
            note = note_from_draft(kb, draft, taken)
            taken.add(note.id)
            notes.append(note)
            tx.write(kb.note_path(note.id), render_note(note))
            result.done.append({"draft": draft.id, "note": note.id, "verdict": "accept"})
        else:
            rejections.append(rejection_entry(draft, proposal.get("reason", ""), actor))
            result.done.append({"draft": draft.id, "note": None, "verdict": "reject"})
        tx.delete(kb.draft_path(draft.id))
    if rejections:
        tx.write(kb.rejected_path, rejections_text(kb, rejections))
    message = f"mage: approve {len(drafts)} proposal{'s' if len(drafts) != 1 else ''}"
    if notes:
        result = _finish(kb, tx, result, config, notes, message)
        if rejections:
            result.written.append(kb.relative(kb.rejected_path))
            result.git_command = git_command(result.written, message)
        return result
    tx.log.extend(groomed_entries(result))
    record_undo(kb, tx, result.action, result.done)
    tx.commit()
    result.written = [kb.relative(kb.rejected_path)]
    result.git_command = git_command(result.written, message)
    return result
