"""Build the demo KB from `data/`, with every date moved so the sample reads as recent.

The sample data is dated around DEMO_NOW. `build_demo_kb(root, now)` shifts
every date by `now - DEMO_NOW`: with `now=DEMO_NOW` (screenshots, tests) the
KB is byte-for-byte reproducible; with the real clock (`mage demo`) drafts
read as staged hours ago.

The trail is never written by hand: `data/sessions/` holds the hook events of
three sessions as Claude Code sends them, and each goes through the real
capture (`capture_event`: scrub, chapters), then gets its scripted time. The
recurrence draft is what `promote` makes of that trail, so the demo's drafts,
`mage distill` and `mage promote` always agree: merge the draft into its note
and nothing is staged again.
"""

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from mage_engine.base.errors import MageError
from mage_engine.kb import frontmatter
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.layout import KB
from mage_engine.kb.notes import read_note, write_note
from mage_engine.demo.sessions import capture_sessions, promote_recurrence

DEMO_NOW = dt.datetime(2026, 3, 14, 16, 0, tzinfo=dt.timezone.utc)
RECURRENCE_STAGED = "2026-03-14T16:00:00Z"  # `mage promote`, run the day after the third chapter in which `uv sync` failed the same way
DATA = Path(__file__).parent / "data"
KB_NAME = "acme-api"


@dataclass
class DemoKB:
    """What was built: the KB, the notes written and the drafts staged."""

    kb: KB
    notes: list = field(default_factory=list)
    drafts: list = field(default_factory=list)     # stage results as JSON
    skills: list = field(default_factory=list)
    sessions: list = field(default_factory=list)


def build_demo_kb(root: Path, now: dt.datetime | None = None) -> DemoKB:
    """Create the demo KB in `root` (new or empty), dated relative to `now`."""
    from mage_engine.kb.config import load_config
    from mage_engine.kb.init import init_kb
    from mage_engine.grooming.derived import rebuild_all

    root = Path(root)
    if root.exists() and any(root.iterdir()):
        raise MageError(f"{root} is not empty", "give `mage demo --path` a new or empty folder")
    shift = (now or dt.datetime.now(dt.timezone.utc)) - DEMO_NOW
    demo = DemoKB(init_kb(root).kb)
    demo.notes = _write_notes(demo.kb, shift)
    demo.skills = _copy_skills(demo.kb, shift)
    demo.sessions = capture_sessions(demo.kb, DATA / "sessions", lambda stamp: shift_stamp(stamp, shift))
    rebuild_all(demo.kb, load_config(demo.kb))  # INDEX.md, MEMORY.md, search index: as `mage index`
    recurrence = promote_recurrence(demo.kb, lambda draft_id: _date_draft(demo.kb, draft_id, shift_stamp(
        RECURRENCE_STAGED, shift), None))
    demo.drafts = recurrence + _stage_drafts(demo.kb, shift)
    return demo


def shift_stamp(value, shift: dt.timedelta) -> str:
    """An ISO timestamp moved by `shift`, written as mage writes them (UTC, seconds, Z)."""
    if isinstance(value, dt.datetime):
        stamp = value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
    else:
        stamp = dt.datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    moved = (stamp + shift).astimezone(dt.timezone.utc).replace(microsecond=0)
    return moved.isoformat().replace("+00:00", "Z")


def shift_date(value, shift: dt.timedelta) -> str:
    """A YYYY-MM-DD date moved by `shift` (whole days at noon, so DST never tips it)."""
    day = value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))
    noon = dt.datetime(day.year, day.month, day.day, 12, tzinfo=dt.timezone.utc)
    return (noon + shift).date().isoformat()


def _write_notes(kb: KB, shift) -> list[str]:
    written = []
    for path in sorted((DATA / "notes").glob("*.md")):
        note = read_note(path)
        note.created, note.updated = shift_date(note.created, shift), shift_date(note.updated, shift)
        write_note(kb.note_path(note.id), note)
        written.append(note.id)
    return written


def _copy_skills(kb: KB, shift) -> list[str]:
    names = []
    for path in sorted((DATA / "skills").glob("*/SKILL.md")):
        data, body, _ = frontmatter.split(path.read_text(encoding="utf-8"), path)
        meta = data.get("metadata")
        if isinstance(meta, dict) and meta.get("graduated"):
            old, new = str(meta["graduated"]), shift_date(meta["graduated"], shift)
            data["metadata"] = {k: str(v).replace(old, new) for k, v in meta.items()}
        target = kb.skills_dir / path.parent.name / "SKILL.md"
        write_text_atomic(target, frontmatter.render(data, body, ("name", "description", "metadata")))
        names.append(path.parent.name)
    return names


def _stage_drafts(kb: KB, shift) -> list[dict]:
    from mage_engine.grooming.stage import stage_draft

    staged = []
    for path in sorted((DATA / "drafts").glob("*.md")):
        data, body, _ = frontmatter.split(path.read_text(encoding="utf-8"), path)
        result = stage_draft(kb, data["title"], body, kind=data["kind"], tags=data.get("tags", []),
                             category=data["category"], source=data["source"], signature=data.get("signature"),
                             chapters=data.get("chapters", []))
        if result.status != "staged":
            raise MageError(f"demo draft {path.name} was not staged ({result.status})", "report this as a bug")
        _date_draft(kb, result.id, shift_stamp(data["staged"], shift), data.get("proposal"))
        staged.append(result.to_json())
    return staged


def _date_draft(kb: KB, draft_id: str, staged: str, proposal: dict | None) -> None:
    """Give a staged draft the sample's time, and the agent's proposal if the sample has one."""
    draft = read_note(kb.draft_path(draft_id))
    draft.draft = dict(draft.draft or {}, staged=staged)
    draft.created = draft.updated = staged[:10]
    if proposal:
        draft.draft["proposal"] = {"verdict": proposal["verdict"], "reason": proposal["reason"],
                                   "by": "agent", "at": staged}
    write_note(kb.draft_path(draft_id), draft)
