"""The app's one door to the engine: every read and every grooming action.

Screens never import mage_engine directly; they call a `MageService` made by
`make_service(kb, clock=…, actor=…)`, so tests hand in a temporary KB and a
fixed clock. Methods are synchronous and may be slow (YAML, Tantivy): the
screen calls them from thread workers only.
"""

import datetime as dt
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from mage_engine.base.errors import MageError
from mage_engine.grooming import autonomy
from mage_engine.kb.layout import KB
from mage_tui import sources

if TYPE_CHECKING:  # a type only: the note model loads with the first note read
    from mage_engine.kb.notes import Note


# Grooming, config and keys load on first use: the app's first frame needs none of them.
def _groom():
    from mage_engine.grooming import groom

    return groom


def _proposals():
    from mage_engine.grooming import proposals

    return proposals


def _config():
    from mage_engine.kb import config

    return config


Clock = Callable[[], dt.datetime]


def system_clock() -> dt.datetime:
    """Now, in UTC: the default clock (tests pass a fixed one)."""
    return dt.datetime.now(dt.timezone.utc)


@dataclass(frozen=True)
class Dials:
    """The two dials as the app shows them, and who is acting."""

    sensitivity: str
    autonomy: str
    k: int
    m: int
    actor: str
    explicit_thresholds: bool
    warnings: tuple = ()

    def permits(self, action: str) -> bool:
        """May the current actor do `action` (accept, reject, merge, propose, …)?"""
        return autonomy.is_permitted(action, self.autonomy, self.actor)


class MageService:
    """Reads and grooming actions on one KB, as one actor, under one clock."""

    def __init__(self, kb: KB, clock: Clock = system_clock, actor: str | None = None):
        self.kb = kb
        self.clock = clock
        self.actor = actor or autonomy.current_actor()
        self.write_lock = threading.Lock()
        self.recovery_problem = None  # why an interrupted change could not be finished, if it could not
        # distill writes .mage/state/ and optimize reads it: never both at once
        self.recurrence_lock = threading.Lock()

    # --- staging -------------------------------------------------------------
    def drafts(self) -> tuple[list[dict], list[dict]]:
        """Rows for the staging batch (oldest first) and unreadable files, from the engine's stat-keyed
        listing (grooming/drafts.py): only drafts changed since the last look are parsed."""
        from mage_engine.grooming.drafts import draft_listing

        return draft_listing(self.kb)

    def cached_drafts(self) -> tuple[list[dict], list[dict]] | None:
        """The same rows in milliseconds when no draft changed since the last look, else None."""
        from mage_engine.grooming.drafts import cached_listing

        return cached_listing(self.kb)

    def draft(self, draft_id: str) -> "Note":
        return _groom().load_draft(self.kb, draft_id)

    def note(self, note_id: str) -> "Note":
        return _groom().load_note(self.kb, note_id)

    def accept_preview(self, draft: "Note") -> dict:
        """What accepting `draft` would write, and the git command it would print."""
        from mage_engine.grooming.git_hint import git_command

        note = _groom().note_from_draft(self.kb, draft, set())
        written = [self.kb.relative(self.kb.note_path(note.id)), self.kb.relative(self.kb.index_md),
                   self.kb.relative(self.kb.memory_md)]
        return {"note": note.id, "written": written,
                "git_command": git_command(written, f"mage: accept {note.id}")}

    def accept(self, ids: list[str]) -> dict:
        return _groom().accept(self.kb, ids, actor=self.actor).to_json()

    def accept_split(self, ids: list[str], to: dict) -> dict:
        """Accept `ids`, those `to` sends to "personal" into the personal KB (kbs/), the rest here."""
        from mage_tui.kb_choice import accept_split

        return accept_split(self.kb, ids, to, self.actor)

    def reject(self, ids: list[str], reason: str) -> dict:
        return _groom().reject(self.kb, ids, reason, actor=self.actor).to_json()

    def merge(self, draft_id: str, note_id: str, text: str | None = None) -> dict:
        """Merge as `merge_text` proposes, or write `text` (the merged note as the person edited it)."""
        return _groom().merge(self.kb, draft_id, note_id, actor=self.actor, text=text).to_json()

    def merge_text(self, draft_id: str, note_id: str, title: str | None = None, summary: str | None = None,
                   steps: str = "replace") -> str:
        """The note file the merge would write, for the merge screen."""
        return _groom().merge_text(self.kb, draft_id, note_id, title=title, summary=summary, steps=steps,
                                   on=self.clock().date().isoformat())

    def note_file_text(self, note_id: str) -> str:
        """The note's file as it is on disk (the merge screen's left column)."""
        return self.raw_text(str(self.kb.note_path(note_id)), limit=1024 * 1024)

    def check_merged_text(self, note_id: str, text: str) -> "Note":
        """The merged note as edited, parsed (NoteFormatError names the line), before anything is written."""
        return _groom().edited_note(self.kb, self.note(note_id), text)

    def undo(self) -> dict:
        """Take back the last accept, reject or merge (refused once committed or changed since)."""
        from mage_engine.grooming.undo import undo_last

        return undo_last(self.kb, actor=self.actor).to_json()

    def undoable(self) -> str | None:
        """What `undo` would take back ('the accept of x'), or None."""
        from mage_engine.grooming.undo import describe, last_undoable

        record = last_undoable(self.kb)
        return describe(record) if record else None

    def propose(self, draft_id: str, verdict: str, reason: str) -> dict:
        proposal = _proposals().propose(self.kb, draft_id, verdict, reason, actor=self.actor)
        return {"action": "propose", "done": [{"draft": draft_id, "note": None, "verdict": verdict}],
                "written": [self.kb.relative(self.kb.draft_path(draft_id))], "git_command": None,
                "warnings": [], "proposal": proposal}

    def approve_proposals(self) -> dict:
        return _proposals().approve_proposals(self.kb, actor=self.actor).to_json()

    # --- notes ---------------------------------------------------------------
    def notes(self) -> list["Note"]:
        """Every note, light (summary as body), from the catalog cache."""
        from mage_engine.grooming import catalog

        return catalog.light_notes(self.kb)

    def notes_and_broken(self) -> tuple[list["Note"], list[dict]]:
        """Every note (light, as `notes`) and the note files that do not parse (as `broken_notes`),
        from one look at the folder."""
        from mage_engine.grooming import catalog

        found = catalog.records(self.kb, self.kb.notes_dir, "notes")
        return catalog.light_notes(self.kb, found), self.broken_notes(found)

    def broken_notes(self, found: list[dict] | None = None) -> list[dict]:
        """Note files that do not parse: {'id', 'file', 'line', 'error', 'message', 'path'} each."""
        from mage_engine.base.errors import NoteFormatError
        from mage_engine.grooming import catalog
        from mage_engine.kb.notes import read_note

        broken = []
        for record in found if found is not None else catalog.records(self.kb, self.kb.notes_dir, "notes"):
            if not record.get("problem"):
                continue
            path = self.kb.note_path(record["id"])
            try:
                read_note(path)
            except NoteFormatError as problem:
                broken.append({"id": record["id"], "file": path.name, "line": problem.line,
                               "error": problem.problem, "message": str(problem), "path": str(path)})
        return broken

    def raw_text(self, path: str, limit: int = 64 * 1024) -> str:
        """The first `limit` bytes of a file as text (a broken file's preview)."""
        try:
            with open(path, "rb") as handle:
                return handle.read(limit).decode("utf-8", errors="replace")
        except OSError as error:
            return f"(unreadable: {error.strerror or error})"

    def search(self, query: str, notes: list["Note"], limit: int = 200) -> list[tuple[str, float]]:
        """(id, score) of the notes matching `query`, best first: recall when built, else a plain filter."""
        return sources.search_notes(self.kb, query, notes, limit)

    def prepare_index(self, progress=None) -> str | None:
        """Build or refresh the search index (slow on a large KB: call from a worker)."""
        with self.write_lock:
            return sources.prepare_index(self.kb, progress)

    # --- skills and recurrence --------------------------------------------------
    def hint_decisions(self, limit: int = 50) -> list[dict]:
        """The latest hint decisions of the ledger, with their prompts and what was used (oldest first)."""
        from mage_engine.recall.hint.decision_log import hint_decisions

        return hint_decisions(self.kb)[-limit:]

    def graph_rows(self) -> list[dict]:
        """The procedural graph's rows, as `mage session graph` prints them."""
        from mage_engine.recall.procedure import graph, view

        return view.rows(graph.build(self.kb))

    def skills(self) -> list[dict]:
        return sources.list_skills(self.kb)

    def optimize_suggestions(self) -> list[dict] | None:
        """Before/after trigger edits `mage optimize` proposes."""
        with self.recurrence_lock:
            return sources.optimize_suggestions(self.kb)

    def apply_suggestion(self, suggestion: dict) -> dict:
        return sources.apply_suggestion(self.kb, suggestion)

    def dismiss_suggestion(self, suggestion: dict) -> dict:
        return sources.dismiss_suggestion(self.kb, suggestion)

    def recurrence(self, progress=None) -> dict:
        """{'available': bool, 'tallies': [...], 'candidates': [...]} for the Recurrence pane."""
        with self.recurrence_lock:
            return sources.recurrence_state(self.kb, progress)

    # --- dials ---------------------------------------------------------------
    def dials(self) -> Dials:
        config = _config().load_config(self.kb)
        return Dials(config.sensitivity, config.autonomy, config.k, config.m, self.actor,
                     bool(config.thresholds), tuple(config.warnings))

    def next_dial_value(self, name: str) -> tuple[str, str]:
        """(the value now, the one a cycle moves to) for `name` (sensitivity or autonomy)."""
        values = self.dial_values(name)
        now = getattr(self.dials(), name)
        return now, values[(values.index(now) + 1) % len(values)] if now in values else values[0]

    def dial_values(self, name: str) -> tuple:
        kb_config = _config()
        return {"sensitivity": kb_config.SENSITIVITIES, "autonomy": kb_config.AUTONOMIES}[name]

    def set_dial(self, name: str, value: str) -> Dials:
        """Set `name` to `value` and write config.yaml (only a person changes autonomy)."""
        if name == "autonomy":
            autonomy.require("set-autonomy", self.dials().autonomy, self.actor)
        _config().set_dial(self.kb, name, value)
        return self.dials()

    def cycle_dial(self, name: str) -> Dials:
        """Move `name` (sensitivity or autonomy) to its next value and write config.yaml."""
        return self.set_dial(name, self.next_dial_value(name)[1])

    # --- the app itself ------------------------------------------------------------
    def keymap(self) -> dict[str, str]:
        from mage_engine.kb.keymap import load_keymap

        return load_keymap(self.kb)

    def keymap_or_problem(self) -> tuple[dict[str, str], str | None]:
        """The person's keys, or no keys and the one-line problem with config.yaml's `keys:`."""
        try:
            return self.keymap(), None
        except MageError as error:
            return {}, str(error)

    def change_stamp(self) -> dict:
        """A cheap fingerprint per watched folder: it changes when a file there does."""
        kb = self.kb
        return {"drafts": _folder_stamp(kb.staging_dir), "notes": _folder_stamp(kb.notes_dir),
                "skills": _folder_stamp(kb.skills_dir, "SKILL.md"), "config": _file_stamp(kb.config_path)}

    def path_for(self, kind: str, item_id: str) -> Path:
        """The file behind a draft, note or skill (for $EDITOR)."""
        if kind == "draft":
            return self.kb.draft_path(item_id)
        if kind == "skill":
            return self.kb.skills_dir / item_id / "SKILL.md"
        return self.kb.note_path(item_id)


def make_service(kb: KB, clock: Clock | None = None, actor: str | None = None) -> MageService:
    """The one service a MageApp uses (tests pass a temp KB and a fixed clock).

    A grooming change a crashed mage left half-applied is finished first, under
    the KB lock, as every command does; every action then takes that lock
    itself (kb/lock.py), so the app and a CLI never groom from the same stale view.
    """
    from mage_engine.kb.lock import finish_pending

    service = MageService(kb, clock or system_clock, actor)
    service.recovery_problem = finish_pending(kb)
    return service


def _folder_stamp(folder: Path, inner: str | None = None) -> tuple:
    """(count, newest mtime, total size) of the markdown files in `folder`."""
    count = newest = total = 0
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                path = os.path.join(entry.path, inner) if inner else entry.path
                if not inner and not entry.name.endswith(".md"):
                    continue
                stamp = _file_stamp(Path(path))
                if stamp:
                    count, newest, total = count + 1, max(newest, stamp[0]), total + stamp[1]
    except OSError:
        pass
    return count, newest, total


def _file_stamp(path: Path) -> tuple | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size
