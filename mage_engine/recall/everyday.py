"""This project's everyday words: what most of its own prompts say.

A developer who works in `X:\\03_ACG\\Custom_Addons` types that path in nearly
every prompt; a team that builds "the rider app" says "rider" all day. Such
words tell which project a prompt comes from, not which note it needs, and
every note that names them would be hinted on every prompt. The hint hook
counts, per prompt, which terms it says (`.mage/state/everyday.json`: prompts
seen, and per term the prompts that held it); a term held by a third or more
of them, once at least twelve did, weighs like plain English from then on
(score.py) and is no evidence for a hint (evidence.py). The counts come from the
same prompts the capture trail records: `mage eval` recounts them from the
trail as it replays it.

Older prompts fade: past `HALVE_AT` prompts every count is halved, so what
"everyday" means follows the project as it changes.
"""

from mage_engine.kb.layout import STATE_DIR

DIGEST_FILE = "everyday.json"  # in .mage/state/
SHARE = 1 / 3
MIN_PROMPTS = 12
HALVE_AT = 400
MAX_TERMS = 1500


class Everyday:
    """The counts: `prompts` seen and `terms` {term: prompts that held it}."""

    def __init__(self, prompts: float = 0.0, terms: dict | None = None):
        self.prompts = prompts
        self.terms = terms or {}

    def everyday_terms(self) -> frozenset:
        """The terms held by SHARE or more of the prompts (and by MIN_PROMPTS of them)."""
        bar = max(MIN_PROMPTS, SHARE * self.prompts)
        return frozenset(term for term, count in self.terms.items() if count >= bar)

    def add(self, terms) -> None:
        """Count one prompt's distinct terms."""
        self.prompts += 1
        for term in set(terms):
            self.terms[term] = self.terms.get(term, 0) + 1
        if self.prompts >= HALVE_AT:
            self.prompts /= 2
            self.terms = {t: c / 2 for t, c in self.terms.items() if c >= 1}
        if len(self.terms) > MAX_TERMS:  # the rare ones cannot become everyday before they fade
            kept = sorted(self.terms.items(), key=lambda item: -item[1])[: MAX_TERMS * 2 // 3]
            self.terms = dict(kept)


def load(kb) -> Everyday:
    """The saved counts (empty when there are none or they cannot be read)."""
    from mage_engine.jsonfiles import read_object

    data = read_object(kb.at(STATE_DIR, DIGEST_FILE)) or {}
    terms = data.get("terms")
    try:
        return Everyday(float(data.get("prompts") or 0), dict(terms) if isinstance(terms, dict) else {})
    except (TypeError, ValueError):
        return Everyday()


def save(kb, everyday: Everyday) -> None:
    """Replace the saved counts (scratch.py: no flush; a lost race costs one prompt's count)."""
    from mage_engine.recall.scratch import write_json

    write_json(kb.at(STATE_DIR, DIGEST_FILE), {"prompts": round(everyday.prompts, 2),
                                              "terms": {t: round(c, 2) for t, c in sorted(everyday.terms.items())}})


def count_prompt(kb, everyday: Everyday, terms) -> None:
    """Fold one prompt into the saved counts; never raises (the counts are a statistic)."""
    try:
        everyday.add(terms)
        save(kb, everyday)
    except OSError:
        pass


def prompt_terms(prompt: str) -> list:
    """The distinct terms of a prompt's words, as the counts hold them."""
    from mage_engine.recall.analysis import query_units

    return list(dict.fromkeys(t for unit in query_units(prompt) for t in unit.terms))
