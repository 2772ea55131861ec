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
    """Accept these drafts into notes (`to`: draft id -> "personal" for those going to the personal KB)."""

    ids: list
    to: dict | None = None


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


@dataclass
class ApproveProposals(Request):
    """Apply every proposal in staging as one batch (the screen lists them and asks first)."""

    rows: list


class UndoLast(Request):
    """Take back the last accept, reject or merge."""


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
    """The staging batch was read: rows, and the drafts that could not be (mage_engine.grooming.drafts)."""

    rows: list
    problems: list = field(default_factory=list)


@dataclass
class DraftPreviewLoaded(Message):
    """A draft, its nearest note and what accepting it would write; or why it cannot be read."""

    draft_id: str | None
    draft: object = None
    nearest: object | None = None
    similarity: float | None = None
    outcome: dict = field(default_factory=dict)
    problem: dict | None = None
    """For an unreadable draft: {'file', 'line', 'error', …}, and `raw` its text."""
    raw: str = ""


@dataclass
class NotesLoaded(Message):
    """Every note (light records) was read, and the note files that cannot be."""

    notes: list
    broken: list = field(default_factory=list)


@dataclass
class NotePreviewLoaded(Message):
    """One note, read and rendered for the preview (mage_tui.doc_render.Rendered)."""

    note_id: str | None
    rendered: object


@dataclass
class SearchFinished(Message):
    """(id, score) of the notes matching a query, best first."""

    query: str
    hits: list


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
    """Signature tallies and candidates (`distilled`: the person asked for the trail to be folded again)."""

    state: dict
    distilled: bool = False


@dataclass
class MergePairLoaded(Message):
    """The draft and the note a merge would join, read for the merge screen."""

    draft: object
    note: object
    offer_choice: bool = True


@dataclass
class UndoChecked(Message):
    """What `u` would take back now ('the accept of x'), or None."""

    what: str | None


@dataclass
class DialNext(Message):
    """Where a dial would move to (the screen asks before raising autonomy)."""

    name: str
    now: str
    following: str
    values: tuple


@dataclass
class DiskChanged(Message):
    """Files changed on disk since the last look (parts: drafts, notes, skills, config)."""

    parts: list


@dataclass
class WorkProgress(Message):
    """How far a long task (task: 'index', 'distill' or 'render') has come."""

    task: str
    done: int
    total: int


@dataclass
class IndexReady(Message):
    """The search index is built and fresh ('rebuilt', 'fresh', …; None: no recall here)."""

    status: str | None
