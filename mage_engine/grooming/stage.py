"""Stage a draft: scrub it, dedupe it, find its nearest note, write it to staging.

Every way a lesson enters mage goes through `stage_draft`: `mage stage`, what
the agent stages after the boundary nudge, the native-memory redirect and
recurrence promotion.
"""

import re
from dataclasses import dataclass, field

from mage_engine.base.errors import MageError
from mage_engine.grooming import catalog
from mage_engine.grooming.fingerprint import fingerprint
from mage_engine.grooming.nearest import nearest_note
from mage_engine.grooming.rejected import rejected_fingerprints, rejected_signatures
from mage_engine.kb.ids import slugify, unique_id
from mage_engine.kb.clock import utc_now
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.notes import CATEGORIES, KINDS, Note, today, write_note

LONG_DRAFT_CHARS = 1200
MAX_BODY_BYTES = 64 * 1024  # a note holds one topic; past this it holds several, or a file's copy
MAX_TITLE_CHARS = 200
SOURCES = ("lesson", "nudge", "recurrence", "redirect", "import", "log")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass
class StageResult:
    """What happened: staged (with its id) or not, and why."""

    status: str                      # staged | duplicate | rejected
    id: str | None = None            # the new draft's id when staged
    matched: dict | None = None      # {"kind": draft|note|rejected, "id": …} when not staged
    nearest: dict | None = None      # {"id": …, "similarity": …}
    warnings: list = field(default_factory=list)
    redacted: list = field(default_factory=list)  # the kind of each secret the scrub replaced

    def to_json(self) -> dict:
        return {"status": self.status, "id": self.id, "matched": self.matched,
                "nearest": self.nearest, "warnings": self.warnings, "redacted": self.redacted}


def clean_title(title: str) -> str:
    """One line of printable text, at most MAX_TITLE_CHARS."""
    text = " ".join(_CONTROL.sub(" ", str(title or "")).split())
    return text[:MAX_TITLE_CHARS].rstrip()


def stage_draft(kb: KB, title: str, body: str, kind: str = "lesson", tags=(), category: str = "lessons",
                source: str = "lesson", signature: str | None = None, chapters=(), extra=None) -> StageResult:
    """Scrub, dedupe and write one draft to .mage/staging/. Never raises for duplicates."""
    from mage_engine.grooming.note_scrub import scrub_tags, scrub_value
    from mage_engine.scrub import scrub_report

    _refuse_huge(str(body or ""))
    (title, title_kinds), (body, body_kinds) = (scrub_report(str(title or "")),
                                                scrub_report(_CONTROL.sub("", str(body or "")).strip()))
    title = clean_title(title)  # after the scrub: a cut at the length limit must not hide half a secret
    tag_kinds = [kind for tag in tags or () for kind in scrub_report(str(tag))[1]]
    tags, extra = scrub_tags(tags), scrub_value(dict(extra or {}))
    _validate(title, body, kind, category, source)
    fp = fingerprint(title, body)
    warnings = _warnings(body)
    with kb_lock(kb):  # dedupe, pick a free id and write, with no other stage in between
        refusal = _duplicate_of(kb, fp, signature)
        if refusal:
            return StageResult(status=refusal["status"], matched=refusal["matched"])
        draft = _make_draft(kb, title, body, kind, tags, category, source, fp, signature, chapters, extra)
        write_note(kb.draft_path(draft.id), draft)
    return StageResult(status="staged", id=draft.id, nearest=draft.draft.get("nearest"), warnings=warnings,
                       redacted=title_kinds + body_kinds + tag_kinds)


def _refuse_huge(body: str) -> None:
    if len(body.encode("utf-8", "replace")) > MAX_BODY_BYTES:
        raise MageError(f"the body is over {MAX_BODY_BYTES // 1024} KB: a note holds one topic (a lesson, "
                        "a procedure), not a log or a copy of a file",
                        "split it into one note per lesson, each staged with its own title, and name a big "
                        "file by its path instead of pasting it")


def _validate(title, body, kind, category, source) -> None:
    if not title:
        raise MageError("the draft has no title", 'pass --title "what was learned"')
    if not body:
        raise MageError("the draft has no body", "pass --body TEXT, --body-file F, or pipe the text on stdin")
    if kind not in KINDS:
        raise MageError(f"unknown kind '{kind}'", f"choose one of {', '.join(KINDS)}")
    if category not in CATEGORIES:
        raise MageError(f"unknown category '{category}'", f"choose one of {', '.join(CATEGORIES)}")
    if source not in SOURCES:
        raise MageError(f"unknown draft source '{source}'", f"choose one of {', '.join(SOURCES)}")


def _duplicate_of(kb: KB, fp: str, signature: str | None) -> dict | None:
    rejected = rejected_fingerprints(kb)
    if fp in rejected:
        return {"status": "rejected", "matched": {"kind": "rejected", "id": rejected[fp].get("id"),
                                                   "reason": rejected[fp].get("reason", "")}}
    if signature and signature in (sigs := rejected_signatures(kb)):
        return {"status": "rejected", "matched": {"kind": "rejected", "id": sigs[signature].get("id"),
                                                   "reason": sigs[signature].get("reason", "")}}
    for kind, table in (("draft", catalog.draft_fingerprints(kb)), ("note", catalog.note_fingerprints(kb))):
        if fp in table:
            return {"status": "duplicate", "matched": {"kind": kind, "id": table[fp]}}
    return None


def _warnings(body: str) -> list:
    if len(body) > LONG_DRAFT_CHARS:
        return [f"the draft is {len(body)} characters (over about {LONG_DRAFT_CHARS}): "
                "one topic per note keeps recall sharp; consider splitting it"]
    return []


def _make_draft(kb, title, body, kind, tags, category, source, fp, signature, chapters, extra) -> Note:
    from mage_engine.kb import guard

    taken = lambda candidate: guard.lexists(kb.draft_path(candidate)) or guard.lexists(kb.note_path(candidate))
    draft_id = unique_id(slugify(title), taken)
    block = {"source": source, "fingerprint": fp, "staged": utc_now()}
    if signature:
        block["signature"] = signature
    if chapters:
        block["chapters"] = sorted(set(chapters))
    note = Note(id=draft_id, title=title, body=body, kind=kind, category=category,
                tags=list(tags), created=today(),
                updated=today(), origin=source, signatures=[signature] if signature else [],
                extra=dict(extra or {}))
    near = nearest_note(kb, title, body)
    if near:
        block["nearest"] = {"id": near[0].id, "similarity": near[1]}
    note.draft = block
    return note
