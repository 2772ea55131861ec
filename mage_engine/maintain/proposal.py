"""One maintenance proposal: what, about which notes, the evidence, and what applying it does."""

from mage_engine.base.plainrecord import PlainRecord

# kind -> what `mage maintain --apply KEY` does with it ("" = a person edits the note)
ACTIONS = {"merge": "merge", "stale": "", "retire": "retire", "index": "reindex", "size": "", "summary": "",
           "lesson": "stage"}
ORDER = ("merge", "stale", "retire", "index", "size", "summary", "lesson")


class Proposal(PlainRecord):
    """A proposal. `key` is stable across runs (dismissals are remembered by it)."""

    FIELDS = ("key", "kind", "notes", "title", "evidence", "data")

    def __init__(self, key: str, kind: str, notes: list, title: str, evidence: list, data: dict | None = None):
        self.key, self.kind, self.notes, self.title = key, kind, notes, title
        self.evidence = evidence  # lines a person reads to decide
        self.data = {} if data is None else data  # what applying needs (a draft's text, a merge's direction)

    @property
    def action(self) -> str:
        return ACTIONS.get(self.kind, "")

    def to_json(self) -> dict:
        return {"key": self.key, "kind": self.kind, "notes": self.notes, "title": self.title,
                "evidence": self.evidence, "action": self.action or None, "data": self.data}


def ordered(proposals: list) -> list:
    return sorted(proposals, key=lambda p: (ORDER.index(p.kind) if p.kind in ORDER else 99, p.key))
