"""Merge a draft into a note section by section: one `## Procedure`, never two.

A note's body is a preamble (its summary paragraph first) and `##` sections.
The draft's sections land where the note already has one of the same name:

- steps (a numbered list, a procedure) are *replaced* by the draft's, which
  is the newer lesson (`steps="under"` keeps the note's steps and puts the
  draft's under them, headed by the draft's title);
- bullet lists (pointers) gain the draft's items they lack;
- prose gains the draft's paragraphs it lacks.

Sections only the draft has are added after the note's, in the draft's order.
The title stays the note's and the summary its first paragraph, unless the
person gives others. `mage groom --merge` and the app's merge screen both
call `merged_note`, so what the screen shows is what the command writes.
"""

import re
from dataclasses import dataclass, field

from mage_engine.kb.notes import Note, today

STEP_MODES = ("replace", "under")
_HEADING = re.compile(r"^(#{1,2})\s+(.*?)\s*#*\s*$")
_NUMBERED = re.compile(r"^\s{0,3}\d+[.)]\s")
_BULLET = re.compile(r"^\s{0,3}[-*+]\s")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")


@dataclass
class Section:
    """One `#`/`##` section: its heading line ('' for the preamble) and the lines under it."""

    heading: str
    lines: list = field(default_factory=list)

    @property
    def key(self) -> str:
        """The heading's words, case and punctuation aside: 'Procedure', '## procedure:' match."""
        return " ".join(re.sub(r"[^\w\s]", " ", _title_of(self.heading)).lower().split())

    @property
    def shape(self) -> str:
        """'steps' (a numbered list), 'bullets', or 'prose': how the draft's version folds in."""
        items = [line for line in self.lines if line.strip()]
        if any(_NUMBERED.match(line) for line in items):
            return "steps"
        if items and all(_BULLET.match(line) or line.startswith((" ", "\t")) for line in items):
            return "bullets"
        return "prose"


def merged_note(note: Note, draft: Note, title: str | None = None, summary: str | None = None,
                steps: str = "replace", on: str | None = None) -> Note:
    """The note with the draft folded in (see the module docstring); `updated` moves to `on` (today)."""
    if steps not in STEP_MODES:
        raise ValueError(f"steps must be one of {STEP_MODES}, not {steps!r}")
    sections = merge_sections(split_sections(note.body), split_sections(draft.body), draft.title, steps)
    if summary is not None and summary.strip():
        sections[0] = _with_summary(sections[0], summary)
    signatures = sorted(set(note.signatures) | set(draft.signatures))
    tags = note.tags + [tag for tag in draft.tags if tag not in note.tags]
    return Note(id=note.id, title=(title or "").strip() or note.title, body=join_sections(sections),
                kind=note.kind, category=note.category, tags=tags, created=note.created, updated=on or today(),
                origin=note.origin, signatures=signatures, graduated_skill=note.graduated_skill,
                extra=dict(note.extra), path=note.path)


def split_sections(body: str) -> list[Section]:
    """The preamble, then one Section per `#` or `##` heading (headings inside code fences are text)."""
    sections, fenced = [Section("")], False
    for line in body.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        if not fenced and _HEADING.match(line):
            sections.append(Section(line.strip()))
        else:
            sections[-1].lines.append(line)
    return sections


def join_sections(sections: list[Section]) -> str:
    """The body again: each section's text trimmed of blank edges, one blank line between sections."""
    blocks = []
    for section in sections:
        text = "\n".join(section.lines).strip("\n")
        if section.heading:
            blocks.append(section.heading + ("\n" + text if text else ""))
        elif text:
            blocks.append(text)
    return "\n\n".join(blocks) + "\n"


def merge_sections(ours: list[Section], theirs: list[Section], draft_title: str, steps: str) -> list[Section]:
    """`ours` (the note's) with each of `theirs` (the draft's) folded into the section of the same name."""
    merged = [Section(s.heading, list(s.lines)) for s in ours]
    by_key = {section.key: section for section in merged}
    for section in theirs:
        target = by_key.get(section.key)
        if target is None:
            merged.append(Section(section.heading, list(section.lines)))
            by_key[section.key] = merged[-1]
        elif target.shape == section.shape == "steps":
            target.lines = _steps(target.lines, section.lines, draft_title, steps)
        elif target.shape == section.shape == "bullets":
            target.lines = _union_items(target.lines, section.lines)
        else:
            target.lines = _new_paragraphs(target.lines, section.lines)
    return merged


def _steps(ours: list[str], theirs: list[str], draft_title: str, steps: str) -> list[str]:
    if steps == "replace" or _same_text(ours, theirs):
        return list(theirs)
    return _trimmed(ours) + ["", f"### {draft_title}", *_trimmed(theirs)]


def _union_items(ours: list[str], theirs: list[str]) -> list[str]:
    have = {_words(line) for line in ours if line.strip()}
    extra = [line for line in theirs if line.strip() and _words(line) not in have]
    return _trimmed(ours) + extra


def _new_paragraphs(ours: list[str], theirs: list[str]) -> list[str]:
    have = {_words(p) for p in _paragraphs(ours)}
    extra = [p for p in _paragraphs(theirs) if _words(p) not in have]
    if not extra:
        return list(ours)
    return _trimmed(ours) + [line for p in extra for line in ("", *p.splitlines())]


def _with_summary(preamble: Section, summary: str) -> Section:
    """The preamble with its first prose paragraph replaced by `summary` (or led by it)."""
    paragraphs = _paragraphs(preamble.lines)
    first = next((i for i, p in enumerate(paragraphs) if not p.lstrip().startswith(("```", "#"))), None)
    text = " ".join(summary.split())
    if first is None:
        paragraphs.insert(0, text)
    else:
        paragraphs[first] = text
    return Section("", "\n\n".join(paragraphs).splitlines())


def _paragraphs(lines: list[str]) -> list[str]:
    return [p.strip("\n") for p in re.split(r"\n\s*\n", "\n".join(lines)) if p.strip()]


def _trimmed(lines: list[str]) -> list[str]:
    text = "\n".join(lines).strip("\n")
    return text.splitlines() if text else []


def _same_text(ours: list[str], theirs: list[str]) -> bool:
    return _words("\n".join(ours)) == _words("\n".join(theirs))


def _words(text: str) -> str:
    return " ".join(text.split()).lower()


def _title_of(heading: str) -> str:
    match = _HEADING.match(heading)
    return match.group(2) if match else heading
