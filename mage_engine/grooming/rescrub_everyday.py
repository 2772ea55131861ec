"""The everyday-word counts, recounted from the scrubbed trail: what `mage redact --rescrub` leaves.

`.mage/state/everyday.log` and `everyday.json` hold words of the prompts
(recall/search/everyday.py). Counts written before the hint hook counted only
scrubbed words, or under older scrub rules, may hold a secret's words, and a
word cannot be scrubbed once it is cut out of its sentence (`summer2024x` alone
is no URL password). So the re-scrub does not edit them: once the trail is
scrubbed, it drops both files and counts the trail's prompts again, each
through today's scrub, the way the hook counts a new prompt.
"""

from mage_engine.kb.layout import EVERYDAY_FILE, EVERYDAY_LOG


def recount_everyday(kb) -> int:
    """Replace the counts with those of the trail's prompts (scrubbed); how many prompts were counted."""
    from mage_engine.kb.atomic import remove
    from mage_engine.recall.hint.replay import trail_turns
    from mage_engine.recall.search.everyday import Everyday, prompt_terms, save_counts, without_marks
    from mage_engine.scrub import scrub

    counts = Everyday()
    for turn in trail_turns(kb):
        counts.add(prompt_terms(without_marks(scrub(turn.prompt))))
    for path in (kb.at(EVERYDAY_LOG), kb.at(EVERYDAY_LOG) + ".old"):
        remove(path)
    save_counts(kb, counts, 0)
    return int(counts.prompts)
