"""Candidates (docs/recurrence.md#promote-and-the-dial): signatures seen in at least K chapters that nothing covers yet.

A tally at ≥ K chapters is, in this order: `rejected` (its signature is in
mage/rejected.jsonl: it never comes back), `covered` (a note lists it in
`signatures`, or recall finds one above the hint floor that names the
outcome and the situation: coverage.py),
`staged` (a recurrence draft for it waits in staging), or `waiting`: a
candidate. The waiting ones are saved to .mage/state/candidates.json, which
`mage status` and the SessionStart nudge count. The file is rewritten only
when something it depends on changed (tallies, K, notes, drafts, rejections,
the search index).
"""

import hashlib
import json
import os

from mage_engine.kb.snapshot import folder_keys
from mage_engine.recurrence.coverage import recall_match, signature_owners, staged_signatures
from mage_engine.recurrence.draft_text import title_for
from mage_engine.recurrence.distill_state import write_scratch
from mage_engine.kb.layout import CANDIDATES_FILE, INDEX_STAMP_FILE

RULES = 3  # bump when what counts as covered changes, so saved candidates are recomputed
FAMILY_K = {"lesson": 1}  # the person asked for it: one chapter is enough

ROW_KEYS = ("id", "signature", "family", "chapters", "chapter_count", "count", "first_seen", "last_seen",
            "examples")


def candidates_path(kb):
    return kb.path_of(CANDIDATES_FILE)


def evaluate(kb, tallies: list, config, known: dict | None = None) -> list[dict]:
    """Every tally at ≥ K chapters as a row with its `status` and `by` (see the module doc).

    `known` holds verdicts ({signature: {"status", "by"}}) still valid because nothing
    they depend on changed; only the other signatures are judged.
    """
    eligible = [tally for tally in tallies if tally["chapter_count"] >= k_for(tally, config)]
    judge = _Judge(kb, config.hint_min_score, known or {})
    return [{key: tally[key] for key in ROW_KEYS} | {"title": title_for(tally)} | judge.verdict(tally)
            for tally in eligible]


def k_for(tally: dict, config) -> int:
    """The chapters a tally needs before it is a candidate: K from the dial, 1 for explicit requests."""
    return FAMILY_K.get(tally["family"], config.k)


class _Judge:
    """Decides rejected / covered / staged / waiting, loading what it needs on first use."""

    def __init__(self, kb, floor: float, known: dict):
        self.kb, self.floor, self.known, self._tables = kb, floor, known, None

    def verdict(self, tally: dict) -> dict:
        signature = tally["signature"]
        if signature in self.known:
            return dict(self.known[signature])
        rejected, noted, staged = self.tables()
        if signature in rejected:
            return {"status": "rejected", "by": {"rejected": rejected[signature].get("id")}}
        if signature in noted:
            return {"status": "covered", "by": {"note": noted[signature]}}
        if signature in staged:
            return {"status": "staged", "by": {"draft": staged[signature]}}
        match = recall_match(self.kb, tally, self.floor) if self._anything_to_find() else None
        return {"status": "covered", "by": match} if match else {"status": "waiting", "by": None}

    def tables(self) -> tuple:
        if self._tables is None:
            from mage_engine.grooming.rejected import rejected_signatures

            self._tables = rejected_signatures(self.kb), signature_owners(self.kb), staged_signatures(self.kb)
        return self._tables

    def _anything_to_find(self) -> bool:
        """Recall can only cover with a note or a skill: skip opening the index without one."""
        return bool(folder_keys(self.kb.notes_dir)) or any(self.kb.skills_dir.glob("*/SKILL.md"))


def refresh_candidates(kb, tallies: list, config=None) -> tuple[int, list]:
    """(K, waiting candidates), recomputed only when an input changed; saves candidates.json.

    Verdicts of signatures already judged are reused while the KB side (notes, drafts,
    rejections, the index, K and the hint floor) is unchanged: new sightings alone never
    re-run recall for a signature it already judged.
    """
    config = config or _config(kb)
    tallies_digest, kb_side = _tallies_digest(tallies), _kb_stamp(kb, config)
    saved = _load(kb)
    if saved.get("inputs") == kb_side + tallies_digest and isinstance(saved.get("candidates"), list):
        return config.k, saved["candidates"]
    known = saved.get("verdicts", {}) if saved.get("kb") == kb_side else {}
    rows = evaluate(kb, tallies, config, known)
    kb_side = _kb_stamp(kb, config)  # again: a recall check may have refreshed the index
    data = {"K": config.k, "candidates": [row for row in rows if row["status"] == "waiting"], "kb": kb_side,
            "inputs": kb_side + tallies_digest,
            "verdicts": {row["signature"]: {"status": row["status"], "by": row["by"]} for row in rows}}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    write_scratch(candidates_path(kb), text)
    return config.k, json.loads(text)["candidates"]  # the saved form, so every run prints the same bytes


def _config(kb):
    """The config through its JSON cache (no YAML import on the common path); a file with
    problems is read again properly, so a malformed one still fails with its one-line error."""
    from mage_engine.kb.config import load_config, load_config_cached

    config = load_config_cached(kb)
    return load_config(kb) if config.warnings else config


def _tallies_digest(tallies: list) -> str:
    return hashlib.sha256(repr([(t["signature"], t["chapter_count"], t["count"]) for t in tallies]).encode()
                          ).hexdigest()[:16]


def _kb_stamp(kb, config) -> str:
    """What coverage verdicts depend on: rules, K, the floor, notes, drafts, skills, rejections, the index."""
    digest = hashlib.sha256(repr((RULES, config.k, config.hint_min_score)).encode())
    for folder in (kb.notes_dir, kb.staging_dir):
        digest.update(repr(folder_keys(folder)).encode())  # a file edited this very tick never looks unchanged
    skills = sorted(kb.skills_dir.glob("*/SKILL.md")) if kb.skills_dir.is_dir() else []
    for path in [kb.rejected_path, kb.path_of(INDEX_STAMP_FILE), *skills]:
        digest.update(repr((path.name, _stat(path))).encode())
    return digest.hexdigest()[:16]


def _stat(path):
    try:
        stat = os.stat(path)
        return stat.st_mtime_ns, stat.st_size
    except OSError:
        return None


def _load(kb) -> dict:
    from mage_engine.kb.jsonfiles import read_object

    return read_object(candidates_path(kb)) or {}
