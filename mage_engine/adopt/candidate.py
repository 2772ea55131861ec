"""A memory found in another tool's files, on its way to staging as a draft (source `import`).

Every candidate goes through grooming's `stage_draft` (scrub, dedupe against
notes, drafts and rejections), so importing twice stages nothing new. A dry
run asks the same dedupe questions and writes nothing.
"""

import re

from mage_engine.base.plainrecord import PlainRecord

MAX_BODY_CHARS = 6000  # one section of a long file; the rest is cut, and said


class Candidate(PlainRecord):
    """One memory: where it came from and the draft fields it maps to."""

    FIELDS = ("file", "title", "body", "kind", "category", "tags")

    def __init__(self, file: str, title: str, body: str, kind: str = "lesson", category: str = "lessons",
                 tags=None):
        self.file, self.title, self.body, self.kind, self.category = file, title, body, kind, category
        self.tags = [] if tags is None else list(tags)


def stage_all(kb, candidates: list, dry_run: bool) -> list[dict]:
    """Stage each candidate (or, in a dry run, say what would happen); one dict per candidate."""
    from mage_engine.base.errors import MageError
    from mage_engine.grooming.stage import stage_draft

    results = []
    for item in candidates:
        row = {"file": item.file, "title": item.title, "kind": item.kind, "category": item.category}
        body = _bounded(item.body)
        try:
            if dry_run:
                row.update(_would(kb, item.title, body))
            else:
                done = stage_draft(kb, item.title, body, kind=item.kind, tags=item.tags, category=item.category,
                                   source="import", extra={"imported_from": item.file})
                row.update({"status": done.status, "id": done.id, "matched": done.matched})
        except MageError as error:
            row.update({"status": "skipped", "id": None, "reason": str(error)})
        results.append(row)
    return results


def _would(kb, title: str, body: str) -> dict:
    """What stage_draft would answer, without writing: the same scrub and fingerprint, the same tables."""
    from mage_engine.grooming import catalog
    from mage_engine.grooming.fingerprint import fingerprint
    from mage_engine.grooming.rejected import rejected_fingerprints
    from mage_engine.grooming.stage import _CONTROL, clean_title
    from mage_engine.scrub import scrub

    fp = fingerprint(clean_title(scrub(title)), scrub(_CONTROL.sub("", body)).strip())
    for kind, table in (("rejected", rejected_fingerprints(kb)), ("draft", catalog.draft_fingerprints(kb)),
                        ("note", catalog.note_fingerprints(kb))):
        if fp in table:
            matched = table[fp].get("id") if isinstance(table[fp], dict) else table[fp]
            return {"status": "rejected" if kind == "rejected" else "duplicate", "id": None,
                    "matched": {"kind": kind, "id": matched}}
    return {"status": "would-stage", "id": None, "matched": None}


def _bounded(body: str) -> str:
    if len(body) <= MAX_BODY_CHARS:
        return body
    return body[:MAX_BODY_CHARS].rsplit("\n", 1)[0] + "\n\n(cut on import: the rest is in the original file)"


def sections(text: str, level_max: int = 3) -> list[tuple[str, str]]:
    """(heading, body) for each `#`..`###` section with text under it; block HTML comments dropped.

    A heading's body stops at the next heading of any level, so a nested
    `### Testing` is its own memory, not part of `## Conventions`.
    """
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    found, heading, lines, fence = [], "", [], False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        match = None if fence else re.match(rf"^(#{{1,{level_max}}})\s+(.*?)\s*#*\s*$", line)
        if match:
            found.append((heading, "\n".join(lines).strip()))
            heading, lines = match.group(2), []
        else:
            lines.append(line)
    found.append((heading, "\n".join(lines).strip()))
    return [(h, b) for h, b in found if b]


def kind_of(heading: str, body: str) -> tuple[str, str]:
    """(kind, category) a section reads as: rules and preferences are standing kinds."""
    words = f"{heading}".lower()
    for pattern, kind, category in _KINDS:
        if re.search(pattern, words):
            return kind, category
    if re.search(r"(?im)^\s*[-*]\s+(always|never|do not|don't|must|use|prefer)\b", body):
        return "rule", "workflow"
    return "fact", "projects"


_KINDS = (
    (r"prefer|preference|tone|communicat", "preference", "human"),
    (r"rule|convention|style|guideline|standard|do not|don't|never|always|must|policy|lint|format", "rule", "workflow"),
    (r"goal|roadmap|objective|milestone", "goal", "projects"),
    (r"command|build|run|test|setup|install|deploy|release|workflow|develop|debug", "procedure", "tools"),
    (r"security|secret|credential|auth", "rule", "security"),
    (r"architecture|overview|structure|layout|about|context|stack|project", "fact", "projects"),
)
