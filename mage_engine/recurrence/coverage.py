"""Is a recurring situation already known? (covered by a note, or already staged: docs/recurrence.md#promote-and-the-dial)

A note covers a signature when it lists it in `signatures`, or when recall
finds it above the hint floor and it names both the outcome and the
situation (see `recall_match`).
"""

import re

from mage_engine.recurrence.draft_text import recall_query


def recall_match(kb, tally: dict, floor: float) -> dict | None:
    """{"note": id, "score": s} when recall finds a note or skill above the hint floor that
    also names the outcome (the fix, the changed flag, what the user wanted) and at least
    half of the situation's words (the error class, or the overruled program), else None.

    Both checks keep a note that shares a few words with the situation (the same tool,
    the same config file) from silently swallowing a lesson nobody wrote down yet.
    """
    try:
        from mage_engine.recall.search.bm25 import search

        hits = search(kb, recall_query(tally), limit=3)
    except Exception:
        return None  # no index (yet): only the notes' signatures can cover
    for hit in hits:
        if hit.score >= floor and _names_outcome(kb, hit, tally):
            return {"note": hit.id, "score": hit.score}
    return None


def _names_outcome(kb, hit, tally: dict) -> bool:
    try:
        from mage_engine.kb import guard
        from mage_engine.kb.notes import MAX_NOTE_BYTES

        text = guard.read_text(kb.root / hit.path, MAX_NOTE_BYTES).lower()
    except (OSError, UnicodeDecodeError):
        return False
    situation = situation_words(tally)
    return all(word in text for word in outcome_words(tally)) and \
        2 * sum(word in text for word in situation) >= len(situation)


def outcome_words(tally: dict) -> list[str]:
    """The words of what made it right: `pip`, `install` for `pip install -e .`; a request's
    own words; the routine's name."""
    parts = tally["parts"]
    return _words(parts.get("fix") or parts.get("change") or parts.get("wanted") or parts.get("request")
                  or parts.get("routine") or "")


def situation_words(tally: dict) -> list[str]:
    """The words of what went wrong: the error class, or the program the user overruled."""
    parts = tally["parts"]
    return _words(parts.get("error") or parts.get("overruled") or "")


_FILLER = {"with", "without", "use", "run", "edit", "try", "error", "failed", "exit", "the", "and", "for", "not",
           "was", "has", "have", "from", "into"}


def _words(text: str) -> list[str]:
    text = re.sub(r"<\w+>|\bdon't\b", " ", text.lower())
    return [w for w in re.findall(r"[a-z0-9][a-z0-9_.+-]*[a-z0-9]", text) if w not in _FILLER]


def signature_owners(kb) -> dict:
    """signature -> the id of a note that lists it."""
    from mage_engine.kb.notes import load_folder

    notes, _ = load_folder(kb.notes_dir)
    return {signature: note.id for note in notes for signature in note.signatures}


def staged_signatures(kb) -> dict:
    """signature -> the id of the draft waiting for it."""
    from mage_engine.kb.notes import load_folder

    drafts, _ = load_folder(kb.staging_dir)
    return {(d.draft or {}).get("signature"): d.id for d in drafts if (d.draft or {}).get("signature")}
