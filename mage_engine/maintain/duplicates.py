"""Near-duplicate notes: pairs whose words mostly agree, proposed as one merge.

Similarity is grooming's (nearest.py: cosine of word counts, 0..1). Candidate
pairs come from the recall index (each note's best matches), so a large KB is
not compared pair by pair. The smaller note folds into the larger (grooming's
section merge, merge.py) and is retired, so nothing is lost.
"""

from mage_engine.grooming.nearest import similarity
from mage_engine.maintain.proposal import Proposal

MERGE_SIMILARITY = 0.6


def duplicate_proposals(kb, notes: list) -> list:
    by_id = {n.id: n for n in notes}
    seen, found = set(), []
    for note in notes:
        for other_id in _candidates(kb, note, by_id):
            pair = tuple(sorted((note.id, other_id)))
            if pair in seen:
                continue
            seen.add(pair)
            a, b = by_id[pair[0]], by_id[pair[1]]
            score = similarity(f"{a.title}\n{a.body}", f"{b.title}\n{b.body}")
            if score >= MERGE_SIMILARITY:
                found.append(_proposal(a, b, round(score, 3)))
    return found


def _candidates(kb, note, by_id: dict) -> list[str]:
    try:
        from mage_engine.recall.search.bm25 import candidate_ids

        ids = candidate_ids(kb, f"{note.title} {note.body[:500]}", limit=6)
    except Exception:  # no index: compare with every note (a small KB)
        ids = list(by_id)
    return [i for i in ids if i != note.id and i in by_id]


def _proposal(a, b, score: float) -> Proposal:
    smaller, larger = sorted((a, b), key=lambda n: (len(n.body), n.id != a.id))
    return Proposal(f"merge:{a.id}+{b.id}", "merge", [smaller.id, larger.id],
                    f"merge {smaller.id} into {larger.id}",
                    [f"similarity {score:.2f} (words of title and body)",
                     f"“{smaller.title}” / “{larger.title}”",
                     f"{smaller.id} folds into {larger.id} section by section, then is retired (restorable)"],
                    {"from": smaller.id, "into": larger.id, "similarity": score})
