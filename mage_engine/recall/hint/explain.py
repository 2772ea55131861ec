"""Explaining hint decisions: for a prompt typed now (`mage hints --why`), or as the ledger kept them.

`why(kb, prompt)` runs the hook's decision without injecting or counting
anything: the same floor, the same everyday words, and, given a session, the
same standing context. `decision_line` and `candidate_line` put a decision in
one line each, the form `mage hints`, `mage eval` and the TUI show.
"""


def why(kb, prompt: str, session: str | None = None, floor: float | None = None) -> dict:
    """The decision the hint hook would take on `prompt` now (nothing is recorded)."""
    from mage_engine.kb.config import load_config_cached
    from mage_engine.recall.search import everyday
    from mage_engine.recall.hint.decide import standing_in_session

    config = load_config_cached(kb)
    standing = standing_in_session(kb, session) if session else frozenset()
    from mage_engine.kbs.attached import others
    from mage_engine.recall.hint.across import decide_across  # the personal KB's and `kbs:`'s notes, as the hook reads them

    decision, _ = decide_across(kb, others(kb, config), prompt, config.hint_min_score if floor is None else floor,
                                config.hint_count, everyday.load(kb).everyday_terms(), standing,
                                repair=True)  # a corrupt index is rebuilt from the notes, as `mage recall` does
    decision.pop("hits", None)
    return decision


# What moved the floor (intent.py), as `--why` says it after the floor.
WHY_FLOOR_MOVED = {"knowledge": " for a general-knowledge question", "task": " for a task request",
                   "question": " for a question on how things are done here"}


def decision_line(decision: dict) -> str:
    """`hinted a, b` or `silent: <why>`, with the floor and the best candidate's score: one line, whatever
    the ledger holds (a planted id with a newline would forge a line of its own)."""
    from mage_engine.base.clip import plain

    return plain(_decision_line(decision))


def _decision_line(decision: dict) -> str:
    floor = f"floor {decision.get('floor', 0):.2f}" + WHY_FLOOR_MOVED.get(decision.get("intent"), "")
    if decision.get("hinted"):
        return f"hinted {', '.join(map(str, decision['hinted']))} ({floor})"
    candidates = decision.get("candidates") or []
    outcome = decision.get("outcome", "no match")
    if not candidates:
        return f"silent: {outcome} ({floor})"
    best = candidates[0]
    reason = best["reason"] if outcome == "only weak evidence" else outcome
    return f"silent: {reason} (best {best['id']} {best['score']:.2f}, {floor})"


def candidate_line(row: dict) -> str:
    """`0.62  note-id  hinted  (deploy 0.88, key 0.83: team)`: one candidate and its evidence."""
    words = ", ".join(_word(word) for word in row.get("words") or [])
    reason = row["reason"] + (f" (quotes {row['quote']} words of the prompt)" if row.get("quote") else "") \
        + (" (its pasted error line alone)" if row.get("error_line") else "") \
        + (" (the prompt is its title)" if row.get("title") else "")
    from mage_engine.base.clip import plain  # the ledger may hold what someone else wrote

    return plain(f"{row['score']:.2f}  {row['id']}  {reason}" + (f"  ({words})" if words else ""))


def _word(word) -> str:
    text, units, label = word
    return f"{text} {units:.2f}" + ("" if label == "word" else f" {label}")
