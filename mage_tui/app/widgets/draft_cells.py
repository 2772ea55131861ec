"""Staging's list, row by row: its columns, the marks in the first one, the sorts and the filter."""

import datetime as dt

from mage_tui.format import age
from mage_tui.app.widgets.list_table import Col, cell

COLUMNS = (Col("mark", " ", 1), Col("title", "draft"), Col("kind", "kind", 10, needs=48),
           Col("source", "source", 10, needs=72), Col("age", "age", 3, needs=40), Col("near", "sim", 4))
DIFF_COLUMNS = (Col("mark", " ", 1), Col("title", "draft"), Col("near", "sim", 4))
SORTS = ("age", "kind", "source", "similarity")
MARKS = {"selected": "●", "proposal": "→", "broken": "⚠", "busy": "⟳"}  # each explained in `?`


def similarity(row: dict) -> float | None:
    """The draft's similarity to its nearest note (None: no note is near)."""
    value = (row.get("nearest") or {}).get("similarity")
    return float(value) if value is not None else None


SORT_KEYS = {
    "age": lambda r: (str(r.get("staged") or ""), r["id"]),
    "kind": lambda r: (r.get("kind") or "", str(r.get("staged") or ""), r["id"]),
    "source": lambda r: (r.get("source") or "", str(r.get("staged") or ""), r["id"]),
    "similarity": lambda r: (-(similarity(r) or -1.0), r["id"]),
}


def visible(rows: list[dict], words: str, sort: str) -> list[dict]:
    """The rows whose title, kind, source or id hold every word, in the `sort` order."""
    wanted = words.lower().split()
    shown = [r for r in rows if all(w in f"{r['title']} {r.get('kind')} {r.get('source')} {r['id']}".lower()
                                    for w in wanted)]
    return sorted(shown, key=SORT_KEYS[sort])


def cells(row: dict, now: dt.datetime, selected: set, busy: set) -> dict:
    """{column key: cell} for one row; an unreadable draft reads `file:line (unreadable)`."""
    proposal = row.get("proposal") or {}
    near = similarity(row)
    source = f"⇢{proposal.get('verdict', '?')}" if proposal else (row.get("source") or "")
    title = row["title"] if not row.get("broken") else f"{row['title']}:{row['broken']['line']} (unreadable)"
    return {"mark": cell(mark(row, selected, busy), "bold"), "title": cell(title, "dim" if row["id"] in busy else ""),
            "kind": cell(row.get("kind") or ""), "source": cell(source),
            "age": cell(age(row.get("staged"), now) if row.get("staged") else ""),
            "near": cell(f"{near:.2f}" if near is not None else "")}


def mark(row: dict, selected: set, busy: set) -> str:
    """⟳ being acted on, ⚠ unreadable, ● selected, → a proposal; the first that applies."""
    if row["id"] in busy:
        return MARKS["busy"]
    if row.get("broken"):
        return MARKS["broken"]
    if row["id"] in selected:
        return MARKS["selected"]
    return MARKS["proposal"] if row.get("proposal") else " "
