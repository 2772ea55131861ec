"""Messages: panes ask (imperative names), workers report (past tense).

Panes post requests up to the main screen, which owns the state and the
service; workers post what they loaded or did, and never touch widgets.
"""

from dataclasses import dataclass, field

from textual.message import Message


# --- requests from panes -------------------------------------------------------

class Request(Message):
    """A pane asks the screen for something; `Pane.request` sends it, counted as activity
    until it has bubbled past the screen to the app."""


@dataclass
class AcceptDrafts(Request):
    """Accept these drafts into notes."""

    ids: list


@dataclass
class RejectDrafts(Request):
    """Reject these drafts (the screen asks for a reason, and confirms a batch)."""

    ids: list


@dataclass
class MergeDraft(Request):
    """Merge this draft into its nearest note, or one the person chooses."""

    draft_id: str
    nearest: str | None = None
    choose: bool = False


@dataclass
class ProposeVerdict(Request):
    """Propose accept or reject for this draft, as the agent would."""

    draft_id: str


class ApproveProposals(Request):
    """Apply every proposal in staging as one batch."""


@dataclass
class EditFile(Request):
    """Open a draft, note or skill in $EDITOR, then re-read it."""

    kind: str
    item_id: str


class ShowHints(Request):
    """Open the read-only view of recent hint decisions (screens/hints.py)."""


@dataclass
class PreviewDraft(Request):
    """Load the preview (and diff) of this draft."""

    draft_id: str | None


@dataclass
class PreviewNote(Request):
    """Load this note and render its preview for `frame` (mage_tui.doc_render.DocFrame)."""

    note_id: str | None
    frame: object


@dataclass
class SearchNotes(Request):
    """Run the live search with this query."""

    query: str


@dataclass
class CycleDial(Request):
    """Move a dial (sensitivity or autonomy) to its next value."""

    name: str


@dataclass
class ActOnSuggestion(Request):
    """Apply or dismiss an optimize suggestion."""

    verdict: str
    suggestion: dict


class RefreshRecurrence(Request):
    """Fold the trail again (distill) and reload tallies and candidates."""


# --- reports from workers ---------------------------------------------------------

@dataclass
class DraftsLoaded(Message):
    """The staging batch was read."""

    rows: list
    problems: list = field(default_factory=list)


@dataclass
class DraftPreviewLoaded(Message):
    """A draft, its nearest note and what accepting it would write."""

    draft: object
    nearest: object | None
    similarity: float | None
    outcome: dict


@dataclass
class NotesLoaded(Message):
    """Every note (light records) was read."""

    notes: list


@dataclass
class NotePreviewLoaded(Message):
    """One note, read whole and rendered for the preview (mage_tui.doc_render.Rendered)."""

    rendered: object


@dataclass
class SearchFinished(Message):
    """Ids matching a query, best first."""

    query: str
    ids: list


@dataclass
class GroomFinished(Message):
    """A grooming action finished: what was done, written, and the git command."""

    result: dict


@dataclass
class ActionFailed(Message):
    """An action failed with a message a person can act on."""

    message: str


@dataclass
class DialsLoaded(Message):
    """The dials as they are now (after a read or a change)."""

    dials: object
    changed: str | None = None
    keymap: dict | None = None
    """The person's keys from config.yaml (None: not read this time)."""
    keymap_problem: str | None = None


@dataclass
class SkillsLoaded(Message):
    """Skills and optimize suggestions (None: not available yet)."""

    skills: list
    suggestions: list | None


@dataclass
class RecurrenceLoaded(Message):
    """Signature tallies and candidates."""

    state: dict


@dataclass
class DiskChanged(Message):
    """Files changed on disk since the last look (parts: drafts, notes, skills, config)."""

    parts: list


@dataclass
class WorkProgress(Message):
    """How far a long task (task: 'index' or 'distill') has come."""

    task: str
    done: int
    total: int


@dataclass
class IndexReady(Message):
    """The search index is built and fresh ('rebuilt', 'fresh', …; None: no recall here)."""

    status: str | None
