"""Where a knowledge base keeps each file, and how commands find it.

Every file and folder mage keeps under a project is named here, once: no other
module spells a `mage/` or `.mage/` path (the file guard's own temporaries
folder aside, kb/guard.py, which this module stands on).

A KB is a project folder holding `mage/config.yaml`. Commands find it by
walking up from the current folder, unless `--kb DIR` or `MAGE_KB` names it.

Every location is also a relative str constant (CONFIG_FILE, STATE_DIR, …):
the hook path joins them onto `KB.top` with `KB.at`, because importing
`pathlib` would cost each hook run about 4 ms. Everyone else uses the Path
properties, which are built from the same constants.
"""

from mage_engine.base import fs
from mage_engine.kb import guard  # (annotations naming Path are quoted: pathlib is never imported here)

# Every location under the project root (POSIX separators, as base/fs joins them here).
# Committed (mage/): what a person owns and reviews.
MAGE_DIR = "mage"
CONFIG_FILE = "mage/config.yaml"
NOTES_DIR = "mage/notes"
SKILLS_DIR = "mage/skills"
INDEX_MD = "mage/INDEX.md"
MEMORY_MD = "mage/MEMORY.md"
REJECTED_FILE = "mage/rejected.jsonl"
# Git-ignored scratch (.mage/): what mage keeps for itself.
SCRATCH_DIR = ".mage"
LEARNINGS_DIR = ".mage/learnings"  # the trail: one file per session (trail/session_files.py names them)
STAGING_DIR = ".mage/staging"  # drafts waiting to be groomed
STATE_DIR = ".mage/state"
INDEX_DIR = ".mage/index"  # the search index's generations, stamp and manifest (recall/index/store.py)
ERRORS_LOG = ".mage/errors.log"
LEDGER_FILE = ".mage/injections.jsonl"  # what mage put into the agent's context (usage/ledger.py)
METRICS_FILE = ".mage/metrics.json"  # the usage metrics folded so far (usage/metrics.py)
METRICS_LOCK_FILE = ".mage/metrics.lock"
METRICS_EVENTS_FILE = ".mage/metrics.events.jsonl"  # usage events, appended (usage/events.py)
KB_LOCK_FILE = ".mage/kb.lock"  # every change to mage/ or .mage/staging/ holds it (kb/lock.py)
JOURNAL_FILE = ".mage/journal.json"  # a grooming change in flight (kb/journal.py)
JOURNAL_REFUSED_FILE = ".mage/journal.refused.json"  # a journal mage would not apply, set aside
REDIRECTED_DIR = ".mage/redirected"  # the host's memory files, once staged (grooming/redirects.py)
SETTINGS_BACKUPS_DIR = ".mage/backups"  # host settings as they were before connect changed them
DOCTOR_AGENT_TRANSCRIPT = ".mage/doctor-agent.jsonl"  # `mage doctor`'s sample subagent transcript
INDEX_STAMP_FILE = ".mage/index/current.json"  # which generation is live (the index's commit point)
INDEX_MANIFEST = ".mage/index/manifest.json"  # every note's record as the search index read it
PROCEDURE_GRAPH_FILE = ".mage/index/graph.json"  # the procedural graph for the prompt hook (recall/procedure/graph.py)
PROCEDURE_NOTES_FILE = ".mage/index/graph-notes.json"  # the transition notes each index build leaves (recall/index/transitions.py)
INDEX_STANDING_FILE = ".mage/index/standing.json"  # what SessionStart injects, precomputed
SESSIONS_DIR = ".mage/state/sessions"  # capture's state and lock per session (trail/session_state.py)
SESSION_CONTEXT_DIR = ".mage/state/context"  # the notes each session's start named (recall/standing/)
CONFIG_CACHE_FILE = ".mage/state/config.json"  # config.yaml as JSON, for the hooks (kb/config.py)
CONFIG_WARNINGS_FILE = ".mage/state/config-warnings.txt"  # the config warnings logged today
WORDLISTS_FILE = ".mage/state/wordlists.json"  # the word lists analysed, so a hook need not (terms/saved_lists.py)
EVERYDAY_FILE = ".mage/state/everyday.json"  # the project's everyday words, counted so far
EVERYDAY_LOG = ".mage/state/everyday.log"  # one line of terms per prompt since
EVERYDAY_NEAR_FILE = ".mage/state/everyday-near.json"  # the counts the prompt hook reads (recall/search/everyday.py)
PRUNE_STAMP_FILE = ".mage/state/prune.stamp"  # when the trail was last pruned (trail/retention.py)
HOST_JOURNAL_FILE = ".mage/state/host-journal.json"  # a connect or disconnect in flight
GROOMED_LOG = ".mage/state/groomed.jsonl"  # one line per draft a change took out of staging
UNDO_FILE = ".mage/state/undo.json"  # the last grooming actions, newest last, each one undoable (grooming/undo.py)
SCRUB_VERSION_FILE = ".mage/state/scrub-version"  # the scrub rules .mage/ was last scrubbed under
KBS_CONFIRMED_FILE = ".mage/state/kbs-confirmed"  # the `kbs:` folders confirmed on this machine (kbs/confirmed.py)
AUTONOMY_CONFIRMED_FILE = ".mage/state/autonomy-confirmed"  # the autonomy a person confirmed on this machine (kb/autonomy_confirm.py)
RESCRUB_PENDING_FILE = ".mage/state/rescrub.pending"  # a background re-scrub is running
DRAFT_ROWS_FILE = ".mage/state/draft-rows-v2.json"  # the staging listing's rows, by each draft's stat (v2: problems as records)
DISTILL_DIR = ".mage/state/distill"  # distill's folded chapters and cursors (recurrence/distill_state.py)
TALLIES_FILE = ".mage/state/tallies.json"  # every recurring signature's tally
CANDIDATES_FILE = ".mage/state/candidates.json"  # the tallies at K chapters nothing covers yet
OPTIMIZE_FILE = ".mage/state/optimize.json"  # the optimize proposals a person dismissed


def catalog_file(folder_name: str) -> str:
    """Where grooming's catalog caches the records of one folder's files (grooming/catalog.py)."""
    return f"{STATE_DIR}/catalog-v4-{folder_name}.json"  # v4: ids that look like secrets, lone surrogates refused


def host_record_file(host: str) -> str:
    """Connect's record of what it changed for `host` (hosts/claude_code/record.py, hosts/generic.py)."""
    return f"{STATE_DIR}/{host}.json"
# kept in each checkout's own .mage/ even when a worktree shares the main one's: journals name mage/ files
PER_CHECKOUT = (JOURNAL_FILE, HOST_JOURNAL_FILE)


class KB:
    """The paths of one knowledge base, rooted at its project folder.

    `root` is a Path, `top` the same folder as a str (what the hook path uses).
    A plain immutable class rather than a dataclass: `dataclasses` pulls in
    `inspect`, about 6 ms on every hook run. Making one tells the file guard
    (kb/guard.py) that this folder's mage/ and .mage/ are to be guarded.
    """

    __slots__ = ("top", "_root", "scratch_top")

    def __init__(self, root, scratch_top: str | None = None):
        # scratch_top: the folder whose .mage/ this KB uses, when not its own (a linked git
        # worktree with `scratch: shared`: the main worktree's; see kb/worktree.py)
        object.__setattr__(self, "scratch_top", scratch_top)
        if scratch_top is not None:
            guard.trust(scratch_top)
        if isinstance(root, str):
            object.__setattr__(self, "top", _posix_form(root))
            object.__setattr__(self, "_root", None)  # made on first use of `root`
        else:
            from pathlib import Path

            path = Path(root)
            object.__setattr__(self, "top", str(path))
            object.__setattr__(self, "_root", path)
        guard.trust(self.top)

    def __setattr__(self, name, value):
        raise AttributeError("KB is immutable")

    @property
    def root(self):
        """The project folder, as a Path."""
        if self._root is None:
            from pathlib import Path

            object.__setattr__(self, "_root", Path(self.top))
        return self._root

    def at(self, *parts: str) -> str:
        """A path under the project folder as a str: `kb.at(STATE_DIR, "config.json")`
        (a .mage/ path under the shared scratch folder's, when there is one)."""
        base = self.top
        if self.scratch_top is not None and parts and parts[0].startswith(SCRATCH_DIR):
            base = self.top if "/".join(parts) in PER_CHECKOUT else self.scratch_top
        return "/".join((base.rstrip("/"), *parts))

    @property
    def _scratch_base(self):
        """The folder holding the .mage/ this KB uses, as a Path."""
        if self.scratch_top is None:
            return self.root
        from pathlib import Path

        return Path(self.scratch_top)

    def path_of(self, relative: str):
        """The Path of a project-relative path (`.mage/…` under the shared scratch, if any)."""
        from pathlib import Path

        return Path(self.at(relative))

    def __eq__(self, other):
        return isinstance(other, KB) and other.top == self.top

    def __hash__(self):
        return hash(self.top)

    def __repr__(self):
        return f"KB(root={self.root!r})"

    def __reduce__(self):
        return (KB, (self.top, self.scratch_top))

    # committed files (mage/)
    @property
    def mage_dir(self) -> "Path":
        return self.root / MAGE_DIR

    @property
    def config_path(self) -> "Path":
        return self.root / CONFIG_FILE

    @property
    def notes_dir(self) -> "Path":
        return self.root / NOTES_DIR

    @property
    def skills_dir(self) -> "Path":
        return self.root / SKILLS_DIR

    @property
    def index_md(self) -> "Path":
        return self.root / INDEX_MD

    @property
    def memory_md(self) -> "Path":
        return self.root / MEMORY_MD

    @property
    def rejected_path(self) -> "Path":
        return self.root / REJECTED_FILE

    # git-ignored scratch (.mage/)
    @property
    def scratch_dir(self) -> "Path":
        return self._scratch_base / SCRATCH_DIR

    @property
    def learnings_dir(self) -> "Path":
        return self._scratch_base / LEARNINGS_DIR

    @property
    def staging_dir(self) -> "Path":
        return self._scratch_base / STAGING_DIR

    @property
    def index_dir(self) -> "Path":
        return self._scratch_base / INDEX_DIR

    @property
    def errors_log(self) -> "Path":
        return self._scratch_base / ERRORS_LOG

    @property
    def ledger_path(self) -> "Path":
        return self._scratch_base / LEDGER_FILE

    @property
    def metrics_path(self) -> "Path":
        return self.path_of(METRICS_FILE)

    @property
    def state_dir(self) -> "Path":
        """Small caches and cursors (config cache, transcript offsets, distill cursor)."""
        return self._scratch_base / STATE_DIR

    @property
    def journal_path(self) -> "Path":
        return self.root / JOURNAL_FILE  # per checkout (PER_CHECKOUT)

    def note_path(self, note_id: str) -> "Path":
        return self.notes_dir / f"{note_id}.md"

    def draft_path(self, draft_id: str) -> "Path":
        return self.staging_dir / f"{draft_id}.md"

    def relative(self, path: "Path") -> str:
        """`path` relative to the project root, for messages and git commands."""
        from pathlib import Path

        if self.scratch_top is not None:  # a path in the shared .mage/ is spelled .mage/… all the same
            try:
                return str(Path(path).relative_to(Path(self.scratch_top)))
            except ValueError:
                pass
        try:
            return str(Path(path).relative_to(self.root))
        except ValueError:
            return str(path)


def _posix_form(text: str) -> str:
    """`text` spelled as str(pathlib.PurePosixPath(text)) spells it: no empty or "." parts,
    no trailing slash (so two KBs of one folder compare equal however it was typed)."""
    head = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    body = "/".join(part for part in text.split("/") if part and part != ".")
    return head + body or "."


def is_kb_root(folder: "str | Path") -> bool:
    return fs.isfile(fs.join(folder, CONFIG_FILE))


def find_kb_top(start: "str | Path") -> str | None:
    """The first folder from `start` (symlinks resolved) upwards that holds mage/config.yaml, as a str."""
    folder = fs.realpath(start)
    while True:
        if is_kb_root(folder):
            return folder
        parent = fs.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def find_kb_root(start: "Path") -> "Path | None":
    """The first folder from `start` upwards that holds mage/config.yaml."""
    from pathlib import Path

    top = find_kb_top(start)
    return Path(top) if top is not None else None
