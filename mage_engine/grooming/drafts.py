"""The staging batch as rows for listings (CLI, TUI, JSON)."""

from mage_engine.kb.layout import KB
from mage_engine.kb.notes import Note, load_folder


def draft_row(draft: Note) -> dict:
    block = draft.draft or {}
    return {"id": draft.id, "title": draft.title, "kind": draft.kind, "category": draft.category,
            "tags": draft.tags, "source": block.get("source", draft.origin), "staged": block.get("staged"),
            "nearest": block.get("nearest"), "proposal": block.get("proposal"),
            "signature": block.get("signature"), "summary": draft.summary,
            "path": str(draft.path) if draft.path else None}


def list_drafts(kb: KB) -> tuple[list[dict], list[str]]:
    """Rows for every draft (oldest first) and one-line problems for unreadable files."""
    drafts, problems = load_folder(kb.staging_dir)
    drafts.sort(key=lambda d: (str((d.draft or {}).get("staged") or ""), d.id))
    return [draft_row(d) for d in drafts], [str(p) for p in problems]
