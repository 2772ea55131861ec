"""The note closest to a draft, so grooming can prefer an update to a duplicate.

Candidates come from the recall index when it is available (fast at any
size), else from every note. Similarity is the cosine of word counts between
the draft and the candidate, 0..1: a number a person can read.
"""

import math
import re
from collections import Counter

from mage_engine.kb.layout import KB
from mage_engine.kb.notes import load_folder, Note, read_note
from mage_engine.recall.search.bm25 import candidate_ids
from mage_engine.terms.stopwords import STOPWORDS

MIN_SIMILARITY = 0.2
_WORD = re.compile(r"[a-z0-9]{2,}")


def similarity(a: str, b: str) -> float:
    """Cosine similarity of lowercase word counts, function words left out."""
    ca, cb = _counts(a), _counts(b)
    if not ca or not cb:
        return 0.0
    dot = sum(count * cb[word] for word, count in ca.items())
    norm = math.sqrt(sum(c * c for c in ca.values())) * math.sqrt(sum(c * c for c in cb.values()))
    return dot / norm if norm else 0.0


def _counts(text: str) -> Counter:
    # "the", "to", "when" make any two English texts look alike
    return Counter(w for w in _WORD.findall(text.lower()) if w not in STOPWORDS)


def nearest_note(kb: KB, title: str, body: str) -> tuple[Note, float] | None:
    """(note, similarity) of the closest note at or above MIN_SIMILARITY, else None."""
    text = f"{title}\n{body}"
    best = None
    for note in _candidates(kb, title, body):
        score = similarity(text, f"{note.title}\n{note.body}")
        if score >= MIN_SIMILARITY and (best is None or score > best[1] or
                                        (score == best[1] and note.id < best[0].id)):
            best = (note, round(score, 3))
    return best


def _candidates(kb: KB, title: str, body: str) -> list[Note]:
    ids = _recall_candidates(kb, f"{title} {body[:500]}")
    if ids is None:
        notes, _ = load_folder(kb.notes_dir)
        return notes
    notes = []
    for note_id in ids:
        try:
            notes.append(read_note(kb.note_path(note_id)))
        except Exception:
            continue
    return notes


def _recall_candidates(kb: KB, query: str) -> list[str] | None:
    """Top ids from the recall index, or None when recall is unavailable."""
    try:
        return candidate_ids(kb, query, limit=8)
    except Exception:
        return None
