"""How the sessions that took each transition ended, counted from their traces.

An edge is two consecutive declared positions (A then B, A ≠ B). Each ended
session counts its outcome once on every edge it traversed. The failed
commands seen between declaring A and declaring B are evidence on A → B; those
seen after the last position of a session that ended are evidence on the
edge that reached that position (the session failed there). Nothing is
stored: the counts are rebuilt from the trail whenever they are needed, so a
pruned trail forgets them as it forgets everything else.
"""

MAX_EVIDENCE = 5


def edges_of(trace: dict) -> list:
    """[(from_key, to_key, failures seen on the way)] of one trace, in order."""
    positions = trace["positions"]
    found = []
    for before, after in zip(positions, positions[1:]):
        if before["key"] != after["key"]:
            found.append([before["key"], after["key"], list(before["failures"])])
    if found and trace["ended"] and positions[-1]["failures"]:
        found[-1][2] += positions[-1]["failures"]
    return [tuple(edge) for edge in found]


def observed(traces: list) -> dict:
    """{(from, to): {"succeeded", "failed", "abandoned", "sessions", "last", "evidence"}} over `traces`."""
    from mage_engine.recall.procedure.traces import OUTCOMES  # here: the prompt hook reads only counts_text

    table = {}
    for trace in traces:
        taken = {}
        for source, target, failures in edges_of(trace):
            taken.setdefault((source, target), []).extend(failures)
        for edge, failures in taken.items():  # a loop through one edge counts the session once
            row = table.setdefault(edge, {**{o: 0 for o in OUTCOMES}, "sessions": 0, "last": "", "evidence": []})
            row["sessions"] += 1
            row["last"] = max(row["last"], trace["positions"][-1]["ts"])
            if trace["outcome"]:
                row[trace["outcome"]] += 1
            _add_evidence(row["evidence"], failures)
    return table


def _add_evidence(evidence: list, failures: list) -> None:
    for failure in failures:
        if len(evidence) >= MAX_EVIDENCE:
            return
        if not any(item["error"] == failure["error"] for item in evidence):
            evidence.append(dict(failure))


def counts_text(row: dict | None) -> str:
    """`[3 ok / 1 failed]` (zeros left out); `[no ended session yet]` when none counted."""
    if not row:
        return "[no ended session yet]"
    parts = [f"{row.get('succeeded', 0)} ok"] if row.get("succeeded") else []
    parts += [f"{row[o]} {o}" for o in ("failed", "abandoned") if row.get(o)]
    return f"[{' / '.join(parts)}]" if parts else "[no ended session yet]"
