"""The hint decision over several KBs: each judged as one KB would be, then one cap over all.

Every KB's candidates are judged by recall/hint/decide.py against the same floor
(one scale: see search.py); then the hinted notes of all of them are ranked by
score, the project's first on a tie, and the first `count` are hinted: a
personal note and a project note both relevant to a prompt are both named,
within the cap. With no other KB this is exactly recall/decide.decide.
"""

from mage_engine.recall.search.across import PROJECT, merged, qualified

OUTCOMES = ("hinted", "in standing context", "hinted earlier in this session", "only weak evidence", "below floor",
            "no match", "no words")


def decide_across(kb, others: list, prompt: str, floor: float, count: int, everyday=frozenset(),
                  standing=frozenset(), scan_budget_ms=None, fresh: bool = True, repair: bool = False) -> tuple:
    """(decision, the project's QueryWeights) as decide() returns them, over `kb` and `others`.
    Another KB whose index cannot be read is skipped; the project's own failure raises."""
    from mage_engine.recall.index.other_kbs import refresh_if_moved
    from mage_engine.recall.index import store
    from mage_engine.recall.hint.decide import decide

    decision, weights = decide(kb, prompt, floor, count, everyday, standing, scan_budget_ms, fresh, repair)
    if not others:
        return decision, weights
    parts = [(PROJECT, decision)]
    for other in others:
        try:
            if fresh:
                refresh_if_moved(other.kb, scan_budget_ms)  # its folders, not every note (freshness.py)
            part, part_weights = decide(other.kb, prompt, floor, count, everyday,
                                        standing_of(standing, other.label), scan_budget_ms, fresh=False)
        except BaseException as error:
            if not store.is_index_failure(error):
                raise
            continue
        parts.append((other.label, part))
        weights = weights if weights is not None else part_weights
    return combine(parts, count), weights


def standing_of(standing, label: str):
    """`label`'s notes among a session's context (kept as `label:id`), in the form `standing` has:
    a set of ids, or {id: reason}."""
    prefix = label + ":"
    if isinstance(standing, dict):
        return {entry[len(prefix):]: why for entry, why in standing.items() if entry.startswith(prefix)}
    return frozenset(entry[len(prefix):] for entry in standing if entry.startswith(prefix))


def combine(parts: list, count: int) -> dict:
    """One decision from each KB's: its hits merged and capped at `count`, rows labelled."""
    from mage_engine.recall.hint.decide import SHOWN

    ranked = []
    for order, (label, part) in enumerate(parts):
        for hit in part["hits"]:
            hit.kb = label
            ranked.append((order, hit))
    hits = [hit for _, hit in merged(ranked)]
    hinted, dropped = hits[:count], {qualified(hit) for hit in hits[count:]}
    rows = []
    for label, part in parts:
        for row in part["candidates"]:
            row = dict(row, id=row["id"] if label == PROJECT else f"{label}:{row['id']}")
            if row["id"] in dropped:
                row["reason"] = "beyond hint.count"
            rows.append(row)
    rows.sort(key=lambda row: -row["score"])
    first = parts[0][1]
    outcome = "hinted" if hinted else min((part["outcome"] for _, part in parts), key=OUTCOMES.index)
    decision = {"outcome": outcome, "floor": first["floor"], "hinted": [qualified(hit) for hit in hinted],
                "candidates": rows[:SHOWN] + [row for row in rows[SHOWN:] if row["reason"] == "hinted"]}
    decision.update({key: first[key] for key in ("intent", "shift") if key in first})
    decision["hits"] = hinted  # the Hit records, for rendering; dropped before the ledger
    return decision


def elsewhere_line(hits) -> str:
    """The line under a hint naming other KBs' notes: how the agent reads them."""
    labels = sorted({hit.kb for hit in hits if getattr(hit, "kb", PROJECT) != PROJECT})
    if labels == ["personal"]:
        return "[personal] notes are the user's own, kept for every project: `mage show --personal <id>` prints one."
    named = " ".join(f"[{label}]" for label in labels)
    return f"{named} notes come from other knowledge bases read here: `mage recall` shows each one's file."
