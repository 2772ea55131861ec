"""Adapters from the service to the engine's recall, skills, recurrence and optimize.

Each imports its engine module when first called, so the app's first paint
loads none of them (tantivy, the recurrence path).
"""

from pathlib import Path
from typing import TYPE_CHECKING

from mage_engine.base import fastjson
from mage_engine.kb.layout import CANDIDATES_FILE, KB

if TYPE_CHECKING:  # a type only: the note model loads with the first note read
    from mage_engine.kb.notes import Note


# --- recall ---------------------------------------------------------------------

def recall_search_function():
    """`search(kb, query, limit, fresh)` from mage_engine.recall.search.bm25."""
    from mage_engine.recall.search.bm25 import search

    return search


def prepare_index(kb: KB, progress=None) -> str | None:
    """Build the search index if there is none, else bring it up to date."""
    from mage_engine.recall.index import store
    from mage_engine.recall.index.lifecycle import ensure_fresh, rebuild_index

    if store.read_stamp(kb) is None:
        rebuild_index(kb, progress=progress)
        return "rebuilt"
    return ensure_fresh(kb)


def search_notes(kb: KB, query: str, notes: list["Note"], limit: int) -> list[tuple[str, float]]:
    """(id, score) of the notes matching `query`, best first: recall's 0..1 score, or the share of the
    query's words a plain filter found in the title."""
    query = query.strip()
    if not query:
        return [(n.id, 0.0) for n in notes]
    recall = recall_search_function()
    try:
        hits = recall(kb, query, limit=limit, fresh=False)  # the app keeps the index fresh
        return [(hit.id, float(hit.score)) for hit in hits if getattr(hit, "source", "note") == "note"]
    except Exception:
        pass  # no index yet, or a broken one: fall back rather than show nothing
    return _plain_filter(query, notes)[:limit]


def _plain_filter(query: str, notes: list["Note"]) -> list[tuple[str, float]]:
    """Every word of the query in title, summary, tags or id; title hits first."""
    words = query.lower().split()
    scored = []
    for note in notes:
        title = note.title.lower()
        text = " ".join([title, note.body.lower(), " ".join(note.tags).lower(), note.id])
        if all(word in text for word in words):
            scored.append((-sum(word in title for word in words), note.id))
    return [(note_id, -in_title / len(words)) for in_title, note_id in sorted(scored)]


# --- skills -----------------------------------------------------------------------

def list_skills(kb: KB) -> list[dict]:
    """Every mage/skills/<name>/SKILL.md, generated (by mage) and hand-written, as rows."""
    from mage_engine.kb.skills import list_skills as read_all

    return [{"name": skill.name, "description": skill.description, "generated": skill.generated,
             "metadata": dict(skill.metadata), "body": skill.body, "path": str(skill.path)}
            for skill in read_all(kb)]


def optimize_suggestions(kb: KB) -> list[dict] | None:
    """Trigger rewordings and demotions proposed by `mage optimize`."""
    from mage_engine.recurrence.optimize import optimize

    return [p for p in optimize(kb, dry_run=True).to_json()["proposals"] if isinstance(p, dict)]


def apply_suggestion(kb: KB, suggestion: dict) -> dict:
    return _suggestion_call("apply_proposal", kb, suggestion)


def dismiss_suggestion(kb: KB, suggestion: dict) -> dict:
    return _suggestion_call("dismiss_proposal", kb, suggestion)


def _suggestion_call(name: str, kb: KB, suggestion: dict) -> dict:
    """Apply or dismiss one proposal, reported like a grooming result."""
    from mage_engine.recurrence import optimize

    done = getattr(optimize, name)(kb, suggestion)
    verb = "optimize" if name == "apply_proposal" else "dismiss"
    return {"action": verb, "done": [{"draft": f"{suggestion['action']} {suggestion['skill']}", "note": None}],
            "written": done.get("written", []), "git_command": done.get("git_command"), "warnings": []}


# --- recurrence ---------------------------------------------------------------------

def recurrence_state(kb: KB, progress=None) -> dict:
    """Signature tallies (distill) and promotion candidates, as plain rows."""
    from mage_engine.recurrence.pipeline import distill

    data = distill(kb, progress=progress).to_json()
    candidates = data.get("candidates")
    if candidates is None:
        candidates = _saved_candidates(Path(kb.at(CANDIDATES_FILE)))
    return {"available": True, "tallies": [t for t in data.get("tallies", []) if isinstance(t, dict)],
            "candidates": [c for c in candidates if isinstance(c, dict)], "trail": trail_summary(kb)}


def _saved_candidates(path: Path) -> list[dict]:
    try:
        data = fastjson.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    items = data.get("candidates", []) if isinstance(data, dict) else data
    return [item for item in items if isinstance(item, dict)]


def trail_summary(kb: KB) -> dict | None:
    """{'sessions', 'chapters', 'evidence'} of the captured trail."""
    from mage_engine.trail.chapters import list_chapters

    chapters = list_chapters(kb)
    return {"sessions": len({c.session for c in chapters}), "chapters": len(chapters),
            "evidence": sum(1 for c in chapters if c.counts)}
