"""The graph: steps, transitions (notes and traces) and outcomes, and its cache.

`.mage/index/graph.json` holds what the prompt hook needs to say Next and
Then without parsing a note or reading a trail: the transition notes (keyed by
the search index's stamp, so an accepted, edited or deleted note is seen on the
next prompt) and the edges and outcomes read from the trail (rewritten by every
`mage session` command, which is how positions and outcomes are written). Every
index build also leaves `graph-notes.json`, the notes part for the notes it
indexed, so the first prompt after a note changed reads that small file instead
of the index's manifest (6 MB at 10,000 notes). graph.json names only the
steps an edge touches (the hook names no other); commands that resolve a name
against every step a procedure note names read the rest from graph-notes.json
(`with_all_steps`). All of it is local scratch, rebuilt from the files whenever
it is missing or stale.
"""

from mage_engine.recall.index import transitions as transition_notes
from mage_engine.kb.layout import PROCEDURE_GRAPH_FILE
from mage_engine.recall.index.transitions import NOTES_PART, is_advice, notes_key
from mage_engine.recall.index.transitions import notes_part as _notes_part

CACHE = PROCEDURE_GRAPH_FILE.rsplit("/", 1)[1]
VERSION = 1


def build(kb) -> dict:
    """The whole graph from the notes and the trail (for commands; writes the cache)."""
    from mage_engine.recall.index.lifecycle import ensure_fresh

    ensure_fresh(kb)
    cache = {"version": VERSION}
    cache.update(_notes_part(kb))
    cache.update(_trail_part(kb))
    _write(kb, cache)
    return cache


def for_hook(kb) -> dict | None:
    """The cached graph, its notes part redone when the notes changed since; None when there is none."""
    from mage_engine.kb.jsonfiles import read_object
    from mage_engine.recall.index import store

    cache = read_object(store.index_file(kb, CACHE))
    if cache is None or cache.get("version") != VERSION:
        return None  # no command has drawn a graph here yet: nothing to guide by
    key = notes_key(kb)
    if cache.get("notes_key") != key:
        part = read_object(store.index_file(kb, NOTES_PART))
        cache.update(part if part and part.get("notes_key") == key else _notes_part(kb))
        _write(kb, cache)
    return cache


def with_all_steps(kb) -> dict:
    """The graph with every step the procedure notes name, for commands that resolve a name against
    them all: the prompt hook's copy (`for_hook`) keeps only the steps an edge touches."""
    from mage_engine.kb.jsonfiles import read_object
    from mage_engine.recall.index import store

    cache = for_hook(kb)
    if cache is None:
        return build(kb)
    part = read_object(store.index_file(kb, NOTES_PART))
    if not part or part.get("notes_key") != cache.get("notes_key"):
        return build(kb)
    return {**cache, "note_steps": part.get("note_steps") or {}}


def _trail_part(kb) -> dict:
    """Edges and step names from the traces of ended sessions; where the open ones stand.

    An open session's path is not finished: it says where the session is, and
    becomes a transition only once the session ends with an outcome."""
    from mage_engine.recall.procedure.outcomes import observed
    from mage_engine.recall.procedure.traces import all_traces

    traces = all_traces(kb)
    ended = [t for t in traces if t["outcome"]]
    names = {}
    for trace in ended:
        for position in trace["positions"]:
            names.setdefault(position["key"], position["step"] or position["key"])
    table = observed(ended)
    edges = [{"from": a, "to": b, **row} for (a, b), row in sorted(table.items())]
    open_positions = {t["session"]: t["positions"][-1]["key"] for t in traces if not t["outcome"]}
    return {"observed": edges, "trace_steps": names, "open": open_positions}


def _write(kb, cache: dict) -> None:
    from mage_engine.recall.index import store

    try:
        store.write_json(store.index_file(kb, CACHE), _hook_copy(cache))
    except OSError:
        pass  # a read-only .mage/: the graph is drawn again next time


def _hook_copy(cache: dict) -> dict:
    """What the prompt hook reads: the graph with the names of only those procedure-note steps an edge
    touches. It names nothing else (a step no edge leaves has no Next), and a KB's procedure notes
    may name thousands: 230 KB of JSON to parse on every guided prompt at 10,000 notes."""
    ends = {row.get(end) for row in cache.get("observed") or [] for end in ("from", "to")}
    ends |= {item.get(f"{end}_key") for item in cache.get("transitions") or [] for end in ("from", "to")}
    names = cache.get("note_steps") or {}
    return {**cache, "note_steps": {key: names[key] for key in sorted(names) if key in ends}}


def steps(cache: dict) -> dict:
    """{key: name}: every step, named as a procedure note, a transition or a trace first spelled it."""
    names = dict(cache.get("note_steps") or {})
    for item in cache.get("transitions") or []:
        for end in ("from", "to"):
            names.setdefault(item[f"{end}_key"], item[end])
    for key, name in (cache.get("trace_steps") or {}).items():
        names.setdefault(key, name)
    return dict(sorted(names.items()))


def step_name(cache: dict, key: str) -> str | None:
    """`steps(cache).get(key)`, without building and sorting every step (a KB's procedure notes may
    name thousands, and the prompt hook names five)."""
    name = (cache.get("note_steps") or {}).get(key)
    if name is not None:
        return name
    for item in cache.get("transitions") or []:
        for end in ("from", "to"):
            if item[f"{end}_key"] == key:
                return item[end]
    return (cache.get("trace_steps") or {}).get(key)


def edges(cache: dict) -> list:
    """[{"from", "to", "transitions": [notes, newest first], "outcomes": row or None}], sorted by ends."""
    table = {}
    for row in cache.get("observed") or []:
        table[(row["from"], row["to"])] = {"from": row["from"], "to": row["to"], "transitions": [], "outcomes": row}
    for item in cache.get("transitions") or []:
        edge = (item["from_key"], item["to_key"])
        table.setdefault(edge, {"from": edge[0], "to": edge[1], "transitions": [], "outcomes": None})
        table[edge]["transitions"].append(item)
    for edge in table.values():
        edge["transitions"].sort(key=lambda t: (t["updated"], t["id"]), reverse=True)
    return [table[key] for key in sorted(table)]


def outgoing(cache: dict, key: str, all_edges: list | None = None) -> list:
    """The edges leaving `key`, most successful first, then the most taken, then the newest."""
    leaving = [e for e in (all_edges if all_edges is not None else edges(cache)) if e["from"] == key]
    return sorted(leaving, key=_rank)


def _rank(edge: dict) -> tuple:
    row = edge["outcomes"] or {}
    ok, ended = row.get("succeeded", 0), sum(row.get(o, 0) for o in ("succeeded", "failed", "abandoned"))
    advice = [t for t in edge["transitions"] if is_advice(t)]
    newest = max([row.get("last", "")[:10]] + [t["updated"] for t in advice])
    return (-(ok / ended if ended else 0.0), -ok, _descending(newest), edge["to"])


def _descending(text: str) -> tuple:
    return tuple(-ord(char) for char in text)
