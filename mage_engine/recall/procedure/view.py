"""The graph as rows, text and Graphviz: what `mage session graph` prints and the TUI lists.

One function builds the rows and both faces render them, so the command and
the app's Graph view show the same graph. A row is a step, the open sessions
standing at it, and its outgoing transitions with their advice, the notes
that give it (superseded ones named, never as advice), outcomes and evidence.
"""

from mage_engine.recall.procedure import graph
from mage_engine.recall.procedure.outcomes import counts_text
from mage_engine.terms.step_names import resolve, step_key
from mage_engine.recall.index.transitions import is_advice


def rows(cache: dict, start: str | None = None) -> list:
    """[{"key", "name", "sessions", "out": [...]}], one per step that a transition or an open session
    touches (a procedure note no transition names is a step, not yet a part of the graph), in name
    order; from `start` on: the steps reachable from it."""
    names, all_edges = graph.steps(cache), graph.edges(cache)
    here = {}
    for session, key in sorted((cache.get("open") or {}).items()):
        here.setdefault(key, []).append(session)
    touched = {e["from"] for e in all_edges} | {e["to"] for e in all_edges} | set(here)
    keys = sorted((k for k in names if k in touched), key=lambda k: (names[k].casefold(), k))
    if start is not None:
        keys = _reachable(resolve(step_key(start), names), all_edges, names)
    return [{"key": key, "name": names[key], "sessions": here.get(key, []),
             "out": [_edge(edge, names) for edge in graph.outgoing(cache, key, all_edges)]} for key in keys]


def _reachable(key: str, all_edges: list, names: dict) -> list:
    if key not in names:
        return []
    found, frontier = [key], [key]
    while frontier:
        step = frontier.pop(0)
        for edge in all_edges:
            if edge["from"] == step and edge["to"] not in found:
                found.append(edge["to"])
                frontier.append(edge["to"])
    return found


def _edge(edge: dict, names: dict) -> dict:
    advice = next((t for t in edge["transitions"] if is_advice(t)), None)
    row = edge["outcomes"] or {}
    return {"to": edge["to"], "name": names.get(edge["to"], edge["to"]),
            "when": advice["when"] if advice else "", "do": advice["do"] if advice else "",
            "avoid": advice["avoid"] if advice else "", "note": advice["id"] if advice else "",
            "superseded": [t["id"] for t in edge["transitions"] if not is_advice(t)],
            "outcomes": {o: row.get(o, 0) for o in ("succeeded", "failed", "abandoned")},
            "sessions": row.get("sessions", 0), "counts": counts_text(edge["outcomes"]),
            "evidence": list(row.get("evidence") or [])}


def advice_text(out: dict) -> str:
    """`when …; do …; avoid …` of one outgoing transition ('' when no note gives advice)."""
    return "; ".join(f"{word} {out[word]}" for word in ("when", "do", "avoid") if out[word])


def text(step_rows: list) -> str:
    """The plain listing: each step, where open sessions stand, its transitions indented under it."""
    lines = []
    for row in step_rows:
        here = f"   ← open: {', '.join(row['sessions'])}" if row["sessions"] else ""
        lines.append(f"{row['name']}{here}")
        for out in row["out"]:
            said = advice_text(out)
            note = f" ({out['note']})" if out["note"] else ""
            lines.append(f"  → {out['name']}" + (f" — {said}" if said else "") + f" {out['counts']}{note}")
            lines += [f"      superseded: {old}" for old in out["superseded"]]
            lines += [f"      seen failing: {_failure(item)}" for item in out["evidence"]]
    return "\n".join(lines)


def _failure(item: dict) -> str:
    return f"`{item['command']}`: {item['error']}" if item.get("command") else item["error"]


def dot(step_rows: list) -> str:
    """Graphviz: one node per step, one edge per transition, labelled with its outcomes."""
    lines = ["digraph procedure {", "  rankdir=LR;"]
    for row in step_rows:
        lines.append(f"  {_quote(row['key'])} [label={_quote(row['name'])}];")
    for row in step_rows:
        for out in row["out"]:
            lines.append(f"  {_quote(row['key'])} -> {_quote(out['to'])} [label={_quote(out['counts'])}];")
    return "\n".join(lines + ["}"])


def _quote(value: str) -> str:
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
